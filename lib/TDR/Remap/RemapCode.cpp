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

// The test of the arm a cut round sits in: its if's flag, negated for the
// else arm.
static std::string armTest(const NestCut &C) {
  return (C.Else ? "!" : "") + C.Flag;
}

std::string enabledFlag(const RemapRound &R) {
  // A round that may not pay runs under its own uniform switch: where it is
  // off, no work-item moves and each keeps its own path.
  std::string On = R.PaysIf.empty() ? "tdr_enabled" : roundSwitch(R);
  // A round cut out of uniform ifs runs where each took its arm.
  std::string In;
  for (const NestCut &C : R.Cuts)
    if (!C.Flag.empty())
      In += " && " + armTest(C);
  return In.empty() ? On : "(" + On + In + ")";
}

std::string leaveCuts(const RemapRound &R, const std::vector<std::string> &At,
                      const std::string &I) {
  std::string Text;
  for (size_t C = 0; C < R.Cuts.size(); ++C)
    Text += I + "} /* tdrc: " +
            (R.Cuts[C].Flag.empty() ? "the block at " : "the uniform if at ") +
            At[C] + ", cut at the remap */\n";
  return Text;
}

std::string reenterCuts(const RemapRound &R, const std::vector<std::string> &At,
                        const std::string &I) {
  std::string Text;
  for (size_t C = R.Cuts.size(); C-- > 0;) {
    const NestCut &N = R.Cuts[C];
    Text += I +
            (N.Flag.empty() ? std::string("{") : "if (" + armTest(N) + ") {") +
            " /* tdrc: back in the " +
            (N.Flag.empty() ? "block" : N.Else ? "else arm" : "then arm") +
            " of " + At[C] + " */\n";
  }
  return Text;
}

std::string redirectedId(bool Global, unsigned Dim) {
  return (Global ? "tdr_gid" : "tdr_lid") + std::to_string(Dim);
}

std::string redirectedId(const IdRef &Id) {
  if (Id.Index3)
    return "dim3(" + redirectedId(false, 0) + ", " + redirectedId(false, 1) +
           ", " + redirectedId(false, 2) + ")";
  return Id.Flat ? "((unsigned long long)tdr_lid)"
                 : redirectedId(Id.Global, Id.Dim);
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
  B.line("const " + UInt + " tdr_plid = (" + UInt + ")(" + D.flatLocalId() +
         ");");
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
  if (std::string Passes = passStateDeclaration(Plan, D); !Passes.empty())
    B.line(Passes);
  if (Keys)
    B.line(keyType(Plan, Ctx) +
           " tdr_key = 0; /* a switch's value, moved with its " + D.Item + " */");
  return B.str();
}

/// The path number inactive work-items get: 2 for Head-or-Tail, the number
/// of paths for DGI (one past the real ones).
unsigned inactivePath(const RemapRound &R) {
  return usesSubCounts(R.Algo) ? R.Paths : 2;
}

static void emitTakeOver(CodeBuilder &B, const KernelPlan &Plan,
                         const RemapRound &R,
                         const std::vector<std::string> &Recompute,
                         const Dialect &Dl) {
  bool Region = R.Region >= 0;
  B.line("tdr_lid = tdr_pool[tdr_plid];");
  B.line("tdr_path = tdr_path_of[tdr_plid];");
  if (Region)
    B.line("tdr_active = tdr_path != " + std::to_string(inactivePath(R)) + ";");
  for (unsigned D = 0; D < Plan.Dims; ++D) {
    std::string Id = redirectedId(false, D);
    if (D == 0)
      B.line(Id + " = tdr_lid % " + Dl.localSize(0) + ";");
    else if (D == 1)
      B.line(Id + " = tdr_lid / " + Dl.localSize(0) + " % " + Dl.localSize(1) +
             ";");
    else
      B.line(Id + " = tdr_lid / (" + Dl.localSize(0) + " * " +
             Dl.localSize(1) + ");");
  }
  for (unsigned D = 0; D < Plan.Dims && Dl.GlobalIds; ++D)
    B.line(redirectedId(true, D) + " = " + Dl.globalId(D) + " - " +
           Dl.localId(D) + " + " + redirectedId(false, D) + ";");
  // Recomputed values are pure functions of the IDs: every work-item takes
  // them, like the state that lives outside the active region.
  emitLoads(B, Plan, R, 0, &Recompute);
}

void emitHandOver(CodeBuilder &B, const KernelPlan &Plan, const RemapRound &R,
                  const std::vector<std::string> &Recompute,
                  const std::string &TakeOverIf, const Dialect &D) {
  B.line(R.GlobalFence
             ? D.barrier(true) + " /* global memory accesses hand over too */"
             : D.barrier(false));
  B.open("if (" + TakeOverIf + ") {");
  emitTakeOver(B, Plan, R, Recompute, D);
  B.close();
}

void emitHeadOrTailReset(CodeBuilder &B, const RemapRound &R,
                         const Dialect &D) {
  B.line("if (" + enabledFlag(R) + " && tdr_plid == 0u) { tdr_head = 0; "
         "tdr_tail = (int)tdr_wgsize - 1;" +
         std::string(R.Region >= 0 ? " tdr_ninactive = 0;" : "") + " }");
  B.line(D.barrier(false));
}

void emitHeadOrTailSlotAndHandOver(CodeBuilder &B, const KernelPlan &Plan,
                                   const RemapRound &R,
                                   const std::vector<std::string> &Recompute,
                                   const Dialect &D) {
  B.line("tdr_pool[tdr_pos] = tdr_lid;");
  B.line("tdr_path_of[tdr_pos] = (" + std::string(D.UChar) +
         (R.Region >= 0 ? ")(tdr_active ? tdr_path : 2);" : ")tdr_path;"));
  emitSaves(B, Plan, R);
  emitPassState(B, Plan, R);
  B.close(); // the round's `if (enabled) {`
  emitHandOver(B, Plan, R, Recompute, enabledFlag(R), D);
  emitLaterPasses(B, Plan, R, enabledFlag(R), D);
  B.close(); // the round's block
}

void emitStableSlotAndHandOver(CodeBuilder &B, const KernelPlan &Plan,
                               const RemapRound &R,
                               const std::vector<std::string> &Recompute,
                               const Dialect &D) {
  B.line("tdr_pool[tdr_pos] = tdr_lid;");
  B.line("tdr_path_of[tdr_pos] = (" + std::string(D.UChar) + ")tdr_p;");
  emitPassState(B, Plan, R);
  CodeBuilder Saves(B.indent() + "  ");
  emitSaves(Saves, Plan, R);
  if (!Saves.empty())
    B.open("if (tdr_pos != (int)tdr_plid) { /* a " + std::string(D.Item) +
           " that keeps its slot keeps its state */")
        .append(Saves.str())
        .close();
  B.close(); // the round's `if (enabled) {`
  emitHandOver(B, Plan, R, Recompute,
               enabledFlag(R) + " && tdr_pool[tdr_plid] != tdr_lid", D);
  // tdr_lid is the taken item's now: a work-item that kept its slot has
  // tdr_to at its own.
  emitLaterPasses(B, Plan, R, enabledFlag(R) + " && tdr_to != (int)tdr_plid",
                  D);
  B.close(); // the round's block
}

std::string remapRound(const KernelPlan &Plan, const RemapRound &R,
                       const std::vector<std::string> &Recompute,
                       const std::string &Where, const std::string &I,
                       const Dialect &D) {
  return strategyOf(R.Algo).Emit(Plan, R, Recompute, Where, I, D);
}

} // namespace tdrc
