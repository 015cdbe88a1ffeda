//===- RemapExplain.cpp - The remap transform's --explain entries ---------===//
//
// Each entry is the text report's line and the same decision as data
// (Explanation's structured fields, which --explain=json prints).
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"
#include "tdrc/TDR/Remap/RemapLayout.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace tdrc {

static std::string spell(PlannerState &S, const Expr *E) {
  const SourceManager &SM = S.Ctx.getSourceManager();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(E->getSourceRange()), SM,
      S.Ctx.getLangOpts());
  if (R.isInvalid()) // inside a macro's text: the invocation it came from
    R = SM.getExpansionRange(E->getSourceRange());
  std::string Text = Lexer::getSourceText(R, SM, S.Ctx.getLangOpts()).str();
  if (Text.size() > 40)
    Text = Text.substr(0, 37) + "...";
  return Text;
}

/// Why a condition is (not) divergent, for --explain.
std::string describeDep(PlannerState &S, const Expr *Cond) {
  DepValue D = S.TD.exprDep(Cond);
  switch (D.Level) {
  case Dep::Uniform:
    return "condition is uniform across the work-group";
  case Dep::ThreadId:
    return "condition depends only on work-item IDs, sizes, arguments and "
           "constants";
  case Dep::Data:
    if (D.Origin)
      return "condition depends on '" + spell(S, D.Origin) + "' (" +
             S.loc(D.Origin->getBeginLoc()) +
             "), read at a thread-dependent address";
    return "condition depends on thread-dependent data";
  }
  return "";
}

/// A name --explain reports for a round's state: a variable, or a struct
/// moved field by field (Split), named once for all of its fields.
struct StateName {
  std::string Name;
  bool Split = false;
};

/// The names of R's state of kind K, in R.Live's order.
static std::vector<StateName> stateNames(const RemapRound &R,
                                         LiveVar::Kind K) {
  std::vector<StateName> Out;
  for (const LiveVar &L : R.Live) {
    if (L.How != K)
      continue;
    if (L.Field.empty())
      Out.push_back({L.name()});
    else if (Out.empty() || !Out.back().Split ||
             Out.back().Name != L.Var->getNameAsString())
      Out.push_back({L.Var->getNameAsString(), true});
  }
  return Out;
}

std::string describeRound(PlannerState &S, const RemapRound &R) {
  std::string T;
  const RemapStrategy &St = strategyOf(R.Algo);
  T = St.Title;
  if (St.SubCounts)
    T += " over " + std::to_string(R.Paths) + " paths " +
         (St.WarpLevel ? std::string("(per warp, stable)")
                       : "(N=" + std::to_string(R.Neighbors) + ")");
  T += ", round " + std::to_string(R.Index);
  if (R.Members.size() > 1)
    T += " (the path vector of " + std::to_string(R.Members.size()) +
         " branches)";
  if (R.BeforeLoop)
    T += "; placed before the loop at " +
         S.loc(R.BeforeLoop->getBeginLoc()) +
         ", in which its condition does not change: it regroups once, not at "
         "every iteration";
  if (R.Region >= 0) {
    const ActiveRegion &AR = S.Plan.Regions[R.Region];
    T += AR.Kind == RegionKind::Guard
             ? "; bounds guard at " + S.loc(AR.Guard->getBeginLoc()) +
                   " becomes the active predicate"
             : "; early return at " + S.loc(AR.Start->getBeginLoc()) +
                   " becomes the active predicate";
  }
  // Outermost first, as they read in the source.
  std::vector<std::string> Ifs;
  for (auto C = R.Cuts.rbegin(); C != R.Cuts.rend(); ++C)
    if (!C->Flag.empty())
      Ifs.push_back(S.loc(C->S->getBeginLoc()));
  if (!Ifs.empty()) {
    T += Ifs.size() == 1 ? "; the uniform if at " : "; the uniform ifs at ";
    for (size_t I = 0; I < Ifs.size(); ++I)
      T += (I == 0 ? "" : I + 1 == Ifs.size() ? " and " : ", ") + Ifs[I];
    T += (Ifs.size() == 1 ? " is" : " are") + std::string(" cut at the remap");
    if (!R.LaunchIf.empty())
      T += " (it runs at a launch where " + R.LaunchIf + ")";
  }
  auto List = [&](LiveVar::Kind K) {
    std::string Out;
    for (const StateName &N : stateNames(R, K))
      Out += (Out.empty() ? "'" : ", '") + N.Name + "'" +
             (N.Split ? " (field by field)" : "");
    return Out;
  };
  std::string Moved = List(LiveVar::Migrate),
              Recomputed = List(LiveVar::Recompute);
  T += "; migrates " + (Moved.empty() ? std::string("nothing") : Moved);
  if (unsigned N = migrationPasses(S.Plan, R); N > 1)
    T += " in " + std::to_string(N) + " passes (the local memory budget)";
  if (R.GlobalFence)
    T += "; global fence (global memory is accessed on both sides of the remap)";
  if (!Recomputed.empty())
    T += "; recomputes " + Recomputed + " from the new ID";
  return T;
}

/// How a member other than the head joined its round, for --explain.
std::string describeMember(PlannerState &S, const RemapRound &R, unsigned M) {
  const PathMember &PM = R.Members[M];
  std::string T = "divergent (" + describeDep(S, condOf(PM.Branch)) + "); ";
  if (PM.Parent >= 0) {
    const PathMember &Up = R.Members[unsigned(PM.Parent)];
    T += "opens path " + std::to_string(PM.ParentPath) + " of the branch at " +
         S.loc(Up.Branch->getBeginLoc()) + ": nested,";
  } else {
    T += "its condition reads nothing the code from the branch at " +
         S.loc(R.Branch->getBeginLoc()) + " on may change: one fragment,";
  }
  unsigned Lo = PM.PathLo.front(), Hi = PM.PathLo.back() + PM.PathLeaves.back();
  return T + " decided in round " + std::to_string(R.Index) + " (digit " +
         std::to_string(PM.Digit) + " of its path, values " +
         std::to_string(Lo) + ".." + std::to_string(Hi - 1) + ")";
}

static const char *divergenceClass(Dep D) {
  switch (D) {
  case Dep::Uniform:
    return "uniform";
  case Dep::ThreadId:
    return "thread-id";
  case Dep::Data:
    return "data";
  }
  return "";
}

/// Divergence class and cause of B's condition (none for other statements).
static void classify(PlannerState &S, const Stmt *B, Explanation &E) {
  if (const Expr *C = condOf(B)) {
    E.Divergence = divergenceClass(S.TD.exprDep(C).Level);
    E.Cause = describeDep(S, C);
  }
}

Explanation declined(PlannerState &S, const Stmt *B, std::string Text,
                     const char *Kind, std::string Reason) {
  Explanation E;
  E.Loc = B->getBeginLoc();
  E.Text = std::move(Text);
  E.Kind = Kind;
  E.Reason = Reason.empty() ? E.Text : std::move(Reason);
  classify(S, B, E);
  return E;
}

/// A statement that round R changes.
static Explanation changed(PlannerState &S, const RemapRound &R, const Stmt *B,
                           std::string Text, const char *Kind) {
  Explanation E;
  E.Loc = B->getBeginLoc();
  E.Remapped = true;
  E.Text = std::move(Text);
  E.Kind = Kind;
  classify(S, B, E);
  E.Strategy = strategyOf(R.Algo).Keyword;
  E.Round = R.Index;
  return E;
}

Explanation remapped(PlannerState &S, const RemapRound &R, const Stmt *B,
                     std::string Text, std::optional<Estimate> Profit) {
  Explanation E = changed(S, R, B, std::move(Text), "branch");
  if (B == R.Branch) { // the round's state is reported with its head
    for (const StateName &N : stateNames(R, LiveVar::Migrate))
      E.Migrates.push_back(N.Name);
    for (const StateName &N : stateNames(R, LiveVar::Recompute))
      E.Recomputes.push_back(N.Name);
    E.GlobalFence = R.GlobalFence;
    if (R.BeforeLoop)
      E.BeforeLoop = R.BeforeLoop->getBeginLoc();
    E.Profit = std::move(Profit);
  }
  return E;
}

Explanation chainMember(PlannerState &S, const RemapRound &R, const IfStmt *If,
                        std::string Text) {
  return changed(S, R, If, std::move(Text), "chain-member");
}

Explanation kernelNote(SourceLocation Loc, std::string Text) {
  Explanation E;
  E.Loc = Loc;
  E.Text = std::move(Text);
  E.Note = true;
  E.Kind = "note";
  return E;
}

} // namespace tdrc
