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
#include "MeldPlanner.h"
#include "Melder.h"
#include "tdrc/TDR/Directives.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/Transform.h"
#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace tdrc {

namespace {

const char *divergenceName(Dep D) {
  return D == Dep::Data ? "data" : D == Dep::ThreadId ? "thread-id" : "uniform";
}

std::string fixed(double V) {
  char Buf[32];
  snprintf(Buf, sizeof Buf, "%.2f", V);
  return Buf;
}

void declaredIn(const Stmt *S, llvm::DenseSet<const VarDecl *> &Out) {
  if (!S)
    return;
  if (auto *DS = dyn_cast<DeclStmt>(S))
    for (const Decl *D : DS->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        Out.insert(V);
  for (const Stmt *C : S->children())
    declaredIn(C, Out);
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

class Planner {
public:
  Planner(KernelContext &K, MeldPlan &P)
      : K(K), A(K.Analyses), P(P), Src(K.Ctx), Env{K.Ctx, Src} {}

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
    if (auto *If = dyn_cast<IfStmt>(S); If && If->getElse() && consider(If))
      return; // melded with everything inside it
    for (const Stmt *C : S->children())
      if (C && !isa<Expr>(C))
        visit(C);
  }

  Explanation entry(const IfStmt *If, Dep D) {
    Explanation E;
    E.Loc = If->getBeginLoc();
    E.Kind = "branch";
    E.Divergence = divergenceName(D);
    return E;
  }

  bool decline(Explanation E, const std::string &Why) {
    E.Text = "if/else (melding): " + Why;
    E.Reason = Why;
    P.Explain.push_back(std::move(E));
    return false;
  }

  bool consider(const IfStmt *If) {
    const BranchDirective *Dir =
        K.Options.Directives ? K.Options.Directives->forBranch(If) : nullptr;
    if (Dir && (Dir->Skip || !Dir->allows("meld")))
      return false;
    bool Target = Dir && Dir->Target;
    if (llvm::StringRef Owner = K.Claims.owner(If);
        !Owner.empty() && Owner != "meld")
      return false;
    Dep D = A.condDep(If);
    if (D == Dep::Uniform && !Target)
      return false; // nothing diverges: selects would only cost
    Explanation E = entry(If, D);
    if (If->getInit() || If->getConditionVariable() || If->isConstexpr())
      return decline(E, "the if declares a variable or is constexpr");
    if (!A.spelledInFile(If))
      return decline(E, "the branch starts or ends inside a macro expansion");
    if (std::optional<std::string> Why = meldBlocker(A, If))
      return decline(E, *Why);

    MeldedBranch M;
    M.If = If;
    M.CondName = "tdr_meld" + std::to_string(P.Branches.size());
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
    std::string Numbers = "similarity " + fixed(M.Similarity) + " (threshold " +
                          fixed(K.Options.MeldThreshold) + "), " +
                          std::to_string(M.Pairs) + " aligned, " +
                          std::to_string(M.Unaligned) + " unaligned, " +
                          std::to_string(Total.Selects) + " selects";
    Estimate Est;
    Est.Cost = meldweight::Select * Total.Selects +
               meldweight::Guard * Total.Gaps;
    Est.Gain = fixed(Total.Saved);
    if (M.Pairs == 0)
      return decline(E, "no statement of one side melds with one of the "
                        "other");
    if (!Target && !K.Options.Force &&
        (M.Similarity < K.Options.MeldThreshold || Net <= 0)) {
      Est.Verdict = "does not pay";
      E.Profit = Est;
      return decline(E, "it does not pay: " + Numbers + ", net saving " +
                            fixed(Net));
    }
    if (std::optional<std::string> Why = nameConflict(M))
      return decline(E, *Why);
    if (!meldedText(Src, M))
      return decline(E, "a part of it is spelled inside a macro expansion");
    if (!K.Options.Force && !Target) {
      Est.Verdict = "pays";
      E.Profit = Est;
    }
    E.Remapped = true;
    E.Strategy = "meld";
    E.Text = "if/else: melded, its two sides in one; " +
             std::string(K.Options.Force || Target ? "forced" : "it pays") +
             ": " + Numbers + ", net saving " + fixed(Net) +
             " (DARM's weights)";
    P.Explain.push_back(std::move(E));
    M.Net = Net;
    P.Branches.push_back(std::move(M));
    return true;
  }
};

} // namespace

MeldPlan planMeld(KernelContext &K) {
  MeldPlan P;
  Planner(K, P).run();
  return P;
}

} // namespace tdrc
