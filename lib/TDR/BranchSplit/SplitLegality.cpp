//===- SplitLegality.cpp - Do the parts compute what the kernel computes? -===//
//
// The parts run one after another, each over the whole NDRange.  That
// keeps the results where
//
//   - work-items do not talk to each other: no barrier, collective or local
//     memory, no atomic whose result is used, no floating-point atomic (the
//     dwa transform's rule, WorkPool/PoolLegality.cpp; the IDs stay as they
//     are, so where they are read does not matter);
//   - what every part runs writes no memory (UnifyLegality.cpp's rule:
//     only the work-item's own variables), since it runs once per part;
//   - what every part reads is not written by the kernel: a later part
//     would read what an earlier one wrote.  Memory is followed to its
//     roots syntactically: the kernel's pointer parameters and variables of
//     static storage, through the private pointers made from them.
//
// Two parameters the host binds to one buffer are not seen here; the
// descriptor lists the parameters read and written so that the host can
// check (runtime/cl runs the original when one buffer is both).
//
//===----------------------------------------------------------------------===//
#include "../PathUnify/UnifyPlan.h" // whyNotRepeatable
#include "../WorkPool/PoolPlan.h"   // checkItemsIndependent
#include "SplitPlan.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"

using namespace clang;

namespace tdrc {

namespace {

/// A private variable that may hold an address: a pointer, an array of
/// them, or a record (which may have pointer members).
bool mayHoldAddress(QualType T) {
  T = T.getNonReferenceType();
  while (const ArrayType *AT = T->getAsArrayTypeUnsafe())
    T = AT->getElementType();
  return T->isPointerType() || T->isRecordType();
}

/// The variable an assignment's target belongs to (p, p[i], s.f), if any.
const VarDecl *targetVar(const Expr *E) {
  auto *DR = dyn_cast<DeclRefExpr>(storageRoot(E));
  return DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
}

/// The memory an expression may reach: the kernel's pointer parameters and
/// variables of static storage it names, directly or through the private
/// variables that hold addresses made from them.
class MemoryRoots {
public:
  explicit MemoryRoots(KernelAnalyses &A) : A(A) { assignments(A.Body); }

  /// Adds the roots S may reach to Out.
  void collect(const Stmt *S, llvm::SetVector<const VarDecl *> &Out) {
    Traced.clear();
    Helpers.clear();
    add(S, Out);
  }

private:
  void add(const Stmt *S, llvm::SetVector<const VarDecl *> &Out) {
    if (!S)
      return;
    if (auto *DR = dyn_cast<DeclRefExpr>(S))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        var(V, Out);
    if (auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = CE->getDirectCallee())
        if (const FunctionDecl *Def = userDefinition(Callee);
            Def && Helpers.insert(Def).second)
          add(Def->getBody(), Out); // its own parameters are private
    for (const Stmt *C : S->children())
      add(C, Out);
  }

  void var(const VarDecl *V, llvm::SetVector<const VarDecl *> &Out) {
    if (auto *PV = dyn_cast<ParmVarDecl>(V)) {
      if (PV->getDeclContext() == A.Kernel) {
        if (mayHoldAddress(PV->getType()))
          Out.insert(PV);
        return;
      }
    }
    if (!isThreadPrivateVar(V)) { // global, constant or shared memory
      Out.insert(V);
      return;
    }
    if (!mayHoldAddress(V->getType()) || !Traced.insert(V).second)
      return;
    add(V->getInit(), Out);
    for (const Expr *E : Assigned.lookup(V))
      add(E, Out);
  }

  void assignments(const Stmt *S) {
    if (!S)
      return;
    if (auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
      if (const VarDecl *V = targetVar(BO->getLHS()))
        Assigned[V].push_back(BO->getRHS());
    for (const Stmt *C : S->children())
      assignments(C);
  }

  KernelAnalyses &A;
  llvm::DenseMap<const VarDecl *, std::vector<const Expr *>> Assigned;
  llvm::DenseSet<const VarDecl *> Traced;
  llvm::DenseSet<const FunctionDecl *> Helpers;
};

/// The roots of the memory S reads: the bases of its subscripts,
/// dereferences and arrows, and the addresses it passes to calls (a
/// pointer only moved, `out += i`, reads nothing).
void readRoots(MemoryRoots &Roots, const Stmt *S,
               llvm::DenseSet<const FunctionDecl *> &Seen,
               llvm::SetVector<const VarDecl *> &Out) {
  if (!S)
    return;
  const Expr *Base = nullptr;
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(S))
    Base = AS->getBase();
  else if (auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->getOpcode() == UO_Deref)
    Base = UO->getSubExpr();
  else if (auto *ME = dyn_cast<MemberExpr>(S); ME && ME->isArrow())
    Base = ME->getBase();
  else if (auto *DR = dyn_cast<DeclRefExpr>(S)) // a variable of static storage
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl()); V && !isThreadPrivateVar(V))
      Out.insert(V);
  if (Base)
    Roots.collect(Base, Out);
  if (auto *CE = dyn_cast<CallExpr>(S)) {
    for (const Expr *Arg : CE->arguments())
      if (Arg->getType()->isPointerType() || Arg->getType()->isArrayType() ||
          Arg->getType()->isRecordType())
        Roots.collect(Arg, Out);
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      if (const FunctionDecl *Def = userDefinition(Callee);
          Def && Seen.insert(Def).second)
        readRoots(Roots, Def->getBody(), Seen, Out);
  }
  for (const Stmt *C : S->children())
    readRoots(Roots, C, Seen, Out);
}

/// What a statement of A.GlobalWrites writes through.
std::vector<const Expr *> writeTargets(const Stmt *W) {
  if (auto *BO = dyn_cast<BinaryOperator>(W))
    return {BO->getLHS()};
  if (auto *UO = dyn_cast<UnaryOperator>(W))
    return {UO->getSubExpr()};
  // A call writes through the addresses it is given (a helper's pointers
  // to const data aside); values passed are only read.
  std::vector<const Expr *> Out;
  auto *CE = dyn_cast<CallExpr>(W);
  if (!CE)
    return Out;
  const FunctionDecl *Def =
      CE->getDirectCallee() ? userDefinition(CE->getDirectCallee()) : nullptr;
  for (unsigned I = 0; I < CE->getNumArgs(); ++I) {
    QualType T = Def && I < Def->getNumParams()
                     ? Def->getParamDecl(I)->getType()
                     : CE->getArg(I)->getType();
    bool Address = T->isPointerType() || T->isReferenceType() ||
                   T->isArrayType() || T->isRecordType();
    bool ReadOnly =
        (T->isPointerType() && T->getPointeeType().isConstQualified()) ||
        (T->isReferenceType() && T.getNonReferenceType().isConstQualified());
    if (Address && !ReadOnly)
      Out.push_back(CE->getArg(I));
  }
  return Out;
}

/// Variables of static storage that the helpers the kernel calls assign
/// (A.GlobalWrites holds the kernel's own statements and the calls).
void helperStaticWrites(const Stmt *S,
                        llvm::DenseSet<const FunctionDecl *> &Seen,
                        llvm::SetVector<const VarDecl *> &Out) {
  if (!S)
    return;
  const Expr *Target = nullptr;
  if (auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  if (auto *UO = dyn_cast<UnaryOperator>(S); UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  if (const VarDecl *V = Target ? targetVar(Target) : nullptr;
      V && !isThreadPrivateVar(V) && !isa<ParmVarDecl>(V))
    Out.insert(V);
  if (auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *Callee = CE->getDirectCallee())
      if (const FunctionDecl *Def = userDefinition(Callee);
          Def && Seen.insert(Def).second)
        helperStaticWrites(Def->getBody(), Seen, Out);
  for (const Stmt *C : S->children())
    helperStaticWrites(C, Seen, Out);
}

std::vector<unsigned> paramIndices(const FunctionDecl *K,
                                   const llvm::SetVector<const VarDecl *> &S) {
  std::vector<unsigned> Out;
  for (unsigned I = 0; I < K->getNumParams(); ++I)
    if (S.count(K->getParamDecl(I)))
      Out.push_back(I);
  return Out;
}

} // namespace

std::optional<std::string> whySplitIllegal(KernelAnalyses &A, SplitPlan &P) {
  PoolPlan Items;
  Items.Kernel = A.Kernel;
  Items.Body = A.Body;
  if (auto Why = checkItemsIndependent(A, Items, /*Redirect=*/false))
    return "the parts would run its work-items apart, but " + *Why;
  for (const Stmt *S : P.EveryPart)
    if (auto Why = whyNotRepeatable(A, S))
      return "every part runs the code before the branch (and after the "
             "guards around it), but " + *Why;
  // Each root the parts read, with the first statement that reads it; and
  // each root the kernel writes.
  llvm::SetVector<const VarDecl *> Reads, Writes;
  MemoryRoots Roots(A);
  for (const Stmt *W : A.GlobalWrites)
    for (const Expr *T : writeTargets(W))
      Roots.collect(T, Writes);
  llvm::DenseSet<const FunctionDecl *> Helpers;
  helperStaticWrites(A.Body, Helpers, Writes);
  for (const Stmt *S : P.EveryPart) {
    llvm::SetVector<const VarDecl *> Here;
    llvm::DenseSet<const FunctionDecl *> Seen;
    readRoots(Roots, S, Seen, Here);
    for (const VarDecl *V : Here)
      if (Writes.count(V))
        return "the code every part runs reads '" + V->getNameAsString() +
               "' at " + A.loc(S->getBeginLoc()) +
               ", which the kernel writes: a later part would read what an "
               "earlier one wrote";
    Reads.insert(Here.begin(), Here.end());
  }
  P.Reads = paramIndices(A.Kernel, Reads);
  P.Writes = paramIndices(A.Kernel, Writes);
  return std::nullopt;
}

} // namespace tdrc
