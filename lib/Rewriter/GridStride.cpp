//===- GridStride.cpp - Grid-stride loops given a base the group shares ---===//
#include "GridStride.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <map>

using namespace clang;

namespace tdrc {

namespace {

// The variables the kernel assigns (=, op=, ++, --) or takes the address
// of, and every name it declares or refers to.
struct KernelNames : RecursiveASTVisitor<KernelNames> {
  llvm::DenseSet<const VarDecl *> Written;
  llvm::StringSet<> Names;
  void target(const Expr *E) {
    if (auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts()))
      if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
        Written.insert(V);
  }
  bool VisitBinaryOperator(BinaryOperator *B) {
    if (B->isAssignmentOp())
      target(B->getLHS());
    return true;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    if (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf)
      target(U->getSubExpr());
    return true;
  }
  bool VisitDeclRefExpr(DeclRefExpr *DR) {
    Names.insert(DR->getDecl()->getName());
    return true;
  }
  bool VisitNamedDecl(NamedDecl *D) {
    if (D->getIdentifier())
      Names.insert(D->getName());
    return true;
  }
};

const char *calleeName(const Expr *E) {
  auto *C = dyn_cast<CallExpr>(E);
  const FunctionDecl *F = C ? C->getDirectCallee() : nullptr;
  return F && F->getIdentifier() ? F->getIdentifier()->getNameStart()
                                 : nullptr;
}

// `f(0)` for the OpenCL query f.
bool queryOfDim0(const Expr *E, llvm::StringRef Name) {
  const char *N = calleeName(E);
  if (!N || Name != N || cast<CallExpr>(E)->getNumArgs() != 1)
    return false;
  auto *L = dyn_cast<IntegerLiteral>(
      cast<CallExpr>(E)->getArg(0)->IgnoreParenImpCasts());
  return L && L->getValue() == 0;
}

bool cudaVar(const Expr *E, CudaVar V) {
  CudaVarRef R = cudaBuiltinVar(E);
  return R.Var == V && R.Dim == 0;
}

// A size of the launch: at least 1 in every work-item alike.
bool launchSize(const Expr *E) {
  E = E->IgnoreParenCasts();
  for (const char *Q : {"get_global_size", "get_local_size", "get_num_groups",
                        "get_enqueued_local_size"})
    if (calleeName(E) && llvm::StringRef(calleeName(E)) == Q &&
        cast<CallExpr>(E)->getNumArgs() == 1 &&
        isa<IntegerLiteral>(cast<CallExpr>(E)->getArg(0)->IgnoreParenImpCasts()))
      return true;
  CudaVarRef R = cudaBuiltinVar(E);
  return (R.Var == CudaVar::BlockDim || R.Var == CudaVar::GridDim) &&
         R.Dim >= 0;
}

// The stride: sizes and positive literals joined by + and *, so that it is
// positive and the same in every work-item.
bool positiveStride(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (launchSize(E))
    return true;
  if (auto *L = dyn_cast<IntegerLiteral>(E))
    return L->getValue().getBoolValue();
  auto *B = dyn_cast<BinaryOperator>(E);
  return B && (B->getOpcode() == BO_Mul || B->getOpcode() == BO_Add) &&
         positiveStride(B->getLHS()) && positiveStride(B->getRHS());
}

// The bound: sizes, literals, enumerators and parameters the kernel never
// writes, in arithmetic without side effects.
bool sharedBound(const Expr *E, const KernelNames &K) {
  E = E->IgnoreParenCasts();
  if (launchSize(E) || isa<IntegerLiteral>(E))
    return true;
  if (auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DR->getDecl()))
      return true;
    auto *P = dyn_cast<ParmVarDecl>(DR->getDecl());
    return P && !K.Written.count(P);
  }
  if (auto *U = dyn_cast<UnaryOperator>(E))
    return U->getOpcode() == UO_Minus && sharedBound(U->getSubExpr(), K);
  auto *B = dyn_cast<BinaryOperator>(E);
  return B && (B->isAdditiveOp() || B->isMultiplicativeOp() ||
               B->isShiftOp() || B->isBitwiseOp()) &&
         sharedBound(B->getLHS(), K) && sharedBound(B->getRHS(), K);
}

bool refersTo(const Expr *E, const VarDecl *V) {
  auto *DR = dyn_cast<DeclRefExpr>(E->IgnoreParenImpCasts());
  return DR && DR->getDecl() == V;
}

class Matcher {
public:
  Matcher(ASTContext &Ctx, const KernelNames &K)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), K(K) {}

  // The loop rewritten, or none where F is not a grid-stride loop.
  std::optional<StrideLoop> match(const ForStmt *F) {
    auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit());
    auto *Body = dyn_cast<CompoundStmt>(F->getBody());
    auto *Cond = dyn_cast_or_null<BinaryOperator>(F->getCond());
    auto *Inc = dyn_cast_or_null<CompoundAssignOperator>(F->getInc());
    if (!DS || !DS->isSingleDecl() || !Body || !Cond || !Inc ||
        F->getConditionVariable())
      return std::nullopt;
    auto *V = dyn_cast<VarDecl>(DS->getSingleDecl());
    KernelNames InBody; // the header's step writes the counter, the body not
    InBody.TraverseStmt(const_cast<CompoundStmt *>(Body));
    if (!V || !V->getInit() || !V->getType()->isIntegerType() ||
        InBody.Written.count(V) || Cond->getOpcode() != BO_LT ||
        Inc->getOpcode() != BO_AddAssign || !refersTo(Cond->getLHS(), V) ||
        !refersTo(Inc->getLHS(), V) || !sharedBound(Cond->getRHS(), K) ||
        !positiveStride(Inc->getRHS()))
      return std::nullopt;
    std::optional<std::string> Base = groupBase(V->getInit());
    if (!Base)
      return std::nullopt;
    // Every place edited or copied lies in the file, not in a macro.
    const Expr *CondLHS = Cond->getLHS()->IgnoreParenImpCasts();
    const Expr *IncLHS = Inc->getLHS()->IgnoreParenImpCasts();
    for (SourceLocation L :
         {DS->getBeginLoc(), V->getLocation(), V->getInit()->getBeginLoc(),
          V->getInit()->getEndLoc(), CondLHS->getBeginLoc(),
          IncLHS->getBeginLoc(), Body->getLBracLoc(), Body->getRBracLoc()})
      if (!L.isFileID() || !SM.isInMainFile(L))
        return std::nullopt;
    std::string Type = text(CharSourceRange::getCharRange(DS->getBeginLoc(),
                                                          V->getLocation()));
    std::string Bound = text(SM.getExpansionRange(Cond->getRHS()->getSourceRange()));
    if (Type.empty() || Bound.empty())
      return std::nullopt;
    while (!Type.empty() && isspace(static_cast<unsigned char>(Type.back())))
      Type.pop_back();
    std::string Name = V->getNameAsString(), B = fresh(Name + "_base");
    bool Cuda = Ctx.getLangOpts().CUDA;
    StrideLoop L;
    L.Line = SM.getExpansionLineNumber(F->getBeginLoc());
    auto Replace = [&](SourceLocation Tok, const std::string &T) {
      unsigned At = SM.getFileOffset(Tok);
      L.Edits.push_back({At, At + unsigned(Name.size()), T});
    };
    Replace(V->getLocation(), B);
    CharSourceRange Init =
        CharSourceRange::getTokenRange(V->getInit()->getSourceRange());
    L.Edits.push_back({SM.getFileOffset(Init.getBegin()),
                       SM.getFileOffset(Lexer::getLocForEndOfToken(
                           Init.getEnd(), 0, SM, Ctx.getLangOpts())),
                       *Base});
    Replace(CondLHS->getBeginLoc(), B);
    Replace(IncLHS->getBeginLoc(), B);
    unsigned LB = SM.getFileOffset(Body->getLBracLoc()) + 1;
    std::string Lid = Cuda ? "threadIdx.x" : "(" + Type + ")get_local_id(0)";
    L.Edits.push_back(
        {LB, LB,
         " /* tdrc: grid-stride loop over a base its work-group shares */ " +
             Type + " " + Name + " = " + B + " + " + Lid + "; if (" + Name +
             " < " + Bound + ") {"});
    unsigned RB = SM.getFileOffset(Body->getRBracLoc());
    L.Edits.push_back({RB, RB, "} "});
    return L;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const KernelNames &K;
  llvm::StringSet<> Taken;

  std::string text(CharSourceRange R) {
    return Lexer::getSourceText(R, SM, Ctx.getLangOpts()).str();
  }

  std::string fresh(std::string N) {
    std::string T = N;
    for (unsigned I = 2; K.Names.count(T) || Taken.count(T); ++I)
      T = N + std::to_string(I);
    Taken.insert(T);
    return T;
  }

  // The first global ID of the work-group, where Init is the work-item's
  // global ID in dimension 0.
  std::optional<std::string> groupBase(const Expr *Init) {
    const Expr *E = Init->IgnoreParenCasts();
    if (queryOfDim0(E, "get_global_id"))
      return std::string("get_group_id(0) * get_local_size(0) + "
                         "get_global_offset(0)");
    auto *Add = dyn_cast<BinaryOperator>(E);
    if (!Add || Add->getOpcode() != BO_Add)
      return std::nullopt;
    const Expr *L = Add->getLHS()->IgnoreParenImpCasts(),
               *R = Add->getRHS()->IgnoreParenImpCasts();
    if (cudaVar(L, CudaVar::ThreadIdx))
      std::swap(L, R);
    auto *Mul = dyn_cast<BinaryOperator>(L);
    if (!cudaVar(R, CudaVar::ThreadIdx) || !Mul || Mul->getOpcode() != BO_Mul)
      return std::nullopt;
    const Expr *A = Mul->getLHS()->IgnoreParenImpCasts(),
               *B = Mul->getRHS()->IgnoreParenImpCasts();
    if (!(cudaVar(A, CudaVar::BlockIdx) && cudaVar(B, CudaVar::BlockDim)) &&
        !(cudaVar(B, CudaVar::BlockIdx) && cudaVar(A, CudaVar::BlockDim)))
      return std::nullopt;
    if (!Mul->getBeginLoc().isFileID() || !Mul->getEndLoc().isFileID())
      return std::nullopt;
    std::string T = text(CharSourceRange::getTokenRange(Mul->getSourceRange()));
    return T.empty() ? std::nullopt : std::optional<std::string>(T);
  }
};

} // namespace

std::vector<StrideLoop>
findStrideLoops(ASTContext &Ctx, const FunctionDecl *K,
                llvm::ArrayRef<SourceLocation> Declined) {
  std::vector<StrideLoop> Out;
  if (Declined.empty() || !K->getBody())
    return Out;
  KernelNames Names;
  Names.TraverseDecl(const_cast<FunctionDecl *>(K));
  const SourceManager &SM = Ctx.getSourceManager();
  struct Loops : RecursiveASTVisitor<Loops> {
    std::vector<const ForStmt *> All;
    bool VisitForStmt(ForStmt *F) {
      All.push_back(F);
      return true;
    }
  } Fors;
  Fors.TraverseStmt(K->getBody());
  Matcher M(Ctx, Names);
  for (const ForStmt *F : Fors.All) {
    SourceRange R = F->getSourceRange();
    bool Holds = llvm::any_of(Declined, [&](SourceLocation L) {
      return SM.isBeforeInTranslationUnit(R.getBegin(), L) &&
             SM.isBeforeInTranslationUnit(L, R.getEnd());
    });
    if (!Holds)
      continue;
    if (std::optional<StrideLoop> L = M.match(F)) {
      L->Kernel = K->getNameAsString();
      Out.push_back(std::move(*L));
    }
  }
  return Out;
}

std::string applyStrideLoops(llvm::StringRef Code,
                             llvm::ArrayRef<StrideLoop> Loops) {
  // By offset; an insertion before a replacement at the same offset.
  std::multimap<std::pair<unsigned, unsigned>, const StrideEdit *> Edits;
  for (const StrideLoop &L : Loops)
    for (const StrideEdit &E : L.Edits)
      Edits.insert({{E.Begin, E.End}, &E});
  std::string Out;
  unsigned Pos = 0;
  for (auto &[At, E] : Edits) {
    if (E->Begin < Pos)
      continue; // overlapping (not produced by findStrideLoops)
    Out.append(Code.data() + Pos, Code.data() + E->Begin);
    Out += E->Text;
    Pos = E->End;
  }
  Out.append(Code.data() + std::min<size_t>(Pos, Code.size()),
             Code.data() + Code.size());
  return Out;
}

std::string strideSummary(llvm::ArrayRef<StrideLoop> Loops,
                          llvm::StringRef Kernel) {
  std::vector<unsigned> Lines;
  for (const StrideLoop &L : Loops)
    if (L.Kernel == Kernel)
      Lines.push_back(L.Line);
  if (Lines.empty())
    return "";
  std::string S = Lines.size() > 1 ? "; the grid-stride loops at lines "
                                   : "; the grid-stride loop at line ";
  for (size_t I = 0; I < Lines.size(); ++I)
    S += (I ? ", " : "") + std::to_string(Lines[I]);
  return S + " given a base " +
         (Lines.size() > 1 ? "their work-groups share" : "its work-group shares");
}

} // namespace tdrc
