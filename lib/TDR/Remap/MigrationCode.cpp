//===- MigrationCode.cpp - Moving a round's live state, in passes ---------===//
//
// A round's migrated variables go through the work-group's migration pools:
// each work-item stores its values at the slot its item moves to, and after
// the barrier the work-item at that slot loads them.  When the budget asks
// for passes (KernelPlan::MigrationPasses, Budget.cpp), a pool holds 1/N of
// the state: pass 0 moves with the IDs as before, and each later pass takes
// two barriers more (one before the pool is written again, one before it is
// read).  A later pass runs after the IDs and paths were taken over, so the
// destination and the old path were kept in tdr_to and tdr_was.
//
//===----------------------------------------------------------------------===//
#include "RoundCode.h"
#include "tdrc/TDR/Remap/RemapLayout.h"
#include <algorithm>

namespace tdrc {

namespace {

/// The elements [From, To) of L that pass Pass moves, and the slot of its
/// element 0 in that pass's pool (which may be below 0).
struct Part {
  unsigned From = 0, To = 0;
  long Offset = 0;
  bool empty() const { return From >= To; }
};

Part partIn(const KernelPlan &P, const LiveVar &L, unsigned Pass) {
  // One pass: pass 0's pool holds every slot.
  unsigned Slots = P.Pools[L.Pool].Slots;
  unsigned Lo = Pass * Slots, Hi = Lo + Slots;
  Part Out;
  Out.From = L.FirstSlot >= Lo ? 0 : Lo - L.FirstSlot;
  unsigned End = std::min(L.FirstSlot + L.Elements, Hi);
  Out.To = End > L.FirstSlot ? End - L.FirstSlot : 0;
  Out.Offset = long(L.FirstSlot) - long(Lo);
  return Out;
}

/// `slot = var;` (Save) or `var = slot;` for the part of L in pass Pass,
/// looping over array elements; "" when the pass moves none of L.
std::string moveLine(const KernelPlan &P, const LiveVar &L, bool Save,
                     const char *Index, unsigned Pass) {
  Part In = partIn(P, L, Pass);
  if (In.empty())
    return "";
  std::string Pool = P.Pools[L.Pool].Name, Var = L.name();
  auto Slot = [&](const std::string &Elem) {
    return Pool + "[" + Elem + "][" + Index + "]";
  };
  // An array moves element by element, even with one element (`int v[1]`).
  if (L.Elements == 1 && !(L.Var && L.type()->isArrayType())) {
    std::string S = Slot(std::to_string(In.Offset));
    return Save ? S + " = " + Var + ";" : Var + " = " + S + ";";
  }
  std::string S = Slot(In.Offset >= 0
                           ? std::to_string(In.Offset) + " + tdr_k"
                           : "tdr_k - " + std::to_string(-In.Offset));
  std::string Elem = Var + "[tdr_k]";
  return "for (int tdr_k = " + std::to_string(In.From) + "; tdr_k < " +
         std::to_string(In.To) + "; ++tdr_k) " +
         (Save ? S + " = " + Elem : Elem + " = " + S) + ";";
}

/// Lines, inside `if (Guard)` when Guard is given.
void block(CodeBuilder &B, const std::vector<std::string> &Lines,
           const std::string &Guard) {
  if (Lines.empty())
    return;
  if (!Guard.empty())
    B.open("if (" + Guard + ") {");
  for (const std::string &Line : Lines)
    B.line(Line);
  if (!Guard.empty())
    B.close();
}

/// The stores of pass Pass at slot To, by the work-items whose path (Path)
/// set each variable; ActiveOnly ones only where Active holds.
void saves(CodeBuilder &B, const KernelPlan &Plan, const RemapRound &R,
           unsigned Pass, const char *To, const std::string &Path,
           const std::string &Active) {
  std::vector<std::string> All, ActiveLines;
  for (const LiveVar &LV : R.Live)
    if (LV.How == LiveVar::Migrate) {
      std::string Line = moveLine(Plan, LV, true, To, Pass);
      if (Line.empty())
        continue;
      // Only the work-items that evaluated the condition setting it hold a
      // value (the inactive ones hold none either).
      if (LV.FromPath)
        Line = "if (" + Path + " >= " + std::to_string(LV.FromPath) + " && " +
               Path + " < " + std::to_string(R.Paths) + ") " + Line;
      (LV.ActiveOnly ? ActiveLines : All).push_back(Line);
    }
  block(B, All, "");
  block(B, ActiveLines, Active);
}

} // namespace

void emitSaves(CodeBuilder &B, const KernelPlan &Plan, const RemapRound &R) {
  saves(B, Plan, R, 0, "tdr_pos", "tdr_path", "tdr_active");
}

bool passesNeedOldPath(const KernelPlan &Plan, const RemapRound &R) {
  if (migrationPasses(Plan, R) < 2)
    return false;
  for (const LiveVar &LV : R.Live)
    if (LV.How == LiveVar::Migrate && (LV.FromPath || LV.ActiveOnly))
      return true;
  return false;
}

void emitPassState(CodeBuilder &B, const KernelPlan &Plan,
                   const RemapRound &R) {
  if (migrationPasses(Plan, R) < 2) // later passes run after the take-over
    return;
  std::string Line = "tdr_to = tdr_pos;";
  if (passesNeedOldPath(Plan, R))
    Line += " tdr_was = " +
            (R.Region >= 0 ? "tdr_active ? tdr_path : " +
                                 std::to_string(inactivePath(R))
                           : std::string("tdr_path")) +
            ";";
  B.line(Line);
}

std::string passStateDeclaration(const KernelPlan &Plan, const Dialect &D) {
  bool Passes = false, OldPath = false;
  for (const RemapRound &R : Plan.Rounds) {
    Passes |= migrationPasses(Plan, R) > 1;
    OldPath |= passesNeedOldPath(Plan, R);
  }
  if (!Passes)
    return "";
  return std::string("int tdr_to = 0") + (OldPath ? ", tdr_was = 0" : "") +
         "; /* a moved " + D.Item + "'s slot" +
         (OldPath ? " and old path" : "") + ", for the state's later passes */";
}

void emitLoads(CodeBuilder &B, const KernelPlan &Plan, const RemapRound &R,
               unsigned Pass, const std::vector<std::string> *Recompute) {
  std::vector<std::string> All, Active;
  unsigned RI = 0;
  for (const LiveVar &LV : R.Live) {
    if (LV.How != LiveVar::Migrate) {
      if (Recompute)
        All.push_back(LV.name() + " = " + (*Recompute)[RI++] + ";");
    } else if (std::string Line = moveLine(Plan, LV, false, "tdr_plid", Pass);
               !Line.empty()) {
      (LV.ActiveOnly ? Active : All).push_back(Line);
    }
  }
  block(B, All, "");
  block(B, Active, "tdr_active");
}

void emitLaterPasses(CodeBuilder &B, const KernelPlan &Plan,
                     const RemapRound &R, const std::string &Moved,
                     const Dialect &D) {
  unsigned N = migrationPasses(Plan, R);
  for (unsigned Pass = 1; Pass < N; ++Pass) {
    B.line(D.barrier(false) + " /* tdrc: the state's pass " +
           std::to_string(Pass + 1) + " of " + std::to_string(N) +
           " through the pools */");
    CodeBuilder Saves(B.indent() + "  ");
    saves(Saves, Plan, R, Pass, "tdr_to", "tdr_was",
          "tdr_was < " + std::to_string(R.Paths));
    B.open("if (" + Moved + ") {").append(Saves.str()).close();
    B.line(D.barrier(false));
    B.open("if (" + Moved + ") {");
    emitLoads(B, Plan, R, Pass, nullptr);
    B.close();
  }
}

} // namespace tdrc
