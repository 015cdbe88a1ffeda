//===- RemapLayout.cpp - The local memory of the remap state, defined once -===//
#include "tdrc/TDR/Remap/RemapLayout.h"
#include "tdrc/TDR/Remap/Strategy.h"
#include <algorithm>

namespace tdrc {

unsigned LocalDecl::bytes() const {
  unsigned Elements = 1;
  for (unsigned E : Extents)
    Elements *= E;
  return unsigned(Names.size()) * Elements * ElementBytes;
}

std::vector<LocalDecl> remapLayout(const KernelPlan &Plan) {
  std::vector<LocalDecl> L;
  if (Plan.Rounds.empty())
    return L;
  unsigned WG = Plan.MaxWorkGroupSize;
  bool HoT = false, HoTRegions = false;
  for (const RemapRound &R : Plan.Rounds) {
    HoT |= isHeadOrTailLike(R.Algo);
    HoTRegions |= isHeadOrTailLike(R.Algo) && R.Region >= 0;
  }
  // Every round: the pool of logical IDs (16-bit when the budget asked for
  // it) and the path of each slot.
  if (Plan.ShortIdPool)
    L.push_back({LocalDecl::IdPool, LocalDecl::UShort, {}, 2, {"tdr_pool"},
                 {WG}, "logical @ per slot", 6});
  else
    L.push_back({LocalDecl::IdPool, LocalDecl::UInt, {}, 4, {"tdr_pool"},
                 {WG}, "logical @ per slot", 6});
  L.push_back({LocalDecl::PathOf, LocalDecl::UChar, {}, 1, {"tdr_path_of"},
               {WG}, "its path", 2});
  // Only Head-or-Tail takes slots from a head and a tail, and only its
  // rounds with inactive work-items count them (nvcc warns of unused shared
  // variables).
  if (HoT) {
    LocalDecl C{LocalDecl::Counters, LocalDecl::Int, {}, 4,
                {"tdr_head", "tdr_tail"}, {}};
    if (HoTRegions)
      C.Names.push_back("tdr_ninactive");
    L.push_back(C);
  }
  if (Plan.MaxDgiCounts) {
    if (needsPathIn(Plan))
      L.push_back({LocalDecl::PathIn, LocalDecl::UChar, {}, 1, {"tdr_path_in"},
                   {WG}, "path per physical @ (DGI)", 2});
    L.push_back({LocalDecl::SubCounts, LocalDecl::Int, {}, 4, {"tdr_count"},
                 {Plan.MaxDgiCounts},
                 "per path and neighbourhood: count, then first slot", 2});
  }
  for (const MigrationPool &P : Plan.Pools)
    L.push_back({LocalDecl::Migration, LocalDecl::PoolType, P.Type,
                 P.ElementBytes, {P.Name}, {P.Slots, WG}});
  return L;
}

unsigned migrationPasses(const KernelPlan &Plan, const RemapRound &R) {
  unsigned N = 1;
  for (const LiveVar &L : R.Live)
    if (L.How == LiveVar::Migrate)
      if (unsigned Slots = Plan.Pools[L.Pool].Slots)
        N = std::max(N, (L.FirstSlot + L.Elements + Slots - 1) / Slots);
  return N;
}

unsigned layoutBytes(const std::vector<LocalDecl> &Layout) {
  unsigned Bytes = 0;
  for (const LocalDecl &D : Layout)
    Bytes += D.bytes();
  return Bytes;
}

static const char *scalarType(LocalDecl::Elem E, const Dialect &D) {
  switch (E) {
  case LocalDecl::UInt:
    return D.UInt;
  case LocalDecl::UShort:
    return D.UShort;
  case LocalDecl::UChar:
    return D.UChar;
  default:
    return "int";
  }
}

std::string spellLocalDecl(const LocalDecl &Decl, const Dialect &D,
                           const clang::PrintingPolicy &PP) {
  std::string Declarators;
  for (const std::string &Name : Decl.Names) {
    Declarators += (Declarators.empty() ? "" : ", ") + Name;
    for (unsigned E : Decl.Extents)
      Declarators += "[" + std::to_string(E) + "]";
  }
  std::string Out =
      Decl.Type == LocalDecl::PoolType
          ? D.sharedDecl(Decl.Pool, Declarators, PP) + ";"
          : std::string(D.Shared) + " " + scalarType(Decl.Type, D) + " " +
                Declarators + ";";
  if (*Decl.Comment) {
    Out += std::string(Decl.CommentGap, ' ') + "/* ";
    for (const char *C = Decl.Comment; *C; ++C)
      Out += *C == '@' ? std::string(D.Item) : std::string(1, *C);
    Out += " */";
  }
  return Out;
}

} // namespace tdrc
