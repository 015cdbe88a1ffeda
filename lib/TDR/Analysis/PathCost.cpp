//===- PathCost.cpp - Weighted operation counts of a path ------------------===//
#include "tdrc/TDR/PathCost.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/Expr.h"
#include "clang/AST/StmtCXX.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cmath>
#include <cstdio>

using namespace clang;

namespace tdrc {

// Weights, in issue slots of one simple arithmetic instruction.  The memory
// weight is the issue cost of an access whose latency other warps hide.
static constexpr double Arith = 1, FloatDiv = 4, IntDiv = 8, Sqrt = 4,
                        Transcendental = 8, Atomic = 8, GlobalMem = 4,
                        LocalMem = 2, PrivateArray = 1, UnknownCall = 4;

SymbolicCost &SymbolicCost::operator+=(const SymbolicCost &O) {
  Const += O.Const;
  for (auto &[K, V] : O.Terms)
    Terms[K] += V;
  Single.insert(O.Single.begin(), O.Single.end());
  Guessed |= O.Guessed;
  return *this;
}

SymbolicCost SymbolicCost::scaled(double F) const {
  SymbolicCost R = *this;
  R.Const *= F;
  for (auto &KV : R.Terms)
    KV.second *= F;
  return R;
}

SymbolicCost SymbolicCost::times(const TripCount &T) const {
  SymbolicCost R;
  R.Guessed = Guessed;
  if (Const != 0) {
    R.Terms[T.Text] += Const;
    R.Single[T.Text] = T;
  }
  for (auto &[K, V] : Terms)
    R.Terms[K + " * " + T.Text] += V;
  return R;
}

std::string SymbolicCost::atLeast(double Bound) const {
  const std::pair<const std::string, double> *Term = nullptr;
  for (const auto &KV : Terms) {
    if (KV.second == 0)
      continue;
    if (Term)
      return "";
    Term = &KV;
  }
  auto It = Term ? Single.find(Term->first) : Single.end();
  if (It == Single.end() || Term->second <= 0 || Const >= Bound)
    return "";
  // Const + G * max(Span, 0) / Step >= Bound, with the right side > 0:
  // Span >= (Bound - Const) / G * Step, an integer Span, the least such.
  double Need = std::ceil((Bound - Const) / Term->second * It->second.Step);
  if (!(Need >= 1 && Need < 2147483647.0))
    return "";
  return "(" + It->second.Span + ") >= " + std::to_string(long(Need));
}

static std::string number(double V) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%.1ff", V);
  return Buf;
}

std::string SymbolicCost::text() const {
  std::string S = Const != 0 || Terms.empty() ? number(Const) : "";
  for (auto &[K, V] : Terms)
    if (V != 0)
      S += (S.empty() ? "" : " + ") + number(V) + " * " + K;
  return S.empty() ? "0.0f" : S;
}

double SymbolicCost::at(double Trips) const {
  double V = Const;
  for (auto &[K, C] : Terms)
    V += C * Trips;
  return V;
}

std::string SymbolicCost::brief() const {
  char B[48];
  std::snprintf(B, sizeof B, "%.0f", Const);
  std::string S = B;
  for (auto &[K, V] : Terms) {
    if (V == 0)
      continue;
    auto It = Single.find(K);
    std::snprintf(B, sizeof B, " %c %.1f x ", V < 0 ? '-' : '+', std::abs(V));
    S += B + (It != Single.end() && !It->second.Span.empty()
                  ? It->second.Span
                  : K);
  }
  return S;
}

static unsigned countCases(const Stmt *S) {
  if (!S)
    return 0;
  unsigned N = isa<CaseStmt, DefaultStmt>(S) ? 1 : 0;
  if (isa<SwitchStmt>(S)) // a nested switch's labels are its own
    return 0;
  for (const Stmt *C : S->children())
    N += countCases(C);
  return N;
}

static double memoryWeight(const Expr *Base, QualType Elem) {
  LangAS AS = Elem.getAddressSpace();
  if (AS == LangAS::opencl_local || AS == LangAS::cuda_shared)
    return LocalMem;
  if (auto *DR = dyn_cast<DeclRefExpr>(Base->IgnoreParenImpCasts()))
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl())) {
      // CUDA's __shared__ is an attribute of the variable, not of its type.
      if (isSharedMemoryVar(V))
        return LocalMem;
      if (V->getType()->isArrayType() && V->hasLocalStorage() &&
          (AS == LangAS::Default || AS == LangAS::opencl_private))
        return PrivateArray;
    }
  return GlobalMem;
}

/// The weight of a math function by its name (OpenCL's built-ins, CUDA's
/// functions and libdevice's __nv_ forms); 0 for any other name.
static double mathCost(StringRef Name) {
  Name.consume_front("__nv_");
  Name.consume_front("native_");
  Name.consume_front("half_");
  Name.consume_front("__"); // CUDA's fast intrinsics: __expf, __sinf, ...
  if (Name.starts_with("sqrt") || Name.starts_with("rsqrt") ||
      Name.starts_with("cbrt"))
    return Sqrt;
  for (const char *T : {"exp", "log", "pow", "sin", "cos", "tan", "asin",
                        "acos", "atan", "sinh", "cosh", "tanh", "erf", "tgamma",
                        "lgamma", "hypot", "fmod", "remainder"})
    if (Name.starts_with(T))
      return Transcendental;
  return 0;
}

double PathCost::callCost(const CallExpr *CE, unsigned Depth,
                          SymbolicCost &Body) {
  const FunctionDecl *FD = CE->getDirectCallee();
  if (!FD)
    return op(UnknownCall);
  // Operators and constructors (CUDA's float4 + float4) have no identifier.
  StringRef Name = FD->getIdentifier() ? FD->getName() : StringRef();
  // The CUDA toolkit's functions have bodies (wrappers of libdevice's):
  // priced by name, as OpenCL's built-ins and the built-in prelude's are.
  bool System = Ctx.getSourceManager().isInSystemHeader(FD->getLocation());
  if (const FunctionDecl *Def = FD->getDefinition();
      Def && Def->hasBody() && !System) {
    if (Depth < 4)
      Body += of(Def->getBody(), Depth + 1);
    else
      Body.Guessed = true;
    return op(Arith); // the call and return
  }
  if (double Math = mathCost(Name))
    return op(Math);
  if (Name.starts_with("atomic") || Name.starts_with("atom_"))
    return op(Atomic);
  if (Name.starts_with("vload") || Name.starts_with("vstore")) {
    // vloadN(offset, p), vstoreN(data, offset, p): the last two arguments.
    unsigned N = CE->getNumArgs();
    if (!Counted)
      return GlobalMem;
    return N >= 2 && (*Counted)({CE->getArg(N - 2), CE->getArg(N - 1)});
  }
  return op(Arith); // min, max, mad, fma, select, convert_*, ...
}

double PathCost::access(const Expr *Base, QualType Elem,
                        llvm::ArrayRef<const Expr *> Address) const {
  double W = memoryWeight(Base, Elem);
  if (!Counted)
    return W;
  return W == GlobalMem && (*Counted)(Address);
}

SymbolicCost PathCost::of(const Stmt *S, unsigned Depth) {
  SymbolicCost C;
  if (!S)
    return C;
  if (auto *F = dyn_cast<ForStmt>(S))
    return loop(F, Depth);
  if (isa<WhileStmt, DoStmt, CXXForRangeStmt>(S)) {
    SymbolicCost Body;
    for (const Stmt *Ch : S->children())
      Body += of(Ch, Depth);
    Body.Const += op(Arith); // the back edge
    C = Body.scaled(DefaultTrips);
    C.Guessed = true;
    return C;
  }
  if (auto *If = dyn_cast<IfStmt>(S)) {
    C += of(If->getCond(), Depth);
    C.Const += op(Arith);
    SymbolicCost Sides = of(If->getThen(), Depth);
    Sides += of(If->getElse(), Depth);
    C += Sides.scaled(0.5); // either side, as likely
    return C;
  }
  if (auto *Sw = dyn_cast<SwitchStmt>(S)) {
    C += of(Sw->getCond(), Depth);
    C.Const += op(Arith);
    C += of(Sw->getBody(), Depth)
             .scaled(1.0 / std::max(1u, countCases(Sw->getBody())));
    return C;
  }
  if (auto *CO = dyn_cast<ConditionalOperator>(S)) {
    C += of(CO->getCond(), Depth);
    C.Const += op(Arith);
    SymbolicCost Sides = of(CO->getTrueExpr(), Depth);
    Sides += of(CO->getFalseExpr(), Depth);
    C += Sides.scaled(0.5);
    return C;
  }
  if (auto *CE = dyn_cast<CallExpr>(S)) {
    for (const Expr *A : CE->arguments())
      C += of(A, Depth);
    C.Const += callCost(CE, Depth, C);
    return C;
  }
  for (const Stmt *Ch : S->children())
    C += of(Ch, Depth);
  if (auto *BO = dyn_cast<BinaryOperator>(S)) {
    BinaryOperatorKind Op = BO->getOpcode();
    if (auto *CA = dyn_cast<CompoundAssignOperator>(BO))
      Op = BinaryOperator::getOpForCompoundAssignment(CA->getOpcode());
    bool Float = BO->getType()->isFloatingType() ||
                 BO->getLHS()->getType()->isFloatingType();
    if (Op == BO_Div || Op == BO_Rem)
      C.Const += op(Float ? FloatDiv : IntDiv);
    else if (Op != BO_Assign && Op != BO_Comma)
      C.Const += op(Arith);
  } else if (auto *UO = dyn_cast<UnaryOperator>(S)) {
    if (UO->getOpcode() == UO_Deref)
      C.Const += access(UO->getSubExpr(), UO->getType(), {UO->getSubExpr()});
    else if (UO->getOpcode() != UO_AddrOf && UO->getOpcode() != UO_Plus)
      C.Const += op(Arith);
  } else if (auto *AS = dyn_cast<ArraySubscriptExpr>(S)) {
    C.Const += access(AS->getBase(), AS->getType(), {AS->getBase(), AS->getIdx()});
  } else if (auto *ME = dyn_cast<MemberExpr>(S)) {
    if (ME->isArrow())
      C.Const += access(ME->getBase(), ME->getType(), {ME->getBase()});
  } else if (auto *IC = dyn_cast<ImplicitCastExpr>(S)) {
    if (IC->getCastKind() == CK_IntegralToFloating ||
        IC->getCastKind() == CK_FloatingToIntegral)
      C.Const += op(Arith);
  } else if (auto *EC = dyn_cast<CStyleCastExpr>(S)) {
    if (EC->getCastKind() == CK_IntegralToFloating ||
        EC->getCastKind() == CK_FloatingToIntegral)
      C.Const += op(Arith);
  }
  return C;
}

SymbolicCost PathCost::loop(const ForStmt *F, unsigned Depth) {
  SymbolicCost Iter = of(F->getCond(), Depth);
  Iter += of(F->getInc(), Depth);
  Iter += of(F->getBody(), Depth);
  Iter.Const += op(Arith); // the back edge
  SymbolicCost C = of(F->getInit(), Depth);
  C += repeated(F, Iter);
  return C;
}

SymbolicCost PathCost::repeated(const Stmt *Loop, const SymbolicCost &Iter) {
  SymbolicCost C;
  double N = -1;
  TripCount Trips;
  if (auto *F = dyn_cast<ForStmt>(Loop))
    Trips = tripCount(F, N);
  if (!Trips.Text.empty())
    C += Iter.times(Trips);
  else if (N >= 0)
    C += Iter.scaled(N);
  else {
    C += Iter.scaled(DefaultTrips);
    C.Guessed = true;
  }
  return C;
}

bool PathCost::stable(const Expr *E) const {
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DR->getDecl()))
      return true;
    auto *P = dyn_cast<ParmVarDecl>(DR->getDecl());
    // Only the kernel's own parameters can be named at its start; a loop in
    // a helper over the helper's parameter counts as one of unknown length.
    return P && P->getDeclContext() == Kernel && !Written.count(P) &&
           P->getType()->isIntegerType();
  }
  if (auto *Cast = dyn_cast<CastExpr>(E))
    return Cast->getType()->isIntegerType() && stable(Cast->getSubExpr());
  if (auto *UO = dyn_cast<UnaryOperator>(E))
    return UO->getOpcode() == UO_Minus && stable(UO->getSubExpr());
  if (auto *BO = dyn_cast<BinaryOperator>(E)) {
    switch (BO->getOpcode()) {
    case BO_Add: case BO_Sub: case BO_Mul: case BO_Div: case BO_Shl:
    case BO_Shr:
      return stable(BO->getLHS()) && stable(BO->getRHS());
    default:
      return false;
    }
  }
  return false;
}

std::string PathCost::textOf(const Expr *E) const {
  std::string S;
  llvm::raw_string_ostream OS(S);
  E->IgnoreParenImpCasts()->printPretty(OS, nullptr, Ctx.getPrintingPolicy());
  return S;
}

static const VarDecl *refVar(const Expr *E) {
  if (auto *DR = dyn_cast_or_null<DeclRefExpr>(E ? E->IgnoreParenImpCasts()
                                                 : nullptr))
    return dyn_cast<VarDecl>(DR->getDecl());
  return nullptr;
}

/// The loop body writes V (or takes its address).
static bool writes(const Stmt *S, const VarDecl *V) {
  if (!S)
    return false;
  if (auto *BO = dyn_cast<BinaryOperator>(S))
    if (BO->isAssignmentOp() && refVar(BO->getLHS()) == V)
      return true;
  if (auto *UO = dyn_cast<UnaryOperator>(S))
    if ((UO->isIncrementDecrementOp() || UO->getOpcode() == UO_AddrOf) &&
        refVar(UO->getSubExpr()) == V)
      return true;
  for (const Stmt *C : S->children())
    if (writes(C, V))
      return true;
  return false;
}

TripCount PathCost::tripCount(const ForStmt *F, double &N) {
  N = -1; // unknown
  const VarDecl *V = nullptr;
  const Expr *From = nullptr;
  if (auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
    if (DS->isSingleDecl())
      if ((V = dyn_cast<VarDecl>(DS->getSingleDecl())))
        From = V->getInit();
  } else if (auto *BO = dyn_cast_or_null<BinaryOperator>(F->getInit())) {
    if (BO->getOpcode() == BO_Assign && (V = refVar(BO->getLHS())))
      From = BO->getRHS();
  }
  auto *Cond = dyn_cast_or_null<BinaryOperator>(
      F->getCond() ? F->getCond()->IgnoreParenImpCasts() : nullptr);
  if (!V || !From || !Cond || !V->getType()->isIntegerType())
    return {};
  // i < B, i <= B, i != B, or B > i, B >= i.
  const Expr *To = nullptr;
  bool Inclusive = false;
  BinaryOperatorKind Op = Cond->getOpcode();
  if (refVar(Cond->getLHS()) == V &&
      (Op == BO_LT || Op == BO_LE || Op == BO_NE)) {
    To = Cond->getRHS();
    Inclusive = Op == BO_LE;
  } else if (refVar(Cond->getRHS()) == V && (Op == BO_GT || Op == BO_GE)) {
    To = Cond->getLHS();
    Inclusive = Op == BO_GE;
  }
  // ++i, i++, i += c with a positive constant c.
  long Step = 0;
  const Expr *Inc = F->getInc() ? F->getInc()->IgnoreParenImpCasts() : nullptr;
  if (auto *UO = dyn_cast_or_null<UnaryOperator>(Inc)) {
    if (UO->isIncrementOp() && refVar(UO->getSubExpr()) == V)
      Step = 1;
  } else if (auto *CA = dyn_cast_or_null<CompoundAssignOperator>(Inc)) {
    Expr::EvalResult R;
    if (CA->getOpcode() == BO_AddAssign && refVar(CA->getLHS()) == V &&
        CA->getRHS()->EvaluateAsInt(R, Ctx) && R.Val.getInt().isStrictlyPositive())
      Step = R.Val.getInt().getExtValue();
  }
  if (!To || Step <= 0 || writes(F->getBody(), V) || !stable(From) ||
      !stable(To))
    return {};
  Expr::EvalResult A, B;
  if (From->EvaluateAsInt(A, Ctx) && To->EvaluateAsInt(B, Ctx)) {
    long Span = long(B.Val.getInt().getExtValue()) -
                long(A.Val.getInt().getExtValue()) + (Inclusive ? 1 : 0);
    N = Span > 0 ? double((Span + Step - 1) / Step) : 0;
    return {};
  }
  Expr::EvalResult Zero;
  bool FromZero = From->EvaluateAsInt(Zero, Ctx) && Zero.Val.getInt() == 0;
  std::string Span = FromZero ? textOf(To)
                              : "(" + textOf(To) + ") - (" + textOf(From) + ")";
  if (Inclusive)
    Span += " + 1";
  std::string T = "((" + Span + ") > 0 ? (float)(" + Span + ") : 0.0f)";
  if (Step > 1)
    T = "(" + T + " / " + std::to_string(Step) + ".0f)";
  return {T, Span, Step};
}

} // namespace tdrc
