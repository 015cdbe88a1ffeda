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
std::string warpLanes(const std::string &K) {
  return K + "const unsigned tdr_wn = tdr_wgsize - (tdr_plid & ~31u), "
             "tdr_wmask = tdr_wn >= 32u ? 0xffffffffu : (1u << tdr_wn) - 1u;\n" +
         K + "const unsigned tdr_lt = (1u << (tdr_plid & 31u)) - 1u;\n";
}

/// Takes Count slots for the threads in Mask with one atomic (Atomic, on
/// the lowest lane) and broadcasts the old value to them as Base.
std::string aggregated(const std::string &K, const std::string &Mask,
                       const std::string &Base, const std::string &Atomic) {
  std::string Lead = Base + "_lead";
  return K + "const int " + Lead + " = " + Mask + " ? __ffs(" + Mask +
         ") - 1 : 0;\n" + K + "int " + Base + " = 0;\n" + K + "if (" + Mask +
         " && (int)(tdr_plid & 31u) == " + Lead + ") " + Base + " = " + Atomic +
         ";\n" + K + Base + " = __shfl_sync(tdr_wmask, " + Base + ", " + Lead +
         ");\n";
}

/// Lanes of my warp whose key is Key: the AND over the key's bits of the
/// bit's ballot tdr_m[b] or its complement.
std::string lanesOfKey(const std::string &K, const std::string &Var,
                       const std::string &Key, const std::string &Bits) {
  return K + "unsigned " + Var + " = tdr_wmask;\n" + K +
         "for (unsigned tdr_b = 0u; tdr_b < " + Bits + "; ++tdr_b) " + Var +
         " &= (" + Key + " >> tdr_b) & 1u ? tdr_m[tdr_b] : ~tdr_m[tdr_b];\n";
}

} // namespace

std::string warpHeadOrTail(const KernelPlan &Plan, const RemapRound &R,
                           const std::vector<std::string> &Recompute,
                           const std::string &Where, const std::string &I,
                           const Dialect &D) {
  bool Region = R.Region >= 0;
  std::string J = I + "  ", K = I + "    ";
  std::string Active = Region ? "tdr_active && " : "";
  std::string S;
  S += I + "{ /* tdrc: round " + std::to_string(R.Index) +
       ", Head-or-Tail regrouping of " + D.Items +
       " by path, one atomic per warp and path, for the branch at " + Where +
       " */\n";
  S += J + "if (" + enabledFlag(R) + " && tdr_plid == 0u) { tdr_head = 0; tdr_tail = "
           "(int)tdr_wgsize - 1;" +
       std::string(Region ? " tdr_ninactive = 0;" : "") + " }\n";
  S += J + D.barrier(false) + "\n";
  if (Region) {
    S += J + "if (" + enabledFlag(R) + ") { /* inactive threads: the last slots */\n";
    S += warpLanes(K);
    S += K + "const unsigned tdr_mi = __ballot_sync(tdr_wmask, !tdr_active);\n";
    S += aggregated(K, "tdr_mi", "tdr_bi",
                    "atomicAdd(&tdr_ninactive, __popc(tdr_mi))");
    S += K + "tdr_rank = tdr_bi + __popc(tdr_mi & tdr_lt);\n";
    S += J + "}\n";
    S += J + D.barrier(false) + "\n";
  }
  S += J + "if (" + enabledFlag(R) + ") {\n";
  S += warpLanes(K);
  S += K + "const unsigned tdr_m1 = __ballot_sync(tdr_wmask, " + Active +
       "tdr_path != 0);\n";
  S += K + "const unsigned tdr_m0 = __ballot_sync(tdr_wmask, " + Active +
       "tdr_path == 0);\n";
  S += aggregated(K, "tdr_m1", "tdr_b1", "atomicAdd(&tdr_head, __popc(tdr_m1))");
  S += aggregated(K, "tdr_m0", "tdr_b0", "atomicSub(&tdr_tail, __popc(tdr_m0))");
  S += K + "int tdr_pos;\n";
  if (Region)
    S += K + "if (!tdr_active) tdr_pos = (int)tdr_wgsize - 1 - tdr_rank; "
             "/* inactive: the last slots */\n" +
         K + "else ";
  else
    S += K;
  S += "if (tdr_path) tdr_pos = tdr_b1 + __popc(tdr_m1 & tdr_lt);\n";
  S += K + "else tdr_pos = tdr_b0 - __popc(tdr_m0 & tdr_lt)" +
       std::string(Region ? " - tdr_ninactive" : "") + ";\n";
  S += K + "tdr_pool[tdr_pos] = tdr_lid;\n";
  S += K + "tdr_path_of[tdr_pos] = (" + D.UChar +
       (Region ? ")(tdr_active ? tdr_path : 2);\n" : ")tdr_path;\n");
  emitSaves(S, Plan, R, K);
  S += J + "}\n";
  emitHandOver(S, Plan, R, Recompute, enabledFlag(R), J, D);
  S += I + "}\n";
  return S;
}

std::string ballotPartition(const KernelPlan &Plan, const RemapRound &R,
                            const std::vector<std::string> &Recompute,
                            const std::string &Where, const std::string &I,
                            const Dialect &D) {
  bool Region = R.Region >= 0;
  std::string J = I + "  ", K = I + "    ", L = I + "      ";
  unsigned Keys = R.Paths + (Region ? 1 : 0);
  std::string KeysU = std::to_string(Keys) + "u";
  std::string G = std::to_string(dgiGroups(Plan.MaxWorkGroupSize, WarpSize)) + "u";
  std::string Key = Region ? "tdr_active ? (unsigned)tdr_path : " +
                                 std::to_string(inactivePath(R)) + "u"
                           : std::string("(unsigned)tdr_path");
  std::string S;
  S += I + "{ /* tdrc: round " + std::to_string(R.Index) +
       ", ballot partition of " + D.Items + " over " +
       std::to_string(R.Paths) + " paths (per warp, stable) for the branch at " +
       Where + " */\n";
  unsigned NBits = 1;
  while ((1u << NBits) < Keys)
    ++NBits;
  std::string Bits = std::to_string(NBits) + "u";
  std::string Cell = " * " + G + " + (tdr_plid >> 5)] = __popc(tdr_s);\n";
  S += J + "if (" + enabledFlag(R) + ") { /* per warp: a ballot per bit of the key; my "
           "rank, and lane k stores key k's count */\n";
  S += warpLanes(K);
  S += K + "const unsigned tdr_p = " + Key + ";\n";
  S += K + "unsigned tdr_m[" + std::to_string(NBits) + "];\n";
  S += K + "for (unsigned tdr_b = 0u; tdr_b < " + Bits +
       "; ++tdr_b) tdr_m[tdr_b] = __ballot_sync(tdr_wmask, (tdr_p >> tdr_b) & "
       "1u);\n";
  S += lanesOfKey(K, "tdr_same", "tdr_p", Bits);
  S += K + "tdr_rank = __popc(tdr_same & tdr_lt);\n";
  // Lane k stores keys k, k + 32, ...: one pass for up to 32 keys.  The
  // block's last warp may lack lanes; its first lanes take the keys of the
  // missing ones.
  S += K + "for (unsigned tdr_k = tdr_plid & 31u; tdr_k < " + KeysU +
       "; tdr_k += 32u) {\n";
  S += lanesOfKey(L, "tdr_s", "tdr_k", Bits);
  S += L + "tdr_count[tdr_k" + Cell;
  S += K + "}\n";
  S += K + "if (tdr_wn < 32u)\n";
  S += L + "for (unsigned tdr_k = tdr_wn + (tdr_plid & 31u); tdr_k < " + KeysU +
       "; tdr_k += tdr_wn)\n";
  S += L + "  if (tdr_k % 32u >= tdr_wn) {\n";
  S += lanesOfKey(L + "    ", "tdr_s", "tdr_k", Bits);
  S += L + "    tdr_count[tdr_k" + Cell;
  S += L + "  }\n";
  S += J + "}\n";
  S += J + D.barrier(false) + "\n";
  S += J + "if (" + enabledFlag(R) + " && tdr_plid < 32u) { /* the first warp: exclusive "
           "scan over (key, warp) */\n";
  S += K + "const unsigned tdr_nw = (tdr_wgsize + 31u) >> 5, tdr_cells = " +
       KeysU + " * tdr_nw;\n";
  S += K + "const unsigned tdr_wn = tdr_wgsize < 32u ? tdr_wgsize : 32u, "
           "tdr_wmask = tdr_wn == 32u ? 0xffffffffu : (1u << tdr_wn) - 1u;\n";
  S += K + "int tdr_sum = 0;\n";
  S += K + "for (unsigned tdr_c0 = 0u; tdr_c0 < tdr_cells; tdr_c0 += tdr_wn) "
           "{\n";
  S += L + "const unsigned tdr_c = tdr_c0 + tdr_plid;\n";
  S += L + "const unsigned tdr_at = tdr_c / tdr_nw * " + G +
       " + tdr_c % tdr_nw;\n";
  S += L + "const int tdr_v = tdr_c < tdr_cells ? tdr_count[tdr_at] : 0;\n";
  S += L + "int tdr_x = tdr_v; /* inclusive scan over the lanes */\n";
  S += L + "for (unsigned tdr_d = 1u; tdr_d < tdr_wn; tdr_d <<= 1) {\n";
  S += L + "  const int tdr_y = __shfl_up_sync(tdr_wmask, tdr_x, tdr_d);\n";
  S += L + "  if (tdr_plid >= tdr_d) tdr_x += tdr_y;\n";
  S += L + "}\n";
  S += L + "if (tdr_c < tdr_cells) tdr_count[tdr_at] = tdr_sum + tdr_x - "
           "tdr_v;\n";
  S += L + "tdr_sum += __shfl_sync(tdr_wmask, tdr_x, tdr_wn - 1u);\n";
  S += K + "}\n";
  S += J + "}\n";
  S += J + D.barrier(false) + "\n";
  S += J + "if (" + enabledFlag(R) + ") {\n";
  S += K + "const unsigned tdr_p = " + Key + ";\n";
  S += K + "const int tdr_pos = tdr_count[tdr_p * " + G +
       " + (tdr_plid >> 5)] + tdr_rank;\n";
  emitStableSlotAndHandOver(S, Plan, R, Recompute, I, D);
  return S;
}

} // namespace tdrc
