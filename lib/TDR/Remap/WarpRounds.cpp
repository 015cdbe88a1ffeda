//===- WarpRounds.cpp - CUDA rounds built from warp intrinsics -------------===//
//
// Two variants beyond the paper, for CUDA:
//
// Head-or-Tail with warp-aggregated atomics: each warp ballots its path-1
// and path-0 threads; the lowest lane of each set takes that many slots with
// one atomic on the head (the tail) and the others get theirs by their rank
// in the ballot.  One atomic per warp and path instead of one per thread, so
// the head and tail no longer serialise a whole block.
//
// Ballot partition: per warp, one ballot per bit of the key; ANDing them
// (or their complements) gives the lanes of any key, so a thread's rank is
// the number of its key's lanes below it and lane k stores key k's count.
// The first warp scans the counts over (key, warp) with shuffles; a thread's
// slot is its cell's offset plus its rank.  That is DGI with a warp as the
// neighbourhood and no rank loop and no atomics, and stable like DGI.
// ceil(log2 K) ballots instead of one per key: on the H100 the round got
// faster at long paths with 5 and 9 keys, a little slower at short paths
// with 5 (docs/benchmarks.md, "The ballot round with a ballot per key bit").
//
// Masks are explicit (the lanes of the warp that exist in this block, from
// the block size), never __activemask(): every thread of the block reaches
// the round (inactive ones carry the inactive key), so a full warp calls
// each intrinsic together.  The warp of a thread is its linear ID / 32, as
// CUDA forms warps.
//
//===----------------------------------------------------------------------===//
#include "RoundCode.h"
#include "tdrc/TDR/Remap/RemapCode.h"

namespace tdrc {

namespace {

/// My warp's existing lanes (tdr_wmask) and the lanes below mine (tdr_lt).
void warpLanes(CodeBuilder &B) {
  B.line("const unsigned tdr_wn = tdr_wgsize - (tdr_plid & ~31u), "
         "tdr_wmask = tdr_wn >= 32u ? 0xffffffffu : (1u << tdr_wn) - 1u;");
  B.line("const unsigned tdr_lt = (1u << (tdr_plid & 31u)) - 1u;");
}

/// Takes Count slots for the threads in Mask with one atomic (Atomic, on
/// the lowest lane) and broadcasts the old value to them as Base.
void aggregated(CodeBuilder &B, const std::string &Mask,
                const std::string &Base, const std::string &Atomic) {
  std::string Lead = Base + "_lead";
  B.line("const int " + Lead + " = " + Mask + " ? __ffs(" + Mask + ") - 1 : 0;");
  B.line("int " + Base + " = 0;");
  B.line("if (" + Mask + " && (int)(tdr_plid & 31u) == " + Lead + ") " + Base +
         " = " + Atomic + ";");
  B.line(Base + " = __shfl_sync(tdr_wmask, " + Base + ", " + Lead + ");");
}

/// Lanes of my warp whose key is Key: the AND over the key's bits of the
/// bit's ballot tdr_m[b] or its complement.
void lanesOfKey(CodeBuilder &B, const std::string &Var, const std::string &Key,
                const std::string &Bits) {
  B.line("unsigned " + Var + " = tdr_wmask;");
  B.line("for (unsigned tdr_b = 0u; tdr_b < " + Bits + "; ++tdr_b) " + Var +
         " &= (" + Key + " >> tdr_b) & 1u ? tdr_m[tdr_b] : ~tdr_m[tdr_b];");
}

} // namespace

std::string warpHeadOrTail(const KernelPlan &Plan, const RemapRound &R,
                           const std::vector<std::string> &Recompute,
                           const std::string &Where, const std::string &I,
                           const Dialect &D) {
  bool Region = R.Region >= 0;
  std::string On = enabledFlag(R);
  std::string Active = Region ? "tdr_active && " : "";
  CodeBuilder B(I);
  B.open("{ /* tdrc: round " + std::to_string(R.Index) +
         ", Head-or-Tail regrouping of " + D.Items +
         " by path, one atomic per warp and path, for the branch at " + Where +
         " */");
  emitHeadOrTailReset(B, R, D);
  if (Region) {
    B.open("if (" + On + ") { /* inactive threads: the last slots */");
    warpLanes(B);
    B.line("const unsigned tdr_mi = __ballot_sync(tdr_wmask, !tdr_active);");
    aggregated(B, "tdr_mi", "tdr_bi",
               "atomicAdd(&tdr_ninactive, __popc(tdr_mi))");
    B.line("tdr_rank = tdr_bi + __popc(tdr_mi & tdr_lt);");
    B.close();
    B.line(D.barrier(false));
  }
  B.open("if (" + On + ") {");
  warpLanes(B);
  B.line("const unsigned tdr_m1 = __ballot_sync(tdr_wmask, " + Active +
         "tdr_path != 0);");
  B.line("const unsigned tdr_m0 = __ballot_sync(tdr_wmask, " + Active +
         "tdr_path == 0);");
  aggregated(B, "tdr_m1", "tdr_b1", "atomicAdd(&tdr_head, __popc(tdr_m1))");
  aggregated(B, "tdr_m0", "tdr_b0", "atomicSub(&tdr_tail, __popc(tdr_m0))");
  B.line("int tdr_pos;");
  std::string Taken = "if (tdr_path) tdr_pos = tdr_b1 + __popc(tdr_m1 & tdr_lt);";
  if (Region) {
    B.line("if (!tdr_active) tdr_pos = (int)tdr_wgsize - 1 - tdr_rank; "
           "/* inactive: the last slots */");
    B.line("else " + Taken);
  } else {
    B.line(Taken);
  }
  B.line("else tdr_pos = tdr_b0 - __popc(tdr_m0 & tdr_lt)" +
         std::string(Region ? " - tdr_ninactive" : "") + ";");
  emitHeadOrTailSlotAndHandOver(B, Plan, R, Recompute, D);
  return B.str();
}

std::string ballotPartition(const KernelPlan &Plan, const RemapRound &R,
                            const std::vector<std::string> &Recompute,
                            const std::string &Where, const std::string &I,
                            const Dialect &D) {
  bool Region = R.Region >= 0;
  std::string On = enabledFlag(R);
  unsigned Keys = R.Paths + (Region ? 1 : 0);
  std::string KeysU = std::to_string(Keys) + "u";
  std::string G = std::to_string(dgiGroups(Plan.MaxWorkGroupSize, WarpSize)) + "u";
  std::string Key = Region ? "tdr_active ? (unsigned)tdr_path : " +
                                 std::to_string(inactivePath(R)) + "u"
                           : std::string("(unsigned)tdr_path");
  unsigned NBits = 1;
  while ((1u << NBits) < Keys)
    ++NBits;
  std::string Bits = std::to_string(NBits) + "u";
  std::string Count = " * " + G + " + (tdr_plid >> 5)] = __popc(tdr_s);";
  CodeBuilder B(I);
  B.open("{ /* tdrc: round " + std::to_string(R.Index) +
         ", ballot partition of " + D.Items + " over " +
         std::to_string(R.Paths) + " paths (per warp, stable) for the branch at " +
         Where + " */");
  B.open("if (" + On + ") { /* per warp: a ballot per bit of the key; my "
         "rank, and lane k stores key k's count */");
  warpLanes(B);
  B.line("const unsigned tdr_p = " + Key + ";");
  B.line("unsigned tdr_m[" + std::to_string(NBits) + "];");
  B.line("for (unsigned tdr_b = 0u; tdr_b < " + Bits +
         "; ++tdr_b) tdr_m[tdr_b] = __ballot_sync(tdr_wmask, (tdr_p >> tdr_b) & "
         "1u);");
  lanesOfKey(B, "tdr_same", "tdr_p", Bits);
  B.line("tdr_rank = __popc(tdr_same & tdr_lt);");
  // Lane k stores keys k, k + 32, ...: one pass for up to 32 keys.  The
  // block's last warp may lack lanes; its first lanes take the keys of the
  // missing ones.
  B.open("for (unsigned tdr_k = tdr_plid & 31u; tdr_k < " + KeysU +
         "; tdr_k += 32u) {");
  lanesOfKey(B, "tdr_s", "tdr_k", Bits);
  B.line("tdr_count[tdr_k" + Count);
  B.close();
  B.nest("if (tdr_wn < 32u)");
  B.nest("for (unsigned tdr_k = tdr_wn + (tdr_plid & 31u); tdr_k < " + KeysU +
         "; tdr_k += tdr_wn)");
  B.open("if (tdr_k % 32u >= tdr_wn) {");
  lanesOfKey(B, "tdr_s", "tdr_k", Bits);
  B.line("tdr_count[tdr_k" + Count);
  B.close().unnest().unnest();
  B.close();
  B.line(D.barrier(false));
  B.open("if (" + On + " && tdr_plid < 32u) { /* the first warp: exclusive "
         "scan over (key, warp) */");
  B.line("const unsigned tdr_nw = (tdr_wgsize + 31u) >> 5, tdr_cells = " +
         KeysU + " * tdr_nw;");
  B.line("const unsigned tdr_wn = tdr_wgsize < 32u ? tdr_wgsize : 32u, "
         "tdr_wmask = tdr_wn == 32u ? 0xffffffffu : (1u << tdr_wn) - 1u;");
  B.line("int tdr_sum = 0;");
  B.open("for (unsigned tdr_c0 = 0u; tdr_c0 < tdr_cells; tdr_c0 += tdr_wn) {");
  B.line("const unsigned tdr_c = tdr_c0 + tdr_plid;");
  B.line("const unsigned tdr_at = tdr_c / tdr_nw * " + G + " + tdr_c % tdr_nw;");
  B.line("const int tdr_v = tdr_c < tdr_cells ? tdr_count[tdr_at] : 0;");
  B.line("int tdr_x = tdr_v; /* inclusive scan over the lanes */");
  B.open("for (unsigned tdr_d = 1u; tdr_d < tdr_wn; tdr_d <<= 1) {");
  B.line("const int tdr_y = __shfl_up_sync(tdr_wmask, tdr_x, tdr_d);");
  B.line("if (tdr_plid >= tdr_d) tdr_x += tdr_y;");
  B.close();
  B.line("if (tdr_c < tdr_cells) tdr_count[tdr_at] = tdr_sum + tdr_x - tdr_v;");
  B.line("tdr_sum += __shfl_sync(tdr_wmask, tdr_x, tdr_wn - 1u);");
  B.close();
  B.close();
  B.line(D.barrier(false));
  B.open("if (" + On + ") {");
  B.line("const unsigned tdr_p = " + Key + ";");
  B.line("const int tdr_pos = tdr_count[tdr_p * " + G +
         " + (tdr_plid >> 5)] + tdr_rank;");
  emitStableSlotAndHandOver(B, Plan, R, Recompute, D);
  return B.str();
}

} // namespace tdrc
