//===- MeldPlanner.cpp - Which divergent if/else are melded ---------------===//
//
// Every if/else of the kernel whose condition differs between work-items is
// a candidate, outermost first (a melded branch melds what it contains; one
// left alone may contain candidates of its own).  Its two sides are aligned
// (StmtAlign.cpp) and it is melded when the alignment saves enough: the
// similarity, twice the DARM weight of what is written once over the weight
// of both sides, reaches the threshold (0.2, DARM's; --meld-threshold), and
// the saving exceeds what the selects and guards add.  A uniform branch has
// nothing to gain (it does not diverge) and is left alone.
//
//===----------------------------------------------------------------------===//
#include "MeldEmitter.h"
#include "MeldGain.h"
#include "MeldPlanner.h"
#include "Melder.h"
#include "tdrc/TDR/Directives.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/Transform.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tdrc {

namespace {

const char *divergenceName(Dep D) {
  return D == Dep::Data ? "data" : D == Dep::ThreadId ? "thread-id" : "uniform";
}


/// Whether the kernel already uses a name of tdrc's (the condition
/// variables are tdr_meldN).
class ReservedNames : public RecursiveASTVisitor<ReservedNames> {
public:
  bool Found = false;
  bool VisitNamedDecl(NamedDecl *D) {
    if (D->getIdentifier() && D->getName().starts_with("tdr_meld"))
      Found = true;
    return !Found;
  }
};

/// The gain in the remap model's unit, for --explain.
std::string gainNote(const MeldGain &G) {
  return "; per work-item of a warp that takes every path, it saves ~" +
         G.Saved.brief() + " weighted operations and runs ~" +
         G.Selects.brief() + " selects and ~" + G.Guards.brief() +
         " guards: net ~" + G.net().brief() + "; it issues ~" +
         G.Accesses.brief() + " fewer loads and stores";
}

/// Melding pays for its selects and guards with what it writes once.  A
/// shared load or store pays: the paths' accesses queue one after the other
/// in a divergent warp.  Shared arithmetic pays only where the branch goes
/// away whole and nothing the original folds is lost: a guard keeps the
/// branch (and splits the loop around it), and integer constants the
/// original folds into its neighbours become selects.  On the H200 the
/// melds of arithmetic with either were as often slower as faster
/// (docs/meld.md): by default they are declined.
std::optional<std::string> arithmeticOnly(const MeldGain &G,
                                          const TransformOptions &O,
                                          bool Target) {
  auto At = [](const SymbolicCost &C) {
    return C.at(PathCost::DefaultTrips);
  };
  if (Target || O.Force || O.MeldArithmetic || At(G.Accesses) > 0)
    return std::nullopt;
  std::string Why;
  if (At(G.Guards) > 0)
    Why = "keeps ~" + G.Guards.brief() + " guards";
  if (At(G.IntegerConstants) > 0)
    Why += (Why.empty() ? "" : " and ") + std::string("turns ~") +
           G.IntegerConstants.brief() +
           " pairs of integer constants into selects";
  if (Why.empty())
    return std::nullopt;
  return "it does not pay: its paths share no load or store, only "
         "arithmetic, and the melded code " +
         Why +
         ": such melds were as often slower as faster than the original "
         "(docs/meld.md); --meld-arithmetic or '#pragma tdr meld' melds it";
}

/// A chain of selects grows with the cases: switches with more cases that
/// do something are left alone.
constexpr size_t MaxMeldedCases = 16;

class Planner {
public:
  Planner(KernelContext &K, MeldPlan &P)
      : K(K), A(K.Analyses), P(P), Src(K.Ctx), Env{K.Ctx, Src},
        Costs(K.Ctx, A.Kernel, A.Written) {}

  void run() {
    ReservedNames R;
    R.TraverseDecl(const_cast<FunctionDecl *>(A.Kernel));
    if (R.Found) {
      note("melding: the kernel already uses names that begin with "
           "'tdr_meld' (reserved for tdrc)");
      return;
    }
    visit(A.Body);
  }

private:
  KernelContext &K;
  KernelAnalyses &A;
  MeldPlan &P;
  SourceText Src;
  MeldEnv Env;
  PathCost Costs; // the remap model's costs, for the gain against remap

  void note(std::string Text) {
    Explanation E;
    E.Loc = A.Kernel->getLocation();
    E.Note = true;
    E.Kind = "note";
    E.Text = std::move(Text);
    P.Explain.push_back(std::move(E));
  }

  void visit(const Stmt *S) {
    if (!S)
      return;
    if (auto *If = dyn_cast<IfStmt>(S);
        If && If->getElse() && (considerChain(If) || consider(If)))
      return; // melded with everything inside it
    if (auto *Sw = dyn_cast<SwitchStmt>(S); Sw && considerSwitch(Sw))
      return;
    for (const Stmt *C : S->children())
      if (C && !isa<Expr>(C))
        visit(C);
  }

  Explanation entry(const Stmt *If, Dep D) {
    Explanation E;
    E.Loc = If->getBeginLoc();
    E.Kind = "branch";
    E.Divergence = divergenceName(D);
    return E;
  }

  bool decline(Explanation E, const std::string &Why,
               const char *What = "if/else") {
    E.Text = std::string(What) + " (melding): " + Why;
    E.Reason = Why;
    P.Explain.push_back(std::move(E));
    return false;
  }

  /// The entry of a divergent branch or switch that melding may take, or
  /// nothing (a directive keeps it off, another transform owns it, or it
  /// does not diverge: selects would only cost).  Links: the later ifs of
  /// an if/else-if chain, which diverges where any of its conditions does.
  std::optional<Explanation>
  candidate(const Stmt *S, bool &Target,
            llvm::ArrayRef<const IfStmt *> Links = {}) {
    const BranchDirective *Dir =
        K.Options.Directives ? K.Options.Directives->forBranch(S) : nullptr;
    if (Dir && (Dir->Skip || !Dir->allows("meld")))
      return std::nullopt;
    Target = Dir && Dir->Target;
    auto Other = [&](const Stmt *X) {
      llvm::StringRef Owner = K.Claims.owner(X);
      return !Owner.empty() && Owner != "meld";
    };
    if (Other(S) || llvm::any_of(Links, Other))
      return std::nullopt;
    Dep D = A.condDep(S);
    for (const IfStmt *L : Links)
      if (D == Dep::Uniform)
        D = A.condDep(L);
    if (D == Dep::Uniform && !Target)
      return std::nullopt;
    return entry(S, D);
  }

  /// Why a legal meld does not pay (DARM's similarity threshold and net
  /// saving, then what it must share: arithmeticOnly), or nothing.
  std::optional<std::string> unpaid(double Similarity, double Net,
                                    const std::string &Numbers,
                                    const MeldGain &G, bool Target) const {
    if (Target || K.Options.Force)
      return std::nullopt;
    if (Similarity < K.Options.MeldThreshold || Net <= 0)
      return "it does not pay: " + Numbers + ", net saving " +
             twoDecimals(Net);
    return arithmeticOnly(G, K.Options, Target);
  }

  std::string condName() const {
    return "tdr_meld" +
           std::to_string(P.Branches.size() + P.Switches.size());
  }

  bool considerSwitch(const SwitchStmt *Sw);
  bool considerChain(const IfStmt *If);
  bool meldGroups(MeldedSwitch M, Explanation E, bool Target);

  bool consider(const IfStmt *If) {
    bool Target = false;
    std::optional<Explanation> Entry = candidate(If, Target);
    if (!Entry)
      return false;
    Explanation E = std::move(*Entry);
    if (If->getInit() || If->getConditionVariable() || If->isConstexpr())
      return decline(E, "the if declares a variable or is constexpr");
    if (!A.spelledInFile(If))
      return decline(E, "the branch starts or ends inside a macro expansion");
    if (std::optional<std::string> Why = meldBlocker(A, If))
      return decline(E, *Why);

    MeldedBranch M;
    M.If = If;
    M.CondName = condName();
    llvm::DenseSet<const VarDecl *> InA, InB;
    declaredIn(If->getThen(), InA);
    declaredIn(If->getElse(), InB);
    Env.DeclaredA = &InA;
    Env.DeclaredB = &InB;
    bool Failed = false;
    M.Seq = alignSequences(Env, sequenceOf(If->getThen()),
                           sequenceOf(If->getElse()), Failed);
    if (Failed)
      return decline(E, "its sides are too long to align");
    MeldNode Total;
    for (const MeldNode &N : M.Seq) {
      Total.Saved += N.Saved;
      Total.Selects += N.Selects;
      Total.Gaps += N.Gaps;
      (N.K == MeldNode::Pair ? M.Pairs : M.Unaligned)++;
    }
    M.WeightA = stmtWeight(Env, If->getThen());
    M.WeightB = stmtWeight(Env, If->getElse());
    double Both = M.WeightA + M.WeightB;
    M.Similarity = Both > 0 ? 2 * Total.Saved / Both : 0;
    double Net = Total.Saved - meldweight::Select * Total.Selects -
                 meldweight::Guard * Total.Gaps;
    std::string Numbers = "similarity " + twoDecimals(M.Similarity) + " (threshold " +
                          twoDecimals(K.Options.MeldThreshold) + "), " +
                          std::to_string(M.Pairs) + " aligned, " +
                          std::to_string(M.Unaligned) + " unaligned, " +
                          std::to_string(Total.Selects) + " selects";
    Estimate Est;
    Est.Cost = meldweight::Select * Total.Selects +
               meldweight::Guard * Total.Gaps;
    Est.Gain = twoDecimals(Total.Saved);
    if (M.Pairs == 0)
      return decline(E, "no statement of one side melds with one of the "
                        "other");
    MeldGain G = meldGain(K.Ctx, A.PM, Costs, M);
    M.Gain = G.net();
    if (std::optional<std::string> Why =
            unpaid(M.Similarity, Net, Numbers, G, Target)) {
      Est.Verdict = "does not pay";
      E.Profit = Est;
      return decline(E, *Why);
    }
    if (std::optional<std::string> Why = nameConflict(M))
      return decline(E, *Why);
    if (!meldedText(Src, M))
      return decline(E, spelledInMacro("a part of it"));
    if (!K.Options.Force && !Target) {
      Est.Verdict = "pays";
      E.Profit = Est;
    }
    E.Remapped = true;
    E.Strategy = "meld";
    E.Text = "if/else: melded, its two sides in one; " +
             std::string(K.Options.Force || Target ? "forced" : "it pays") +
             ": " + Numbers + ", net saving " + twoDecimals(Net) +
             " (DARM's weights)" + gainNote(G);
    P.Explain.push_back(std::move(E));
    M.Net = Net;
    P.Branches.push_back(std::move(M));
    return true;
  }
};

bool Planner::considerSwitch(const SwitchStmt *Sw) {
  bool Target = false;
  std::optional<Explanation> Entry = candidate(Sw, Target);
  if (!Entry)
    return false;
  Explanation E = std::move(*Entry);
  auto Decline = [&](const std::string &Why) {
    return decline(E, Why, "switch");
  };
  if (Sw->getInit() || Sw->getConditionVariable())
    return Decline("the switch declares a variable");
  if (!A.spelledInFile(Sw))
    return Decline("the switch starts or ends inside a macro expansion");
  MeldedSwitch M;
  M.Switch = Sw;
  if (std::optional<std::string> Why =
          caseGroups(Sw, M.Groups, M.EmptyLabels))
    return Decline(*Why);
  return meldGroups(std::move(M), std::move(E), Target);
}

/// An if/else-if chain of three paths or more, melded N ways as a switch
/// on which of its conditions holds first (ChainCases.cpp).  A chain that
/// does not meld so is still tried as an if/else (consider(), which also
/// explains what keeps a chain of its shape apart: a macro, a declaration).
bool Planner::considerChain(const IfStmt *If) {
  std::vector<const IfStmt *> Links;
  for (auto *L = dyn_cast_or_null<IfStmt>(If->getElse()); L;
       L = dyn_cast_or_null<IfStmt>(L->getElse()))
    Links.push_back(L);
  if (Links.empty() || (Links.size() == 1 && !Links.back()->getElse()))
    return false; // two paths: an if/else
  if (auto *Up = dyn_cast_or_null<IfStmt>(A.PM.getParent(If));
      Up && Up->getElse() == If)
    return false; // a link of a chain: weighed from its head
  bool Target = false;
  std::optional<Explanation> Entry = candidate(If, Target, Links);
  MeldedSwitch M;
  if (!Entry || !A.spelledInFile(If) || chainGroups(If, M))
    return false;
  // A chain on IDs alone (a stencil's borders and corners) splits a warp
  // into few of its paths: melded N ways, every warp would run every
  // path's selects (SRAD's nine border cases: 4-5% slower on an H200).
  bool OnData = A.condDep(If) == Dep::Data ||
                llvm::any_of(Links, [&](const IfStmt *L) {
                  return A.condDep(L) == Dep::Data;
                });
  if (!OnData && !Target && !K.Options.Force) {
    decline(*Entry,
            "its conditions depend only on work-item IDs and uniform values: "
            "a warp takes few of its " +
                std::to_string(M.ChainConds.size() + (M.Groups.size() &&
                                                       M.Groups.back().Default)) +
                " paths, and melded, every warp would run the selects of all",
            "if/else-if chain");
    return false;
  }
  return meldGroups(std::move(M), std::move(*Entry), Target);
}

/// The N-way meld of M's groups (a switch's cases or a chain's paths).
bool Planner::meldGroups(MeldedSwitch M, Explanation E, bool Target) {
  const char *What = M.Chain ? "if/else-if chain" : "switch";
  const char *Unit = M.Chain ? "paths" : "cases";
  auto Decline = [&](const std::string &Why) { return decline(E, Why, What); };
  M.ValueName = condName();
  if (M.Groups.size() < 2)
    return Decline("fewer than two of its " + std::string(Unit) +
                   " do something");
  if (M.Groups.size() > MaxMeldedCases)
    return Decline("it has more than " + std::to_string(MaxMeldedCases) + " " +
                   Unit + " that do something");
  std::vector<const Stmt *> Parts;
  for (const CaseGroup &G : M.Groups)
    Parts.insert(Parts.end(), G.Body.begin(), G.Body.end());
  if (std::optional<std::string> Why = meldBlocker(A, M.root(), Parts))
    return Decline(*Why);
  if (std::optional<std::string> Why = meldSwitchCases(Env, M))
    return Decline(*Why);
  std::string Numbers =
      "similarity " + twoDecimals(M.Similarity) + " (threshold " +
      twoDecimals(K.Options.MeldThreshold) + "), " +
      std::to_string(M.Groups.size()) + " " + Unit + ", " +
      std::to_string(M.Shared) + " statements written once, " +
      std::to_string(M.Own) + " kept to their " + Unit + ", " +
      std::to_string(M.Selects) + " selects";
  MeldGain G = meldGain(K.Ctx, A.PM, Costs, M);
  M.Gain = G.net();
  Estimate Est;
  Est.Gain = twoDecimals(M.Saved);
  Est.Cost = M.Saved - M.Net;
  if (std::optional<std::string> Why =
          unpaid(M.Similarity, M.Net, Numbers, G, Target)) {
    Est.Verdict = "does not pay";
    E.Profit = Est;
    return Decline(*Why);
  }

  if (!meldedSwitchText(K.Ctx, Src, M))
    return Decline(spelledInMacro("a part of it"));
  if (!K.Options.Force && !Target) {
    Est.Verdict = "pays";
    E.Profit = Est;
  }
  E.Remapped = true;
  E.Strategy = "meld";
  E.Text = std::string(What) + ": melded, its " + Unit + " in one; " +
           std::string(K.Options.Force || Target ? "forced" : "it pays") +
           ": " + Numbers + ", net saving " + twoDecimals(M.Net) +
           " (DARM's weights)" + gainNote(G);
  P.Explain.push_back(std::move(E));
  P.Switches.push_back(std::move(M));
  return true;
}

} // namespace

MeldPlan planMeld(KernelContext &K) {
  MeldPlan P;
  Planner(K, P).run();
  return P;
}

} // namespace tdrc
