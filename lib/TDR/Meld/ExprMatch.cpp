//===- ExprMatch.cpp - Melding two expressions ------------------------------===//
//
// Two expressions meld when their operator trees have the same shape: the
// nodes they share are written once and each pair of subtrees that differ
// becomes `(c ? a : b)`.  Comparisons are canonicalised (`a > b` melds with
// `b < a`) and the operands of commutative integer operators may swap, which
// is what DARM's IR-level alignment cannot do (it misses bitonic sort's two
// swaps).  A select is only made where C keeps the meaning:
//   - both arms are values (never lvalues: C has no conditional lvalue, and
//     taking addresses of private variables would move them to memory);
//   - both arms have the operand's type, or are cast to it (arithmetic);
//   - neither arm has side effects or takes a private variable's address
//     (the order of evaluation inside a statement stays what it was);
//   - a float multiply is never separated from the add it feeds, so
//     `#pragma OPENCL FP_CONTRACT ON` contracts what it contracted before;
//   - the index of a private array stays what it was (a select there would
//     make the array dynamically indexed and move it to local memory).
//
//===----------------------------------------------------------------------===//
#include "Melder.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/ExprCXX.h"

using namespace clang;

namespace tdrc {

namespace {

/// A subscript of a private array: a register (or the work-item's stack).
bool privateSubscript(const MeldEnv &E, const ArraySubscriptExpr *AS) {
  const Expr *Base = AS->getBase()->IgnoreParenImpCasts();
  return Base->getType()->isArrayType() && isPrivateArray(Base, E.Ctx);
}

bool isMemoryAccess(const MeldEnv &E, const Expr *X) {
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(X))
    return !privateSubscript(E, AS);
  if (auto *U = dyn_cast<UnaryOperator>(X))
    return U->getOpcode() == UO_Deref;
  if (auto *M = dyn_cast<MemberExpr>(X))
    return M->isArrow();
  return false;
}

double opWeight(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_Add: case BO_Sub: case BO_AddAssign: case BO_SubAssign:
    return meldweight::Add;
  case BO_Mul: case BO_MulAssign:
    return meldweight::Mul;
  case BO_Div: case BO_Rem: case BO_DivAssign: case BO_RemAssign:
    return meldweight::Div;
  case BO_Assign: case BO_Comma:
    return 0;
  default:
    return meldweight::Other;
  }
}

bool freeCast(CastKind K) {
  return K == CK_LValueToRValue || K == CK_NoOp || K == CK_ArrayToPointerDecay ||
         K == CK_FunctionToPointerDecay || K == CK_BuiltinFnToFnPtr;
}

/// The weight of X's own operation, without its operands.
double nodeWeight(const MeldEnv &E, const Expr *X) {
  if (isMemoryAccess(E, X))
    return meldweight::Memory;
  if (auto *B = dyn_cast<BinaryOperator>(X)) {
    double W = opWeight(B->getOpcode());
    // A read-modify-write of memory reads it as well as writing it.
    if (B->isCompoundAssignmentOp() &&
        isMemoryAccess(E, B->getLHS()->IgnoreParenImpCasts()))
      W += meldweight::Memory;
    return W;
  }
  if (auto *U = dyn_cast<UnaryOperator>(X)) {
    if (U->isIncrementDecrementOp())
      return meldweight::Add +
             (isMemoryAccess(E, U->getSubExpr()->IgnoreParenImpCasts())
                  ? meldweight::Memory
                  : 0);
    return U->getOpcode() == UO_Plus || U->getOpcode() == UO_AddrOf
               ? 0
               : meldweight::Other;
  }
  if (auto *C = dyn_cast<CastExpr>(X))
    return freeCast(C->getCastKind()) ? 0 : meldweight::Other;
  if (auto *CE = dyn_cast<CallExpr>(X)) {
    const FunctionDecl *F = CE->getDirectCallee();
    // A math built-in is a sequence of instructions, like a division.
    if (F && !userDefinition(F) && classifyCallee(F) == BuiltinKind::Pure)
      return meldweight::Div;
    return meldweight::Other;
  }
  if (isa<ConditionalOperator>(X))
    return meldweight::Other;
  return 0;
}

bool isLeaf(const Expr *X) {
  return isa<DeclRefExpr, IntegerLiteral, FloatingLiteral, CharacterLiteral,
             CXXBoolLiteralExpr, StringLiteral, PseudoObjectExpr,
             UnaryExprOrTypeTraitExpr, CXXNullPtrLiteralExpr>(X);
}

BinaryOperatorKind mirrored(BinaryOperatorKind Op) {
  switch (Op) {
  case BO_LT: return BO_GT;
  case BO_GT: return BO_LT;
  case BO_LE: return BO_GE;
  case BO_GE: return BO_LE;
  default: return Op;
  }
}

bool sameType(QualType A, QualType B) {
  return A.getCanonicalType().getUnqualifiedType() ==
         B.getCanonicalType().getUnqualifiedType();
}

/// Two variables the melded code names once: the same variable, or one
/// declared in each side under one name and type (the two declarations meld
/// into one, or nameConflict() turns the branch down).
bool sameVariable(const MeldEnv &E, const ValueDecl *A, const ValueDecl *B) {
  if (A->getCanonicalDecl() == B->getCanonicalDecl())
    return true;
  auto *VA = dyn_cast<VarDecl>(A), *VB = dyn_cast<VarDecl>(B);
  return VA && VB && E.DeclaredA && E.DeclaredA->count(VA) &&
         E.DeclaredB && E.DeclaredB->count(VB) &&
         VA->getName() == VB->getName() && sameType(VA->getType(), VB->getType());
}

/// One function: one declaration, or two of OpenCL's built-ins, which
/// Clang may declare anew at each call (-fdeclare-opencl-builtins): the
/// same name and signature.
bool sameFunction(const FunctionDecl *A, const FunctionDecl *B) {
  if (A->getCanonicalDecl() == B->getCanonicalDecl())
    return true;
  return A->isImplicit() && B->isImplicit() && A->getIdentifier() &&
         B->getIdentifier() && A->getName() == B->getName() &&
         A->getType().getCanonicalType() == B->getType().getCanonicalType();
}

/// Same operation (children aside).  Mirrored comparisons count as one.
bool shallowSame(const MeldEnv &E, const Expr *A, const Expr *B) {
  if (A->getStmtClass() != B->getStmtClass() ||
      !sameType(A->getType(), B->getType()) ||
      A->getValueKind() != B->getValueKind())
    return false;
  if (auto *D = dyn_cast<DeclRefExpr>(A)) {
    const ValueDecl *DB = cast<DeclRefExpr>(B)->getDecl();
    if (auto *FA = dyn_cast<FunctionDecl>(D->getDecl()))
      return isa<FunctionDecl>(DB) && sameFunction(FA, cast<FunctionDecl>(DB));
    return sameVariable(E, D->getDecl(), DB);
  }
  if (auto *L = dyn_cast<IntegerLiteral>(A))
    return L->getValue() == cast<IntegerLiteral>(B)->getValue();
  if (auto *L = dyn_cast<FloatingLiteral>(A))
    return L->getValue().bitwiseIsEqual(cast<FloatingLiteral>(B)->getValue());
  if (auto *L = dyn_cast<CharacterLiteral>(A))
    return L->getValue() == cast<CharacterLiteral>(B)->getValue();
  if (auto *L = dyn_cast<CXXBoolLiteralExpr>(A))
    return L->getValue() == cast<CXXBoolLiteralExpr>(B)->getValue();
  if (auto *L = dyn_cast<StringLiteral>(A))
    return L->getBytes() == cast<StringLiteral>(B)->getBytes();
  if (isa<CXXNullPtrLiteralExpr>(A))
    return true;
  if (auto *O = dyn_cast<BinaryOperator>(A)) {
    BinaryOperatorKind OA = O->getOpcode(),
                       OB = cast<BinaryOperator>(B)->getOpcode();
    return OA == OB || (OA != mirrored(OA) && mirrored(OA) == OB);
  }
  if (auto *U = dyn_cast<UnaryOperator>(A))
    return U->getOpcode() == cast<UnaryOperator>(B)->getOpcode();
  if (auto *C = dyn_cast<CastExpr>(A))
    return C->getCastKind() == cast<CastExpr>(B)->getCastKind();
  if (auto *M = dyn_cast<MemberExpr>(A))
    return M->isArrow() == cast<MemberExpr>(B)->isArrow() &&
           M->getMemberDecl() == cast<MemberExpr>(B)->getMemberDecl();
  if (auto *V = dyn_cast<ExtVectorElementExpr>(A))
    return &V->getAccessor() == &cast<ExtVectorElementExpr>(B)->getAccessor();
  if (auto *T = dyn_cast<UnaryExprOrTypeTraitExpr>(A)) {
    auto *U = cast<UnaryExprOrTypeTraitExpr>(B);
    return T->getKind() == U->getKind() &&
           sameType(T->getTypeOfArgument(), U->getTypeOfArgument());
  }
  if (isa<PseudoObjectExpr>(A)) {
    CudaVarRef RA = cudaBuiltinVar(A), RB = cudaBuiltinVar(B);
    return RA && RA.Var == RB.Var && RA.Dim == RB.Dim;
  }
  if (auto *CE = dyn_cast<CallExpr>(A)) {
    auto *CB = cast<CallExpr>(B);
    const FunctionDecl *FA = CE->getDirectCallee(), *FB = CB->getDirectCallee();
    return FA && FB && sameFunction(FA, FB) &&
           CE->getNumArgs() == CB->getNumArgs();
  }
  return isa<ArraySubscriptExpr, ConditionalOperator>(A);
}

/// An arm may be evaluated in the select: no side effects, no address of a
/// private variable.
bool pureArm(const MeldEnv &E, const Expr *X) {
  if (!X)
    return true;
  if (auto *B = dyn_cast<BinaryOperator>(X); B && B->isAssignmentOp())
    return false;
  if (auto *U = dyn_cast<UnaryOperator>(X)) {
    if (U->isIncrementDecrementOp())
      return false;
    if (U->getOpcode() == UO_AddrOf)
      if (auto *DR = dyn_cast<DeclRefExpr>(storageRoot(U->getSubExpr())))
        if (auto *V = dyn_cast<VarDecl>(DR->getDecl());
            V && isThreadPrivateVar(V))
          return false;
  }
  // Indexing a private array reads an element: not its address.
  if (auto *AS = dyn_cast<ArraySubscriptExpr>(X)) {
    const Expr *Base = AS->getBase()->IgnoreParens();
    if (auto *C = dyn_cast<ImplicitCastExpr>(Base);
        C && C->getCastKind() == CK_ArrayToPointerDecay)
      Base = C->getSubExpr()->IgnoreParens();
    return pureArm(E, Base) && pureArm(E, AS->getIdx());
  }
  if (auto *C = dyn_cast<ImplicitCastExpr>(X);
      C && C->getCastKind() == CK_ArrayToPointerDecay &&
      isPrivateArray(C->getSubExpr()->IgnoreParens(), E.Ctx))
    return false;
  if (auto *CE = dyn_cast<CallExpr>(X)) {
    const FunctionDecl *F = CE->getDirectCallee();
    if (!F || userDefinition(F))
      return false;
    BuiltinKind K = classifyCallee(F);
    if (K != BuiltinKind::Pure && K != BuiltinKind::MemoryRead &&
        K != BuiltinKind::WorkItemId && K != BuiltinKind::WorkGroupUniform &&
        K != BuiltinKind::WorkItemLinearId)
      return false;
  }
  if (isa<PseudoObjectExpr>(X))
    return bool(cudaBuiltinVar(X));
  for (const Stmt *C : X->children())
    if (auto *CX = dyn_cast_or_null<Expr>(C); C && (!CX || !pureArm(E, CX)))
      return false;
  return true;
}

/// The type the arm's text has on its own (before the conversions the AST
/// applies around it, which C applies again around the select).
QualType textType(const MeldEnv &E, const Expr *X) {
  const Expr *In = X->IgnoreParenImpCasts();
  QualType T = In->getType();
  if (T->isArrayType())
    T = E.Ctx.getArrayDecayedType(T);
  return T;
}

/// Whether pointer X points into local/shared memory as far as its spelling
/// shows (CUDA's pointers are generic: the type does not say).
bool pointsToShared(const Expr *X) {
  X = X->IgnoreParenCasts();
  if (auto *U = dyn_cast<UnaryOperator>(X); U && U->getOpcode() == UO_AddrOf)
    X = storageRoot(U->getSubExpr());
  else if (auto *B = dyn_cast<BinaryOperator>(X); B && B->isAdditiveOp())
    return pointsToShared(B->getLHS()->getType()->isPointerType() ? B->getLHS()
                                                                  : B->getRHS());
  if (auto *DR = dyn_cast<DeclRefExpr>(X))
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      return isSharedMemoryVar(V);
  return false;
}

/// X's text is in the main file and its parentheses balance (Clang's range
/// of an OpenCL vector literal such as `(float4)(0.0f)` stops before its
/// last parenthesis).
bool balanced(const MeldEnv &E, const Expr *X) {
  std::optional<SourceText::Range> R = E.Src.range(X->getSourceRange());
  if (!R)
    return false;
  int Depth = 0;
  for (char C : E.Src.text(*R)) {
    Depth += C == '(' ? 1 : C == ')' ? -1 : 0;
    if (Depth < 0)
      return false;
  }
  return Depth == 0;
}

const Expr *stripSign(const Expr *X) {
  X = X->IgnoreParenImpCasts();
  while (auto *U = dyn_cast<UnaryOperator>(X)) {
    if (U->getOpcode() != UO_Minus && U->getOpcode() != UO_Plus)
      break;
    X = U->getSubExpr()->IgnoreParenImpCasts();
  }
  return X;
}

bool isFloatMul(const Expr *X) {
  auto *B = dyn_cast<BinaryOperator>(stripSign(X));
  return B && B->getOpcode() == BO_Mul && B->getType()->isFloatingType();
}

bool feedsFloatAdd(const Expr *X) {
  auto *B = dyn_cast<BinaryOperator>(X);
  if (!B || !B->getType()->isFloatingType())
    return false;
  BinaryOperatorKind Op = B->getOpcode();
  return Op == BO_Add || Op == BO_Sub || Op == BO_AddAssign ||
         Op == BO_SubAssign;
}

bool inexactFloat(const Expr *X, bool Deep, unsigned Depth = 0);

/// Whether S (a helper's body) divides floats or calls a math function on
/// floats anywhere, its own helpers' bodies included (a few deep).
bool inexactBody(const Stmt *S, unsigned Depth) {
  if (!S)
    return false;
  if (auto *X = dyn_cast<Expr>(S))
    return inexactFloat(X, true, Depth);
  for (const Stmt *C : S->children())
    if (inexactBody(C, Depth))
      return true;
  return false;
}

/// Whether X is a float division or a call on floats (sqrt, exp): an
/// operation OpenCL computes to within ulps, which NVIDIA's compiler
/// rounds differently when a constant operand no longer folds.  A helper
/// counts only when its body holds such an operation: one that clamps an
/// index and loads a float does not.  Deep: anywhere in X.
bool inexactFloat(const Expr *X, bool Deep, unsigned Depth) {
  X = X->IgnoreParenImpCasts();
  bool Float = X->getType()->hasFloatingRepresentation();
  if (auto *B = dyn_cast<BinaryOperator>(X)) {
    if ((B->getOpcode() == BO_Div || B->getOpcode() == BO_DivAssign) && Float)
      return true;
  } else if (auto *C = dyn_cast<CallExpr>(X)) {
    const FunctionDecl *F = C->getDirectCallee();
    const FunctionDecl *Def = F ? userDefinition(F) : nullptr;
    if (Def && Depth < 4) {
      if (inexactBody(Def->getBody(), Depth + 1))
        return true;
    } else {
      if (Float)
        return true;
      for (const Expr *Arg : C->arguments())
        if (Arg->getType()->hasFloatingRepresentation())
          return true;
    }
  }
  if (Deep)
    for (const Stmt *C : X->children())
      if (auto *CX = dyn_cast_or_null<Expr>(C);
          CX && inexactFloat(CX, true, Depth))
        return true;
  return false;
}

bool commutativeInt(const BinaryOperator *B) {
  switch (B->getOpcode()) {
  case BO_Add: case BO_Mul: case BO_And: case BO_Or: case BO_Xor:
    return B->getLHS()->getType()->isIntegerType() &&
           B->getRHS()->getType()->isIntegerType();
  case BO_EQ: case BO_NE:
    return !B->getLHS()->getType()->isFloatingType();
  default:
    return false;
  }
}

class ExprMelder {
public:
  ExprMelder(const MeldEnv &E, ExprMeld &Out) : E(E), Out(Out) {}

  /// Melds A with B; UnderAdd: the parent is a float add or subtract.
  bool meld(const Expr *A, const Expr *B, bool UnderAdd, bool TopSelect) {
    const Expr *a = A->IgnoreParens(), *b = B->IgnoreParens();
    ExprMeld Before = Out;
    if (shallowSame(E, a, b)) {
      if (meldChildren(a, b, UnderAdd)) {
        Out.Saved += nodeWeight(E, a);
        return true;
      }
      Out = Before;
    }
    return TopSelect && !NoSelect && select(A, B, UnderAdd);
  }

private:
  const MeldEnv &E;
  ExprMeld &Out;
  unsigned NoSelect = 0; // inside the index of a private array

  bool childrenInOrder(const Expr *a, const Expr *b, bool Swap, bool Under) {
    llvm::SmallVector<const Expr *, 4> CA, CB;
    for (const Stmt *C : a->children())
      CA.push_back(dyn_cast_or_null<Expr>(C));
    for (const Stmt *C : b->children())
      CB.push_back(dyn_cast_or_null<Expr>(C));
    if (CA.size() != CB.size())
      return false;
    if (Swap)
      std::swap(CB[0], CB[1]);
    // The index of a private array keeps its constant-ness.
    bool PrivateIndex = isa<ArraySubscriptExpr>(a) &&
                        privateSubscript(E, cast<ArraySubscriptExpr>(a));
    // No select in the operands of a float division or math call in OpenCL
    // (see select()): a constant operand would no longer fold, and NVIDIA's
    // compiler rounds the operation differently then.
    bool Inexact = E.Ctx.getLangOpts().OpenCL && inexactFloat(a, false);
    for (size_t I = 0; I < CA.size(); ++I) {
      if (!CA[I] || !CB[I]) {
        if (CA[I] != CB[I])
          return false;
        continue;
      }
      // No select anywhere in a private array's index either: a constant
      // index would become a dynamic one.
      bool Blocked = Inexact || (PrivateIndex && I == 1);
      NoSelect += Blocked;
      bool Ok = meld(CA[I], CB[I], Under, true);
      NoSelect -= Blocked;
      if (!Ok)
        return false;
    }
    return true;
  }

  bool meldChildren(const Expr *a, const Expr *b, bool UnderAdd) {
    if (isLeaf(a))
      return true;
    // Parens, conversions and signs pass the float-add context through.
    bool Under = isa<CastExpr>(a) || (isa<UnaryOperator>(a) &&
                                      (cast<UnaryOperator>(a)->getOpcode() ==
                                           UO_Minus ||
                                       cast<UnaryOperator>(a)->getOpcode() ==
                                           UO_Plus))
                     ? UnderAdd
                     : feedsFloatAdd(a);
    auto *BA = dyn_cast<BinaryOperator>(a);
    if (BA && BA->getOpcode() != cast<BinaryOperator>(b)->getOpcode())
      return childrenInOrder(a, b, /*Swap=*/true, Under); // mirrored
    if (BA && commutativeInt(BA)) {
      ExprMeld Start = Out, Direct;
      bool D = childrenInOrder(a, b, false, Under);
      Direct = Out;
      Out = Start;
      bool S = childrenInOrder(a, b, true, Under);
      if (D && (!S || net(Direct) >= net(Out)))
        Out = Direct;
      return D || S;
    }
    return childrenInOrder(a, b, false, Under);
  }

  static double net(const ExprMeld &M) {
    return M.Saved - meldweight::Select * M.Selects.size();
  }

  bool select(const Expr *A, const Expr *B, bool UnderAdd) {
    if (!A->isPRValue() || !B->isPRValue() || A->getType()->isVoidType() ||
        !sameType(A->getType(), B->getType()))
      return false;
    if (!pureArm(E, A) || !pureArm(E, B))
      return false;
    // A brace list is no expression of its own in C.
    if (isa<InitListExpr>(A->IgnoreParenImpCasts()) ||
        isa<InitListExpr>(B->IgnoreParenImpCasts()))
      return false;
    if (A->getType()->isFloatingType() && UnderAdd &&
        (isFloatMul(A) || isFloatMul(B)))
      return false;
    // OpenCL divides and takes roots to within ulps (NVIDIA's compiler
    // unless built with -cl-fp32-correctly-rounded-divide-sqrt), and such an
    // operation moved under a select was rounded differently by an ulp on
    // an H100 (generated kernels): an arm that divides floats or calls a
    // function on floats is not selected in OpenCL.
    if (E.Ctx.getLangOpts().OpenCL &&
        (inexactFloat(A, true) || inexactFloat(B, true)))
      return false;
    // One access at a selected address must stay in one memory space.
    if (A->getType()->isPointerType() && pointsToShared(A) != pointsToShared(B))
      return false;
    if (!balanced(E, A) || !balanced(E, B))
      return false;
    OperandSelect S{A, B, "", ""};
    // C's `?:` promotes char, short and bool operands to int (C++'s keeps
    // a common type): the select is cast back, or an overloaded helper
    // would see another type.
    if (!E.Ctx.getLangOpts().CPlusPlus && A->getType()->isIntegerType() &&
        E.Ctx.isPromotableIntegerType(A->getType()))
      S.Wrap = "(" + A->getType().getUnqualifiedType().getAsString(
                         E.Ctx.getPrintingPolicy()) + ")";
    if (!sameType(textType(E, A), textType(E, B))) {
      QualType T = A->getType();
      if (!T->isBuiltinType() || !T->isArithmeticType())
        return false;
      S.Cast = "(" + T.getUnqualifiedType().getAsString(
                         E.Ctx.getPrintingPolicy()) + ")";
    }
    Out.Selects.push_back(S);
    return true;
  }
};

} // namespace

double exprWeight(const MeldEnv &E, const Expr *X) {
  if (!X)
    return 0;
  double W = nodeWeight(E, X);
  if (!isLeaf(X))
    for (const Stmt *C : X->children())
      if (auto *CX = dyn_cast_or_null<Expr>(C))
        W += exprWeight(E, CX);
  return W;
}

double stmtWeight(const MeldEnv &E, const Stmt *S) {
  if (!S)
    return 0;
  if (auto *X = dyn_cast<Expr>(S))
    return exprWeight(E, X);
  double W = isa<IfStmt, ForStmt, WhileStmt, DoStmt>(S) ? meldweight::Other : 0;
  if (auto *DS = dyn_cast<DeclStmt>(S)) {
    for (const Decl *D : DS->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        W += exprWeight(E, V->getInit());
    return W;
  }
  for (const Stmt *C : S->children())
    W += stmtWeight(E, C);
  return W;
}

bool meldExprs(const MeldEnv &E, const Expr *A, const Expr *B, bool TopSelect,
               ExprMeld &Out) {
  ExprMeld Work = Out;
  ExprMelder M(E, Work);
  if (!M.meld(A, B, /*UnderAdd=*/false, TopSelect))
    return false;
  Out = std::move(Work);
  return true;
}

} // namespace tdrc
