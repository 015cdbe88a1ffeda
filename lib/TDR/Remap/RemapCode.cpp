//===- RemapCode.cpp - Prologue and the parts every remap round shares ----===//
#include "tdrc/TDR/Remap/RemapCode.h"
#include "tdrc/TDR/Remap/RemapLayout.h"
#include "FeedbackCode.h"
#include "RoundCode.h"
#include "tdrc/Rewriter/CodeBuilder.h"
#include "clang/AST/ASTContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tdrc {

std::string roundSwitch(const RemapRound &R) {
  return "tdr_on" + std::to_string(R.Index);
}

std::string enabledFlag(const RemapRound &R) {
  // A round that may not pay runs under its own uniform switch: where it is
  // off, no work-item moves and each keeps its own path.
  return R.PaysIf.empty() ? "tdr_enabled" : roundSwitch(R);
}

std::string redirectedId(bool Global, unsigned Dim) {
  return (Global ? "tdr_gid" : "tdr_lid") + std::to_string(Dim);
}

std::string remapSwitches(const KernelPlan &Plan, const std::string &I,
                          const Dialect &D) {
  std::string WG = std::to_string(Plan.MaxWorkGroupSize), UInt = D.UInt;
  CodeBuilder B(I);
  B.line(RewrittenMarker + std::string(", shared by ") +
         std::to_string(Plan.Rounds.size()) + " round(s), for " + D.Groups +
         " of up to " + WG + " " + D.Items + " */");
  // The model's condition first: where it fails (the fallback), nothing else
  // is computed, not even the work-group size (measured: a few percent of a
  // kernel with short paths).
  for (const RemapRound &R : Plan.Rounds)
    if (!R.PaysIf.empty())
      B.line("const int " + roundSwitch(R) + " = " + R.PaysIf + " && (" +
             UInt + ")(" + D.localSize(0) + " * " + D.localSize(1) + " * " +
             D.localSize(2) + ") <= " + WG + "u; /* round " +
             std::to_string(R.Index) +
             " pays for itself (tdrc's profitability model), at this size */");
  return B.str();
}

std::string keyType(const KernelPlan &Plan, const ASTContext &Ctx) {
  return Plan.KeyType.getAsString(Ctx.getPrintingPolicy());
}

std::string remapState(const KernelPlan &Plan, const ASTContext &Ctx,
                       const std::string &I, const Dialect &D) {
  std::string WG = std::to_string(Plan.MaxWorkGroupSize), UInt = D.UInt;
  bool Regions = false, Keys = false;
  for (const RemapRound &R : Plan.Rounds) {
    Regions |= R.Region >= 0;
    for (const LiveVar &L : R.Live)
      Keys |= !L.Var;
  }
  CodeBuilder B(I);
  B.append(feedbackMacros(Plan)); // --feedback: TDR_NEIGHBORS
  // The work-group memory, as the budget counted it.
  for (const LocalDecl &L : remapLayout(Plan))
    B.line(spellLocalDecl(L, D, Ctx.getPrintingPolicy()));
  std::string Size = "(" + UInt + ")(" + D.localSize(0) + " * " +
                     D.localSize(1) + " * " + D.localSize(2) + ")";
  B.line("const " + UInt + " tdr_wgsize = " + Size + ";");
  // Rounds under a switch test it instead (it holds the size test too).
  bool Unswitched = false;
  for (const RemapRound &R : Plan.Rounds)
    Unswitched |= R.PaysIf.empty();
  if (Unswitched)
    B.line("const int tdr_enabled = tdr_wgsize <= " + WG +
           "u; /* larger groups run unremapped */");
  B.line("const " + UInt + " tdr_plid = (" + UInt + ")(" + D.localId(0) +
         " + " + D.localSize(0) + " * (" + D.localId(1) + " + " +
         D.localSize(1) + " * " + D.localId(2) + "));");
  B.line(UInt + " tdr_lid = tdr_plid; /* logical flat local ID */");
  for (unsigned Dim = 0; Dim < Plan.Dims; ++Dim)
    B.line(D.IdType + std::string(" ") + redirectedId(false, Dim) + " = " +
           D.localId(Dim) +
           (D.GlobalIds ? ", " + redirectedId(true, Dim) + " = " + D.globalId(Dim)
                        : std::string()) +
           ";");
  B.line("int tdr_path = 0" + std::string(Regions ? ", tdr_active = 1" : "") +
         ";");
  if (Regions || Plan.MaxDgiCounts) // a rank that outlives a barrier
    B.line("int tdr_rank = 0;");
  if (Keys)
    B.line(keyType(Plan, Ctx) +
           " tdr_key = 0; /* a switch's value, moved with its " + D.Item + " */");
  return B.str();
}

static std::string slot(const KernelPlan &P, const LiveVar &L, const char *Index,
                 const std::string &Elem) {
  return P.Pools[L.Pool].Name + "[" + std::to_string(L.FirstSlot) + Elem +
         "][" + Index + "]";
}

/// `slot = var;` (Save) or `var = slot;`, looping over array elements.
static std::string moveLine(const KernelPlan &P, const LiveVar &L, bool Save,
                     const char *Index) {
  std::string Var = L.name();
  // An array moves element by element, even with one element (`int v[1]`).
  if (L.Elements == 1 && !(L.Var && L.Var->getType()->isArrayType())) {
    std::string Slot = slot(P, L, Index, "");
    return Save ? Slot + " = " + Var + ";" : Var + " = " + Slot + ";";
  }
  std::string Slot = slot(P, L, Index, " + tdr_k");
  std::string Elem = Var + "[tdr_k]";
  return "for (int tdr_k = 0; tdr_k < " + std::to_string(L.Elements) +
         "; ++tdr_k) " + (Save ? Slot + " = " + Elem : Elem + " = " + Slot) +
         ";";
}

/// Lines, inside `if (tdr_active)` for regions.
static void block(std::string &S, const std::vector<std::string> &Lines,
           bool Guarded, const std::string &K) {
  if (Lines.empty())
    return;
  if (Guarded)
    S += K + "if (tdr_active) {\n";
  for (const std::string &Line : Lines)
    S += (Guarded ? K + "  " : K) + Line + "\n";
  if (Guarded)
    S += K + "}\n";
}

/// The path number inactive work-items get: 2 for Head-or-Tail, the number
/// of paths for DGI (one past the real ones).
unsigned inactivePath(const RemapRound &R) {
  return usesSubCounts(R.Algo) ? R.Paths : 2;
}

/// Lines that store the live state at slot tdr_pos.
void emitSaves(std::string &S, const KernelPlan &Plan, const RemapRound &R,
               const std::string &K) {
  std::vector<std::string> All, Active;
  for (const LiveVar &LV : R.Live)
    if (LV.How == LiveVar::Migrate)
      (LV.ActiveOnly ? Active : All).push_back(moveLine(Plan, LV, true, "tdr_pos"));
  block(S, All, false, K);
  block(S, Active, true, K);
}

static void emitTakeOver(std::string &S, const KernelPlan &Plan,
                         const RemapRound &R,
                         const std::vector<std::string> &Recompute,
                         const std::string &K, const Dialect &Dl) {
  bool Region = R.Region >= 0;
  S += K + "tdr_lid = tdr_pool[tdr_plid];\n";
  S += K + "tdr_path = tdr_path_of[tdr_plid];\n";
  if (Region)
    S += K + "tdr_active = tdr_path != " + std::to_string(inactivePath(R)) +
         ";\n";
  for (unsigned D = 0; D < Plan.Dims; ++D) {
    std::string Id = redirectedId(false, D);
    if (D == 0)
      S += K + Id + " = tdr_lid % " + Dl.localSize(0) + ";\n";
    else if (D == 1)
      S += K + Id + " = tdr_lid / " + Dl.localSize(0) + " % " +
           Dl.localSize(1) + ";\n";
    else
      S += K + Id + " = tdr_lid / (" + Dl.localSize(0) + " * " +
           Dl.localSize(1) + ");\n";
  }
  for (unsigned D = 0; D < Plan.Dims && Dl.GlobalIds; ++D)
    S += K + redirectedId(true, D) + " = " + Dl.globalId(D) + " - " +
         Dl.localId(D) + " + " + redirectedId(false, D) + ";\n";
  // Recomputed values are pure functions of the IDs: every work-item takes
  // them, like the state that lives outside the active region.
  std::vector<std::string> All, Active;
  unsigned RI = 0;
  for (const LiveVar &LV : R.Live) {
    if (LV.How == LiveVar::Migrate)
      (LV.ActiveOnly ? Active : All).push_back(moveLine(Plan, LV, false, "tdr_plid"));
    else
      All.push_back(LV.name() + " = " + Recompute[RI++] + ";");
  }
  block(S, All, false, K);
  block(S, Active, true, K);
}

void emitHandOver(std::string &S, const KernelPlan &Plan, const RemapRound &R,
                  const std::vector<std::string> &Recompute,
                  const std::string &TakeOverIf, const std::string &J,
                  const Dialect &D) {
  S += J + (R.GlobalFence ? D.barrier(true) +
                                " /* global memory accesses hand over too */\n"
                          : D.barrier(false) + "\n");
  S += J + "if (" + TakeOverIf + ") {\n";
  emitTakeOver(S, Plan, R, Recompute, J + "  ", D);
  S += J + "}\n";
}

void emitStableSlotAndHandOver(std::string &S, const KernelPlan &Plan,
                               const RemapRound &R,
                               const std::vector<std::string> &Recompute,
                               const std::string &I, const Dialect &D) {
  std::string J = I + "  ", K = I + "    ", L = I + "      ";
  S += K + "tdr_pool[tdr_pos] = tdr_lid;\n";
  S += K + "tdr_path_of[tdr_pos] = (" + D.UChar + ")tdr_p;\n";
  std::string Saves;
  emitSaves(Saves, Plan, R, L);
  if (!Saves.empty())
    S += K + "if (tdr_pos != (int)tdr_plid) { /* a " + D.Item +
         " that keeps its slot keeps its state */\n" + Saves + K + "}\n";
  S += J + "}\n";
  emitHandOver(S, Plan, R, Recompute,
               enabledFlag(R) + " && tdr_pool[tdr_plid] != tdr_lid", J, D);
  S += I + "}\n";
}

std::string remapRound(const KernelPlan &Plan, const RemapRound &R,
                       const std::vector<std::string> &Recompute,
                       const std::string &Where, const std::string &I,
                       const Dialect &D) {
  return strategyOf(R.Algo).Emit(Plan, R, Recompute, Where, I, D);
}

} // namespace tdrc
