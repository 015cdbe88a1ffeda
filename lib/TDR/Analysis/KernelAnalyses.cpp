//===- KernelAnalyses.cpp - Analyses of one kernel, computed once ----------===//
#include "tdrc/TDR/KernelAnalyses.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;

namespace tdrc {

KernelAnalyses::KernelAnalyses(ASTContext &Ctx, const FunctionDecl *K)
    : Ctx(Ctx), Kernel(K), Body(cast<CompoundStmt>(K->getBody())), TD(Ctx, K),
      PM(const_cast<CompoundStmt *>(Body)) {
  TD.run();
  collectWrites(*this);
  collectGlobalWrites(*this);
}

AnalysisDeclContext *KernelAnalyses::cfg() {
  if (!ADCM) {
    ADCM = std::make_unique<AnalysisDeclContextManager>(Ctx);
    // LiveVariables returns empty sets unless every statement is kept.
    ADCM->getCFGBuildOptions().setAllAlwaysAdd();
    ADC = ADCM->getContext(Kernel);
  }
  return ADC;
}

std::string KernelAnalyses::loc(SourceLocation L) const {
  const SourceManager &SM = Ctx.getSourceManager();
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return "<unknown>";
  return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
}

bool KernelAnalyses::before(SourceLocation A, SourceLocation B) const {
  const SourceManager &SM = Ctx.getSourceManager();
  return SM.isBeforeInTranslationUnit(SM.getExpansionLoc(A),
                                      SM.getExpansionLoc(B));
}

bool KernelAnalyses::contains(const Stmt *Outer, const Stmt *Inner) const {
  for (const Stmt *P = Inner; P; P = PM.getParent(P))
    if (P == Outer)
      return true;
  return false;
}

bool KernelAnalyses::spelledInFile(const Stmt *St) const {
  return Lexer::makeFileCharRange(
             CharSourceRange::getTokenRange(St->getSourceRange()),
             Ctx.getSourceManager(), Ctx.getLangOpts())
      .isValid();
}

std::optional<SourceLocation>
KernelAnalyses::structuralDirectiveIn(const Stmt *St) const {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  CharSourceRange R = Lexer::makeFileCharRange(
      CharSourceRange::getTokenRange(St->getSourceRange()), SM, LO);
  if (R.isInvalid())
    return std::nullopt;
  auto [FID, Begin] = SM.getDecomposedLoc(R.getBegin());
  unsigned End = SM.getFileOffset(R.getEnd());
  StringRef Buf = SM.getBufferData(FID);
  Lexer L(SM.getLocForStartOfFile(FID), LO, Buf.begin(), Buf.begin() + Begin,
          Buf.end());
  Token T;
  while (!L.LexFromRawLexer(T) && SM.getFileOffset(T.getLocation()) < End) {
    if (!T.is(tok::hash) || !T.isAtStartOfLine())
      continue;
    SourceLocation Hash = T.getLocation();
    if (L.LexFromRawLexer(T) || !T.is(tok::raw_identifier))
      continue;
    // #line and #pragma stay meaningful when repeated (and tdrc's macro
    // unfolding writes #line markers).
    if (!llvm::is_contained({"line", "pragma", "error", "warning"},
                            T.getRawIdentifier()))
      return Hash;
  }
  return std::nullopt;
}

bool valueUsed(ASTContext &Ctx, const Expr *E) {
  for (const DynTypedNode &N : Ctx.getParents(*E)) {
    if (N.get<Decl>())
      return true;
    const Stmt *P = N.get<Stmt>();
    if (!P)
      return true;
    if (auto *C = dyn_cast<CastExpr>(P))
      return !C->getType()->isVoidType() && valueUsed(Ctx, C);
    if (isa<ExprWithCleanups, ParenExpr>(P))
      return valueUsed(Ctx, cast<Expr>(P));
    if (isa<Expr, ReturnStmt>(P))
      return true;
    return condOf(P) == E;
  }
  return false;
}

const Expr *condOf(const Stmt *S) {
  if (auto *If = dyn_cast<IfStmt>(S))
    return If->getCond();
  if (auto *Sw = dyn_cast<SwitchStmt>(S))
    return Sw->getCond();
  if (auto *F = dyn_cast<ForStmt>(S))
    return F->getCond();
  if (auto *W = dyn_cast<WhileStmt>(S))
    return W->getCond();
  if (auto *D = dyn_cast<DoStmt>(S))
    return D->getCond();
  return nullptr;
}

Dep KernelAnalyses::condDep(const Stmt *S) {
  const Expr *C = condOf(S);
  return C ? TD.exprDep(C).Level : Dep::Uniform;
}

// reqd_work_group_size's dimensions are values in LLVM 19, expressions
// later (none: 1).
[[maybe_unused]] static unsigned dimValue(unsigned V, ASTContext &) {
  return V;
}
[[maybe_unused]] static unsigned dimValue(const Expr *E, ASTContext &Ctx) {
  if (!E)
    return 1;
  std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
  return V ? unsigned(V->getZExtValue()) : 0;
}

WorkGroupBound workGroupBound(const FunctionDecl *K, unsigned Default) {
  ASTContext &Ctx = K->getASTContext();
  WorkGroupBound B{Default};
  if (auto *A = K->getAttr<ReqdWorkGroupSizeAttr>())
    if (unsigned N = dimValue(A->getXDim(), Ctx) * dimValue(A->getYDim(), Ctx) *
                     dimValue(A->getZDim(), Ctx)) {
      B.Size = N;
      B.Fixed = true;
    }
  if (auto *A = K->getAttr<CUDALaunchBoundsAttr>())
    if (std::optional<llvm::APSInt> N =
            A->getMaxThreads()->getIntegerConstantExpr(Ctx);
        N && N->isStrictlyPositive() && N->getZExtValue() <= 65536) {
      B.Size = unsigned(N->getZExtValue());
      B.LaunchBounds = true;
    }
  return B;
}

} // namespace tdrc
