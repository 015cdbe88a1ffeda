//===- MemoryRoots.cpp - Which memory a statement may read or write -------===//
#include "tdrc/TDR/MemoryRoots.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "tdrc/TDR/MemorySpace.h"

using namespace clang;

namespace tdrc {

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

MemoryRoots::MemoryRoots(KernelAnalyses &A) : A(A) { assignments(A.Body); }

void MemoryRoots::collect(const Stmt *S, RootSet &Out) {
  Traced.clear();
  Helpers.clear();
  add(S, Out);
}

void MemoryRoots::add(const Stmt *S, RootSet &Out) {
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

void MemoryRoots::var(const VarDecl *V, RootSet &Out) {
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

void MemoryRoots::assignments(const Stmt *S) {
  if (!S)
    return;
  if (auto *BO = dyn_cast<BinaryOperator>(S); BO && BO->isAssignmentOp())
    if (const VarDecl *V = targetVar(BO->getLHS()))
      Assigned[V].push_back(BO->getRHS());
  for (const Stmt *C : S->children())
    assignments(C);
}

/// The roots of the memory S reads: the bases of its subscripts,
/// dereferences and arrows, and the addresses it passes to calls (a
/// pointer only moved, `out += i`, reads nothing).
void readRoots(MemoryRoots &Roots, const Stmt *S,
               llvm::DenseSet<const FunctionDecl *> &Seen,
               RootSet &Out) {
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
                        RootSet &Out) {
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

} // namespace tdrc
