//===- StmtAlign.cpp - Melding statements and aligning sequences ----------===//
//
// A pair of statements melds when it is the same kind of statement with
// expressions that meld (ExprMatch.cpp): expression statements, declarations
// of the same variable name and type, and regions: ifs, loops and blocks
// whose bodies are aligned again (DARM's region-region melding, done to a
// fixpoint by recursion).  Two sequences are aligned like DARM aligns
// instruction sequences, with Needleman-Wunsch over the pairs' net savings
// and a gap penalty for every statement left to one side.
//
//===----------------------------------------------------------------------===//
#include "Melder.h"
#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "tdrc/TDR/MemorySpace.h"

using namespace clang;

namespace tdrc {

namespace {

/// Sequences longer than this are left alone (the alignment is quadratic,
/// and each pair may be a region aligned again).
constexpr size_t MaxAlignedPairs = 4096;

bool meldableDecl(const VarDecl *V) {
  return V && !V->isStaticLocal() && V->getStorageClass() == SC_None &&
         isThreadPrivateVar(V) &&
         (!V->getInit() || V->getInitStyle() == VarDecl::CInit);
}

void addTotals(MeldNode &N, const std::vector<MeldNode> &Kids) {
  for (const MeldNode &K : Kids) {
    N.Saved += K.Saved;
    N.Selects += K.Selects;
    N.Gaps += K.Gaps;
  }
}

bool alignBodies(const MeldEnv &E, const Stmt *A, const Stmt *B,
                 std::vector<MeldNode> &Out) {
  bool Failed = false;
  Out = alignSequences(E, sequenceOf(A), sequenceOf(B), Failed);
  return !Failed;
}

/// Melds an optional expression pair into N.Own (both absent is fine).
bool meldOptional(const MeldEnv &E, const Expr *A, const Expr *B, bool Top,
                  MeldNode &N) {
  if (!A || !B)
    return !A && !B;
  return meldExprs(E, A, B, Top, N.Own);
}

/// A private scalar variable, named directly.
const VarDecl *privateScalar(const Expr *X) {
  auto *DR = dyn_cast<DeclRefExpr>(X->IgnoreParens());
  auto *V = DR ? dyn_cast<VarDecl>(DR->getDecl()) : nullptr;
  return V && isThreadPrivateVar(V) && !V->getType()->isArrayType() &&
                 !V->getType()->isReferenceType()
             ? V
             : nullptr;
}

/// `a = e1;` with `b = e2;` (or `a += e1;` with `b += e2;`), a and b private
/// variables of one type: C has no conditional lvalue, but the right-hand
/// sides can meld into a temporary that each side then stores.
bool meldSplitStore(const MeldEnv &E, const Expr *A, const Expr *B,
                    MeldNode &N) {
  auto *BA = dyn_cast<BinaryOperator>(A->IgnoreParens());
  auto *BB = dyn_cast<BinaryOperator>(B->IgnoreParens());
  if (!BA || !BB || !BA->isAssignmentOp() || BA->getOpcode() != BB->getOpcode())
    return false;
  const VarDecl *VA = privateScalar(BA->getLHS()),
                *VB = privateScalar(BB->getLHS());
  if (!VA || !VB ||
      VA->getType().getCanonicalType().getUnqualifiedType() !=
          VB->getType().getCanonicalType().getUnqualifiedType() ||
      BA->getRHS()->getType().getCanonicalType() !=
          BB->getRHS()->getType().getCanonicalType() ||
      !E.Src.range(BA->getLHS()->getSourceRange()) ||
      !E.Src.range(BB->getLHS()->getSourceRange()))
    return false;
  ExprMeld Rhs;
  if (!meldExprs(E, BA->getRHS(), BB->getRHS(), /*TopSelect=*/true, Rhs))
    return false;
  N.Own = std::move(Rhs);
  N.SplitStore = true;
  return true;
}

/// `int a = e1, b = e2;` with `int a = e3, b = e4;`: the same variables
/// (names and types) in the same order, their initialisers melded.
bool meldDecls(const MeldEnv &E, const DeclStmt *A, const DeclStmt *B,
               MeldNode &N) {
  auto DA = A->decls(), DB = B->decls();
  if (std::distance(DA.begin(), DA.end()) !=
      std::distance(DB.begin(), DB.end()))
    return false;
  for (auto IA = DA.begin(), IB = DB.begin(); IA != DA.end(); ++IA, ++IB) {
    auto *VA = dyn_cast<VarDecl>(*IA);
    auto *VB = dyn_cast<VarDecl>(*IB);
    if (!meldableDecl(VA) || !meldableDecl(VB) ||
        VA->getName() != VB->getName() ||
        VA->getType().getCanonicalType() != VB->getType().getCanonicalType())
      return false;
    if (VA->getType()->isArrayType() && (VA->getInit() || VB->getInit()))
      return false;
    if (!meldOptional(E, VA->getInit(), VB->getInit(), /*Top=*/true, N))
      return false;
  }
  return true;
}

std::optional<MeldNode> meldRegion(const MeldEnv &E, const Stmt *A,
                                   const Stmt *B, MeldNode N) {
  if (auto *IA = dyn_cast<IfStmt>(A)) {
    auto *IB = cast<IfStmt>(B);
    if (IA->getInit() || IB->getInit() || IA->getConditionVariable() ||
        IB->getConditionVariable() || IA->isConstexpr() || IB->isConstexpr() ||
        !meldExprs(E, IA->getCond(), IB->getCond(), true, N.Own) ||
        !alignBodies(E, IA->getThen(), IB->getThen(), N.First) ||
        !alignBodies(E, IA->getElse(), IB->getElse(), N.Second))
      return std::nullopt;
    N.S = MeldNode::If;
  } else if (auto *FA = dyn_cast<ForStmt>(A)) {
    auto *FB = cast<ForStmt>(B);
    if (FA->getConditionVariable() || FB->getConditionVariable())
      return std::nullopt;
    if (FA->getInit() || FB->getInit()) {
      if (!FA->getInit() || !FB->getInit())
        return std::nullopt;
      std::optional<MeldNode> Init = meldStmts(E, FA->getInit(), FB->getInit());
      if (!Init || Init->S != MeldNode::Simple)
        return std::nullopt;
      N.Own = Init->Own;
    }
    if (!meldOptional(E, FA->getCond(), FB->getCond(), true, N) ||
        !meldOptional(E, FA->getInc(), FB->getInc(), false, N) ||
        !alignBodies(E, FA->getBody(), FB->getBody(), N.First))
      return std::nullopt;
    N.S = MeldNode::For;
  } else if (auto *WA = dyn_cast<WhileStmt>(A)) {
    auto *WB = cast<WhileStmt>(B);
    if (WA->getConditionVariable() || WB->getConditionVariable() ||
        !meldExprs(E, WA->getCond(), WB->getCond(), true, N.Own) ||
        !alignBodies(E, WA->getBody(), WB->getBody(), N.First))
      return std::nullopt;
    N.S = MeldNode::While;
  } else if (auto *DA = dyn_cast<DoStmt>(A)) {
    auto *DB = cast<DoStmt>(B);
    if (!meldExprs(E, DA->getCond(), DB->getCond(), true, N.Own) ||
        !alignBodies(E, DA->getBody(), DB->getBody(), N.First))
      return std::nullopt;
    N.S = MeldNode::Do;
  } else {
    if (!alignBodies(E, A, B, N.First))
      return std::nullopt;
    N.S = MeldNode::Block;
  }
  // The region's own control (a compare and a branch) runs once.
  N.Saved = N.Own.Saved + meldweight::Other;
  N.Selects = N.Own.Selects.size();
  addTotals(N, N.First);
  addTotals(N, N.Second);
  return N;
}

} // namespace

std::vector<const Stmt *> sequenceOf(const Stmt *S) {
  if (!S)
    return {};
  if (auto *CS = dyn_cast<CompoundStmt>(S))
    return {CS->body_begin(), CS->body_end()};
  return {S};
}

/// The attributes of a statement as source text, one per line
/// (`#pragma unroll 4`, `__attribute__((opencl_unroll_hint(2)))`).
std::string hintText(const ASTContext &Ctx, const AttributedStmt *S) {
  std::string Text;
  const SourceManager &SM = Ctx.getSourceManager();
  for (const Attr *At : S->getAttrs()) {
    // A pragma: its line as written (Clang prints `#pragma unroll` as
    // `#pragma unroll (enable)`, which nvcc does not take).
    SourceLocation L = SM.getSpellingLoc(At->getLocation());
    bool Invalid = false;
    llvm::StringRef Buf = SM.getBufferData(SM.getFileID(L), &Invalid);
    if (!Invalid && L.isValid()) {
      size_t Off = SM.getFileOffset(L);
      size_t Begin = Buf.rfind('\n', Off);
      Begin = Begin == llvm::StringRef::npos ? 0 : Begin + 1;
      llvm::StringRef Line = Buf.slice(Begin, Buf.find('\n', Off)).trim();
      if (Line.starts_with("#pragma") && !Line.ends_with("\\")) {
        Text += Line.str() + "\n";
        continue;
      }
    }
    std::string One;
    llvm::raw_string_ostream OS(One);
    At->printPretty(OS, Ctx.getPrintingPolicy());
    Text += llvm::StringRef(One).trim().str() + "\n";
  }
  return Text;
}

std::optional<MeldNode> meldStmts(const MeldEnv &E, const Stmt *A,
                                  const Stmt *B) {
  if (A->getStmtClass() != B->getStmtClass())
    return std::nullopt;
  // `#pragma unroll` on both loops: the same hints, the loops melded.
  if (auto *HA = dyn_cast<AttributedStmt>(A)) {
    auto *HB = cast<AttributedStmt>(B);
    std::string Hints = hintText(E.Ctx, HA);
    if (Hints != hintText(E.Ctx, HB))
      return std::nullopt;
    std::optional<MeldNode> N = meldStmts(E, HA->getSubStmt(), HB->getSubStmt());
    if (N)
      N->Hints = Hints + N->Hints;
    return N;
  }
  MeldNode N;
  N.A = A;
  N.B = B;
  if (isa<IfStmt, ForStmt, WhileStmt, DoStmt, CompoundStmt>(A))
    return meldRegion(E, A, B, std::move(N));
  if (auto *XA = dyn_cast<Expr>(A)) {
    if (!meldExprs(E, XA, cast<Expr>(B), /*TopSelect=*/false, N.Own) &&
        !meldSplitStore(E, XA, cast<Expr>(B), N))
      return std::nullopt;
  } else if (auto *DA = dyn_cast<DeclStmt>(A)) {
    if (!meldDecls(E, DA, cast<DeclStmt>(B), N))
      return std::nullopt;
  } else if (auto *RA = dyn_cast<ReturnStmt>(A)) {
    if (RA->getRetValue() || cast<ReturnStmt>(B)->getRetValue())
      return std::nullopt;
  } else if (!isa<BreakStmt, ContinueStmt, NullStmt>(A)) {
    return std::nullopt;
  }
  N.Saved = N.Own.Saved;
  // The two stores of a split pair cost about one select.
  N.Selects = N.Own.Selects.size() + (N.SplitStore ? 1 : 0);
  return N;
}

/// A pair's score in the alignment: its net saving, but two declarations of
/// one variable always align (left apart, the two sides would declare one
/// name twice in the melded scope and the branch could not be melded).
static double score(const MeldNode &N) {
  if (isa<DeclStmt>(N.A))
    return std::max(N.net(), -2 * meldweight::Gap + 1);
  return N.net();
}

std::vector<MeldNode> alignSequences(const MeldEnv &E,
                                     llvm::ArrayRef<const Stmt *> A,
                                     llvm::ArrayRef<const Stmt *> B,
                                     bool &Failed) {
  size_t N = A.size(), M = B.size();
  if (N * M > MaxAlignedPairs) {
    Failed = true;
    return {};
  }
  std::vector<std::vector<std::optional<MeldNode>>> Pair(
      N, std::vector<std::optional<MeldNode>>(M));
  for (size_t I = 0; I < N; ++I)
    for (size_t J = 0; J < M; ++J)
      Pair[I][J] = meldStmts(E, A[I], B[J]);
  // Score[I][J]: the best alignment of A[0..I) with B[0..J).
  std::vector<std::vector<double>> Score(N + 1, std::vector<double>(M + 1));
  for (size_t I = 0; I <= N; ++I)
    for (size_t J = 0; J <= M; ++J) {
      if (!I && !J)
        continue;
      double Best = -1e300;
      if (I)
        Best = std::max(Best, Score[I - 1][J] - meldweight::Gap);
      if (J)
        Best = std::max(Best, Score[I][J - 1] - meldweight::Gap);
      if (I && J && Pair[I - 1][J - 1])
        Best = std::max(Best, Score[I - 1][J - 1] + score(*Pair[I - 1][J - 1]));
      Score[I][J] = Best;
    }
  std::vector<MeldNode> Out;
  auto Gap = [&](MeldNode::Kind K, const Stmt *S) {
    MeldNode G;
    G.K = K;
    (K == MeldNode::OnlyA ? G.A : G.B) = S;
    G.Gaps = 1;
    Out.push_back(std::move(G));
  };
  for (size_t I = N, J = M; I || J;) {
    if (I && J && Pair[I - 1][J - 1] &&
        Score[I][J] == Score[I - 1][J - 1] + score(*Pair[I - 1][J - 1])) {
      Out.push_back(std::move(*Pair[I - 1][J - 1]));
      --I, --J;
    } else if (I && Score[I][J] == Score[I - 1][J] - meldweight::Gap) {
      Gap(MeldNode::OnlyA, A[--I]);
    } else {
      Gap(MeldNode::OnlyB, B[--J]);
    }
  }
  std::reverse(Out.begin(), Out.end());
  return Out;
}

} // namespace tdrc
