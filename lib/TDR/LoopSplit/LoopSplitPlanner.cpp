//===- LoopSplitPlanner.cpp - Which loops of a kernel split, and how ------===//
//
// Every `for` of the kernel's body whose braced body has two statements or
// more is a candidate (a loop inside one that splits moves with it, and so
// does a loop among the statements after it that its split moves).  It
// splits when
//
//   - its header can run once per loop: the initialisation and increment
//     write only private variables, the condition writes nothing, and the
//     body writes nothing the header reads (each loop then runs the same
//     iterations);
//   - no statement jumps out of the loop (break, continue, return, goto) or
//     waits for other work-items (barrier, collective), nor prints;
//   - its statements fall into two groups or more (LoopPartition.cpp);
//   - with --gpu and --regs, the occupancy model does not rule out a gain
//     (LoopSplitModel.cpp).
//
//===----------------------------------------------------------------------===//
#include "LoopSplitPlan.h"
#include "tdrc/TDR/Directives.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"
#include "tdrc/TDR/SourceText.h"
#include "tdrc/TDR/Transform.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/StmtCXX.h"

using namespace clang;

namespace tdrc {

namespace {

constexpr const char *Name = "loopsplit";

class Planner {
public:
  explicit Planner(KernelContext &K)
      : K(K), A(K.Analyses), Scope(K.Analyses) {}

  LoopSplitPlan run() {
    if (splitBefore())
      return std::move(P);
    visit(A.Body);
    return std::move(P);
  }

private:
  /// A kernel whose loops tdrc split before (its marker comment in the
  /// body) is left as it is: its loops would split again, smaller.
  bool splitBefore() {
    SourceText Src(A.Ctx);
    std::optional<SourceText::Range> R = Src.stmtRange(A.Body);
    if (!R || Src.text(*R).find(LoopSplitMarker) == std::string::npos)
      return false;
    Explanation E;
    E.Loc = A.Body->getBeginLoc();
    E.Note = true;
    E.Transform = Name;
    E.Kind = "note";
    E.Reason = "split before";
    E.Text = "loop splitting: tdrc split this kernel's loops before; left "
             "as it is";
    P.Explain.push_back(std::move(E));
    return true;
  }

  void visit(const Stmt *S) {
    if (!S || Consumed.count(S))
      return;
    if (auto *F = dyn_cast<ForStmt>(S))
      if (tryLoop(F))
        return; // what is inside moves with it
    for (const Stmt *C : S->children())
      visit(C);
  }

  void explain(const ForStmt *F, bool Split, std::string Text,
               std::string Reason = "") {
    Explanation E;
    E.Loc = F->getBeginLoc();
    E.Remapped = Split;
    E.Text = "for loop (loop splitting): " + Text;
    E.Transform = Name;
    E.Kind = "loop";
    E.Reason = std::move(Reason);
    P.Explain.push_back(std::move(E));
  }
  bool decline(const ForStmt *F, const std::string &Why) {
    explain(F, false, Why, Why);
    return false;
  }

  /// Whether the header reads or writes what the body writes.
  std::optional<std::string> headerClash(const Footprint &H,
                                         const std::vector<Footprint> &Fs,
                                         const SplitLoop &L) {
    for (unsigned I = 0; I < Fs.size(); ++I) {
      for (const VarDecl *V : Fs[I].VarsWritten)
        if (H.VarsRead.count(V) || H.VarsWritten.count(V))
          return "the statement at " + A.loc(L.Body[I]->getBeginLoc()) +
                 " writes '" + V->getNameAsString() +
                 "', which the loop's header reads: each loop would run "
                 "other iterations";
      for (const VarDecl *M : Fs[I].MemWritten)
        for (const VarDecl *R : H.MemRead)
          if (mayAlias(M, R))
            return "the statement at " + A.loc(L.Body[I]->getBeginLoc()) +
                   " writes the memory of '" + M->getNameAsString() +
                   "', which the loop's header reads";
    }
    return std::nullopt;
  }

  /// Whether the header can run once per loop: each loop must start from
  /// the same state, so the initialisation sets (declares, or assigns with
  /// `=` from what the header does not change) every variable the header
  /// writes, and nothing else in it writes anything but those variables.
  std::optional<std::string> headerIllegal(const ForStmt *F, Footprint &H) {
    llvm::SetVector<const VarDecl *> Set;
    if (auto Why = initIllegal(F->getInit(), Set))
      return Why;
    for (const Stmt *Part : {F->getInit(), static_cast<const Stmt *>(F->getCond()),
                             static_cast<const Stmt *>(F->getInc())}) {
      if (!Part)
        continue;
      Footprint PF = footprintOf(Scope, Part);
      if (PF.Illegal)
        return "its header has " + *PF.Illegal;
      if (!PF.MemWritten.empty())
        return "its header writes memory (it would run once per loop)";
      if (Part == F->getCond() && !PF.VarsWritten.empty())
        return "its condition writes '" +
               PF.VarsWritten.front()->getNameAsString() +
               "' (it would run once per loop)";
      for (const VarDecl *V : PF.VarsWritten)
        if (!Set.count(V))
          return "its header steps '" + V->getNameAsString() +
                 "', which its initialisation does not set: a later loop "
                 "would start where the one before stopped";
      H.VarsRead.insert(PF.VarsRead.begin(), PF.VarsRead.end());
      H.VarsWritten.insert(PF.VarsWritten.begin(), PF.VarsWritten.end());
      H.MemRead.insert(PF.MemRead.begin(), PF.MemRead.end());
    }
    if (F->getConditionVariable())
      return std::string("its condition declares a variable");
    return std::nullopt;
  }

  /// The variables a for-init sets afresh (Set): declarations, or plain
  /// assignments `v = e` (comma-separated) whose right-hand sides read none
  /// of them.
  std::optional<std::string> initIllegal(const Stmt *Init,
                                         llvm::SetVector<const VarDecl *> &Set) {
    if (!Init)
      return std::nullopt;
    if (auto *DS = dyn_cast<DeclStmt>(Init)) {
      for (const Decl *D : DS->decls())
        if (auto *V = dyn_cast<VarDecl>(D))
          Set.insert(V);
      return std::nullopt;
    }
    std::vector<const Expr *> Parts{cast<Expr>(Init)};
    std::vector<const BinaryOperator *> Assigns;
    while (!Parts.empty()) {
      const Expr *E = Parts.back()->IgnoreParens();
      Parts.pop_back();
      auto *BO = dyn_cast<BinaryOperator>(E);
      if (BO && BO->getOpcode() == BO_Comma) {
        Parts.push_back(BO->getRHS());
        Parts.push_back(BO->getLHS());
        continue;
      }
      auto *LHS = BO ? dyn_cast<DeclRefExpr>(BO->getLHS()->IgnoreParens())
                     : nullptr;
      auto *V = LHS ? dyn_cast<VarDecl>(LHS->getDecl()) : nullptr;
      if (!BO || BO->getOpcode() != BO_Assign || !V || !isThreadPrivateVar(V))
        return std::string("its initialisation is not a declaration or "
                           "assignments of private variables (it would run "
                           "once per loop)");
      Set.insert(V);
      Assigns.push_back(BO);
    }
    for (const BinaryOperator *BO : Assigns) {
      Footprint RF = footprintOf(Scope, BO->getRHS());
      for (const VarDecl *V : RF.VarsRead)
        if (Set.count(V))
          return "its initialisation reads '" + V->getNameAsString() +
                 "', which it sets: a later loop would start elsewhere";
    }
    return std::nullopt;
  }

  bool tryLoop(const ForStmt *F) {
    auto *Body = dyn_cast_or_null<CompoundStmt>(F->getBody());
    if (!Body || Body->size() < 2)
      return false;
    if (llvm::StringRef Owner = K.Claims.owner(F);
        !Owner.empty() && Owner != Name)
      return decline(F, "reserved for the transform '" + Owner.str() + "'");
    const BranchDirective *Dir =
        K.Options.Directives ? K.Options.Directives->forBranch(F) : nullptr;
    if (Dir && Dir->Skip)
      return decline(F, "'#pragma tdr skip' at " + A.loc(Dir->Loc));
    SourceText Src(A.Ctx);
    if (!A.spelledInFile(F) || F->getBeginLoc().isMacroID() ||
        !Src.stmtRange(F))
      return decline(F, spelledInMacro("it"));
    if (auto At = A.structuralDirectiveIn(F))
      return decline(F, "a preprocessor directive at " + A.loc(*At) +
                            " is inside it");
    if (isa_and_nonnull<AttributedStmt>(A.PM.getParent(F)))
      return decline(F, "it carries a loop hint (#pragma unroll or an "
                        "attribute) that would apply to the first loop only");
    Footprint H;
    if (auto Why = headerIllegal(F, H))
      return decline(F, *Why);
    SplitLoop L;
    L.For = F;
    std::vector<Footprint> Fs;
    for (const Stmt *S : Body->body()) {
      L.Body.push_back(S);
      Fs.push_back(footprintOf(Scope, S));
      if (Fs.back().Illegal)
        return decline(F, "it has " + *Fs.back().Illegal);
      if (!A.spelledInFile(S) || !movableStmtRange(A.Ctx, S))
        return decline(F, spelledInMacro("the statement at " +
                                          A.loc(S->getBeginLoc())) +
                              " (loop splitting moves statements as "
                              "written)");
    }
    if (auto Why = headerClash(H, Fs, L))
      return decline(F, *Why);
    if (auto Why = partitionLoop(A, Fs, L))
      return decline(F, *Why);
    for (const std::vector<unsigned> &G : L.Groups)
      L.CarriedWords.push_back(stateWords(A.Ctx, groupState(A, Fs, L, G)));
    mergeStatelessGroups(L);
    if (L.Groups.size() < 2)
      return decline(F, "only one group carries state (the others only "
                        "store, and join it): one loop carries all of it");
    limitLoops(L, K.Options.LoopSplitLoops);
    placeConsumers(Scope, Fs, L);
    std::string Note;
    // `#pragma tdr split` (target) asks for the split whatever the model.
    if (auto Why = whyLoopSplitCannotPay(A, K.Options, L, Note);
        Why && !K.Options.Force && !(Dir && Dir->Target))
      return decline(F, *Why);
    std::string Text = "split into " + std::to_string(L.Groups.size()) +
                       " loops of independent statements";
    if (L.Repeated)
      Text += " (" + std::to_string(L.Repeated) +
              " declaration(s) repeated in each loop that reads them)";
    if (unsigned Moved = unsigned(llvm::count_if(
            L.Following, [](const auto &P) { return P.second >= 0; })))
      Text += ", " + std::to_string(Moved) +
              " statement(s) after it moved up to use a loop's results "
              "before the next loop";
    if (Dir && Dir->Target && !K.Options.Force)
      Note = "asked for by '#pragma tdr' at " + A.loc(Dir->Loc) +
             (Note.empty() ? "" : "; " + Note);
    explain(F, true, Note.empty() ? Text : Text + "; " + Note);
    // The statements after it that its text rewrites move as written.
    for (const auto &[S, To] : L.Following)
      Consumed.insert(S);
    P.Loops.push_back(std::move(L));
    return true;
  }

  KernelContext &K;
  KernelAnalyses &A;
  FootprintScope Scope;
  LoopSplitPlan P;
  llvm::DenseSet<const Stmt *> Consumed;
};

} // namespace

LoopSplitPlan planLoopSplit(KernelContext &K) { return Planner(K).run(); }

} // namespace tdrc
