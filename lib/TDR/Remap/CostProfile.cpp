//===- CostProfile.cpp - Reading cost profiles; the model's constants ------===//
#include "tdrc/TDR/Remap/CostProfile.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Regex.h"
#include <algorithm>
#include <cmath>

using llvm::StringRef;
namespace json = llvm::json;

namespace tdrc {

namespace {
// A migrated word: store + load (local), calibrated with the round costs
// (Profitability.cpp's header).
constexpr double DefaultPerWord = 8;

/// Builds "File:L:C: error: Msg" errors.  llvm::json keeps no positions, so a
/// semantic error points at the first spelling of the offending key or
/// value in the text (Needle), else at 1:1.
class Diag {
public:
  Diag(StringRef Text, StringRef File) : Text(Text), File(File) {}

  llvm::Error at(unsigned Line, unsigned Col, const llvm::Twine &Msg) const {
    return llvm::createStringError(
        std::errc::invalid_argument, "%s",
        (File + ":" + llvm::Twine(Line) + ":" + llvm::Twine(Col) +
         ": error: " + Msg)
            .str()
            .c_str());
  }
  llvm::Error near(StringRef Needle, const llvm::Twine &Msg) const {
    size_t At = Needle.empty() ? StringRef::npos : Text.find(Needle);
    if (At == StringRef::npos)
      return at(1, 1, Msg);
    StringRef Before = Text.take_front(At);
    size_t LineStart = Before.rfind('\n');
    unsigned Col = LineStart == StringRef::npos ? At + 1 : At - LineStart;
    return at(Before.count('\n') + 1, Col, Msg);
  }
  /// llvm::json's "[L:C, byte=B]: msg": L from 1, C the offset just past
  /// the offending character (so its column from 1), 0 at the very start.
  llvm::Error syntax(llvm::Error E) const {
    std::string M = llvm::toString(std::move(E));
    llvm::SmallVector<StringRef, 4> G;
    if (llvm::Regex("^\\[([0-9]+):([0-9]+), byte=[0-9]+\\]: (.*)$").match(M, &G)) {
      unsigned L = 1, C = 0;
      G[1].getAsInteger(10, L);
      G[2].getAsInteger(10, C);
      return at(L, std::max(C, 1u), "invalid JSON: " + G[3]);
    }
    return at(1, 1, "invalid JSON: " + M);
  }

private:
  StringRef Text, File;
};

std::string quoted(StringRef S) { return ("\"" + S + "\"").str(); }

/// A non-negative finite number at O[Key], if present.
llvm::Error number(const Diag &D, const json::Object &O, StringRef Key,
                   StringRef Where, std::optional<double> &Out) {
  const json::Value *V = O.get(Key);
  if (!V)
    return llvm::Error::success();
  std::optional<double> N = V->getAsNumber();
  if (!N)
    return D.near(quoted(Key), "'" + Where + "." + Key + "' must be a number");
  if (!std::isfinite(*N) || *N < 0)
    return D.near(quoted(Key), "'" + Where + "." + Key +
                                   "' must be a non-negative number");
  Out = *N;
  return llvm::Error::success();
}

llvm::Error strategies(const Diag &D, const json::Object &O, CostProfile &P) {
  for (const auto &[Key, V] : O) {
    std::optional<Algorithm> A = algorithmNamed(Key);
    if (!A)
      return D.near(quoted(Key), "unknown strategy '" + StringRef(Key) +
                                     "' (known: hot, dgi, warp_hot, ballot)");
    const json::Object *S = V.getAsObject();
    if (!S)
      return D.near(quoted(Key), "strategy '" + StringRef(Key) +
                                     "' must be an object");
    for (const auto &[Field, Ignored] : *S)
      if (Field != "cost" && Field != "per_key" && Field != "scatter_price" &&
          Field != "per_word")
        return D.near(quoted(Field),
                      "unknown field '" + StringRef(Field) + "' in strategy '" +
                          StringRef(Key) +
                          "' (known: cost, per_key, scatter_price, per_word)");
    StrategyCosts &C = P.Strategies[*A];
    std::string Where = ("strategies." + StringRef(Key)).str();
    if (llvm::Error E = number(D, *S, "cost", Where, C.Cost))
      return E;
    if (llvm::Error E = number(D, *S, "per_key", Where, C.PerKey))
      return E;
    if (llvm::Error E = number(D, *S, "scatter_price", Where, C.ScatterPrice))
      return E;
    if (llvm::Error E = number(D, *S, "per_word", Where, C.PerWord))
      return E;
  }
  return llvm::Error::success();
}

llvm::Error preferred(const Diag &D, const json::Object &O, CostProfile &P) {
  for (const auto &[Key, V] : O) {
    unsigned Paths = 0;
    if (StringRef(Key).getAsInteger(10, Paths) || Paths < 2)
      return D.near(quoted(Key), "'preferred' keys are path counts (2 or more), "
                                 "not '" + StringRef(Key) + "'");
    std::optional<StringRef> Name = V.getAsString();
    std::optional<Algorithm> A = Name ? algorithmNamed(*Name) : std::nullopt;
    if (!A)
      return D.near(quoted(Key), "'preferred." + StringRef(Key) +
                                     "' must name a strategy (hot, dgi, "
                                     "warp_hot or ballot)");
    if (Paths > 2 && isHeadOrTailLike(*A))
      return D.near(quoted(Key), "'preferred." + StringRef(Key) + "': " +
                                     algorithmKeyword(*A) +
                                     " takes two paths only");
    P.Preferred[Paths] = *A;
  }
  return llvm::Error::success();
}
} // namespace

llvm::Expected<CostProfile> parseCostProfile(StringRef Text, StringRef File) {
  Diag D(Text, File);
  llvm::Expected<json::Value> V = json::parse(Text);
  if (!V)
    return D.syntax(V.takeError());
  const json::Object *O = V->getAsObject();
  if (!O)
    return D.at(1, 1, "a cost profile is a JSON object");
  std::optional<int64_t> Version = O->getInteger("tdrc-cost-profile");
  if (!Version)
    return D.near("\"tdrc-cost-profile\"",
                  "not a cost profile: \"tdrc-cost-profile\": 1 is missing");
  if (*Version != CostProfile::FormatVersion)
    return D.near("\"tdrc-cost-profile\"",
                  "cost profile version " + llvm::Twine(*Version) +
                      " is not supported (this tdrc reads version 1)");
  CostProfile P;
  for (const auto &[Key, Ignored] : *O)
    if (Key != "tdrc-cost-profile" && Key != "device" && Key != "api" &&
        Key != "strategies" && Key != "preferred" && Key != "calibration")
      return D.near(quoted(Key), "unknown field '" + StringRef(Key) + "'");
  std::optional<StringRef> Device = O->getString("device");
  if (!Device || Device->empty())
    return D.near("\"device\"", "'device' must be a non-empty string");
  P.Device = Device->str();
  std::optional<StringRef> Api = O->getString("api");
  if (!Api || (*Api != "opencl" && *Api != "cuda"))
    return D.near("\"api\"", "'api' must be \"opencl\" or \"cuda\"");
  P.Cuda = *Api == "cuda";
  if (const json::Value *S = O->get("strategies")) {
    const json::Object *SO = S->getAsObject();
    if (!SO)
      return D.near("\"strategies\"", "'strategies' must be an object");
    if (llvm::Error E = strategies(D, *SO, P))
      return E;
  }
  if (const json::Value *Pr = O->get("preferred")) {
    const json::Object *PO = Pr->getAsObject();
    if (!PO)
      return D.near("\"preferred\"", "'preferred' must be an object");
    if (llvm::Error E = preferred(D, *PO, P))
      return E;
  }
  return P;
}

llvm::Expected<CostProfile> loadCostProfile(StringRef Path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> B =
      llvm::MemoryBuffer::getFile(Path, /*IsText=*/true);
  if (!B)
    return Diag("", Path).at(1, 1, "cannot read cost profile: " +
                                       B.getError().message());
  return parseCostProfile((*B)->getBuffer(), Path);
}

const StrategyCosts *CostModel::given(Algorithm A) const {
  if (!P)
    return nullptr;
  auto It = P->Strategies.find(A);
  return It == P->Strategies.end() ? nullptr : &It->second;
}

double CostModel::roundCost(Algorithm A, unsigned Keys) const {
  const RemapStrategy &St = strategyOf(A);
  const StrategyCosts *G = given(A);
  double Cost = Cuda ? St.CudaCost : St.Cost;
  double PerKey = Cuda ? St.CudaPerKey : St.PerKey;
  if (G && G->Cost)
    Cost = *G->Cost;
  if (G && G->PerKey)
    PerKey = *G->PerKey;
  return Cost + PerKey * Keys;
}

double CostModel::perWord(Algorithm A) const {
  const StrategyCosts *G = given(A);
  return G && G->PerWord ? *G->PerWord : DefaultPerWord;
}

double CostModel::scatterPrice(Algorithm A) const {
  const StrategyCosts *G = given(A);
  return G && G->ScatterPrice ? *G->ScatterPrice : strategyOf(A).ScatterPrice;
}

std::optional<Algorithm> CostModel::preferred(unsigned Paths) const {
  if (!P || P->Preferred.empty())
    return std::nullopt;
  auto It = P->Preferred.upper_bound(Paths); // first count > Paths
  return It == P->Preferred.begin() ? It->second : std::prev(It)->second;
}

} // namespace tdrc
