//===- KernelUsage.cpp - Parsing `ptxas -v`; the static estimate ----------===//
//
// ptxas prints, per function (CUDA 13.0, sm_90):
//   ptxas info    : Compiling entry function 'NAME' for 'sm_90'
//   ptxas info    : Function properties for NAME
//       0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
//   ptxas info    : Used 12 registers, used 1 barriers, 1024 bytes smem
// Older releases and other targets add "N bytes cmem[0]", leave out the
// barriers, or write "A+B bytes smem"; device functions get properties but
// no "Used" line.  The parser keys on the phrases, not on the layout.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/KernelUsage.h"

#include <algorithm>
#include <cctype>
#include <sstream>

namespace tdrc {

namespace {

bool isDigit(char C) { return C >= '0' && C <= '9'; }

/// The number that ends just before Pos in Line ("...A+B" sums), or nullopt.
std::optional<unsigned> numberEndingAt(const std::string &Line, size_t Pos) {
  size_t End = Pos;
  while (End > 0 && Line[End - 1] == ' ')
    --End;
  size_t Begin = End;
  while (Begin > 0 && (isDigit(Line[Begin - 1]) || Line[Begin - 1] == '+'))
    --Begin;
  if (Begin == End)
    return std::nullopt;
  unsigned long Sum = 0, Cur = 0;
  bool Any = false;
  for (size_t I = Begin; I <= End; ++I) {
    if (I < End && isDigit(Line[I])) {
      Cur = Cur * 10 + unsigned(Line[I] - '0');
      Any = true;
      if (Cur > 0xffffffffUL)
        return std::nullopt;
    } else {
      Sum += Cur;
      Cur = 0;
    }
  }
  if (!Any || Sum > 0xffffffffUL)
    return std::nullopt;
  return unsigned(Sum);
}

/// The number before Phrase in Line, if Line has Phrase.
std::optional<unsigned> numberBefore(const std::string &Line,
                                     const char *Phrase) {
  size_t Pos = Line.find(Phrase);
  if (Pos == std::string::npos)
    return std::nullopt;
  return numberEndingAt(Line, Pos);
}

/// The function a line starts the block of, or "".
std::string blockStart(const std::string &Line, bool &IsEntry) {
  static const char Entry[] = "Compiling entry function '";
  static const char Props[] = "Function properties for ";
  size_t P = Line.find(Entry);
  if (P != std::string::npos) {
    size_t B = P + sizeof(Entry) - 1, E = Line.find('\'', B);
    IsEntry = true;
    return E == std::string::npos ? std::string() : Line.substr(B, E - B);
  }
  P = Line.find(Props);
  if (P != std::string::npos) {
    size_t B = P + sizeof(Props) - 1, E = B;
    while (E < Line.size() && !std::isspace((unsigned char)Line[E]))
      ++E;
    IsEntry = false;
    return Line.substr(B, E - B);
  }
  return std::string();
}

struct Block {
  std::string Name;
  KernelUsage Usage;
  bool HasRegisters = false;
};

std::vector<Block> parseBlocks(const std::string &Text) {
  std::vector<Block> Blocks;
  std::istringstream In(Text);
  std::string Line;
  while (std::getline(In, Line)) {
    bool IsEntry = false;
    std::string Name = blockStart(Line, IsEntry);
    // "Function properties for X" right after "Compiling entry function 'X'"
    // continues X's block.
    if (!Name.empty() && (Blocks.empty() || Blocks.back().Name != Name ||
                          (IsEntry && Blocks.back().HasRegisters)))
      Blocks.push_back(Block{Name, KernelUsage(), false});
    if (Blocks.empty())
      continue;
    KernelUsage &U = Blocks.back().Usage;
    if (auto N = numberBefore(Line, " register")) {
      if (Line.find("Used ") != std::string::npos) {
        U.Registers = *N;
        Blocks.back().HasRegisters = true;
      }
    }
    if (auto N = numberBefore(Line, " bytes smem"))
      U.SharedBytes = *N;
    if (auto N = numberBefore(Line, " bytes stack frame"))
      U.StackFrameBytes = *N;
    if (auto N = numberBefore(Line, " bytes spill stores"))
      U.SpillStoreBytes = *N;
    if (auto N = numberBefore(Line, " bytes spill loads"))
      U.SpillLoadBytes = *N;
  }
  return Blocks;
}

} // namespace

std::vector<std::pair<std::string, KernelUsage>>
parsePtxasVerboseAll(const std::string &Text) {
  std::vector<std::pair<std::string, KernelUsage>> Out;
  for (const Block &B : parseBlocks(Text)) {
    if (!B.HasRegisters)
      continue; // a device function, or a block cut off
    bool Seen = std::any_of(Out.begin(), Out.end(),
                            [&](const auto &E) { return E.first == B.Name; });
    if (!Seen) // several targets: the first one's figures
      Out.emplace_back(B.Name, B.Usage);
  }
  return Out;
}

std::optional<KernelUsage> parsePtxasVerbose(const std::string &Text,
                                             const std::string &Entry) {
  for (auto &E : parsePtxasVerboseAll(Text))
    if (Entry.empty() || E.first == Entry)
      return E.second;
  return std::nullopt;
}

std::string ptxTarget(const std::string &PtxText) {
  std::istringstream In(PtxText);
  std::string Line;
  while (std::getline(In, Line)) {
    size_t P = Line.find_first_not_of(" \t");
    if (P == std::string::npos || Line.compare(P, 7, ".target") != 0)
      continue;
    P = Line.find("sm_", P);
    if (P == std::string::npos)
      return std::string();
    size_t E = P + 3;
    while (E < Line.size() && std::isalnum((unsigned char)Line[E]))
      ++E;
    return Line.substr(P, E - P);
  }
  return std::string();
}

KernelUsage estimateUsage(unsigned LiveWords, unsigned StaticLocalBytes,
                          unsigned MaxRegs) {
  KernelUsage U;
  unsigned long R = (unsigned long)EstimateBaseRegisters + LiveWords;
  U.Registers = unsigned(std::min<unsigned long>(R, MaxRegs));
  U.SharedBytes = StaticLocalBytes;
  U.Source = "estimate";
  return U;
}

unsigned estimateRegistersAfterRemap(unsigned Before, const RemapShape &S,
                                     unsigned MaxRegs) {
  if (S.HotRounds == 0 && S.DgiRounds == 0)
    return std::min(Before, MaxRegs);
  unsigned Dims = std::max(1u, std::min(S.Dims, 3u));
  unsigned long Floor = 0;
  if (S.HotRounds)
    Floor = HotRoundFloorRegisters +
            (unsigned long)HotExtraRoundRegisters * (S.HotRounds - 1) +
            ExtraDimRegisters * (Dims - 1);
  if (S.DgiRounds) // measured only at the limit; dimensions not separable
    Floor = std::max<unsigned long>(Floor, DgiFloorRegisters);
  unsigned long R = std::max<unsigned long>(
      (unsigned long)Before + RemapMarginRegisters, Floor);
  return unsigned(std::min<unsigned long>(R, MaxRegs));
}

} // namespace tdrc
