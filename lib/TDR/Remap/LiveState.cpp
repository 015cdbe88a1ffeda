//===- LiveState.cpp - What must move with a work-item's new ID ------------===//
//
// At a remap point, work-item p takes over the logical ID of another one, so
// every private variable live there must reach p.  Per variable:
//  - uniform values are already equal everywhere: nothing to do;
//  - pure functions of IDs and uniform values: recomputed from the new ID;
//  - everything else: migrated through a local-memory slot.
// Liveness comes from Clang's LiveVariables on a CFG built with
// setAllAlwaysAdd() (without it the analysis sees no statements).
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"
#include "tdrc/TDR/Assignable.h"
#include "tdrc/TDR/AddressEscape.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/MemorySpace.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Analysis/Analyses/LiveVariables.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/SmallPtrSet.h"

using namespace clang;

namespace tdrc {

QualType switchKeyType(ASTContext &Ctx, const std::vector<RemapRound> &Rounds) {
  QualType T;
  for (const RemapRound &R : Rounds)
    for (const PathMember &M : R.Members)
      if (const auto *Sw = dyn_cast<SwitchStmt>(M.Branch)) {
        QualType C = Sw->getCond()->getType().getCanonicalType().getUnqualifiedType();
        if (!C->isBuiltinType() || !C->isIntegerType() || (!T.isNull() && C != T))
          return Ctx.LongTy;
        T = C;
      }
  return T.isNull() ? Ctx.LongTy : T;
}

LiveState::LiveState(PlannerState &S) : S(S), ADC(S.A.cfg()) {}

static void collectVars(const Stmt *St, std::vector<const VarDecl *> &Out) {
  if (!St)
    return;
  if (auto *DS = dyn_cast<DeclStmt>(St))
    for (const Decl *D : DS->decls())
      if (auto *V = dyn_cast<VarDecl>(D))
        Out.push_back(V);
  for (const Stmt *C : St->children())
    collectVars(C, Out);
}

/// The variables an expression assigns (`(g = x * 3) > 100`, `++n`, an
/// element or field of one).
static void assignedIn(const Stmt *St,
                       llvm::SmallPtrSetImpl<const VarDecl *> &Out) {
  if (!St)
    return;
  const Expr *Target = nullptr;
  if (auto *BO = dyn_cast<BinaryOperator>(St); BO && BO->isAssignmentOp())
    Target = BO->getLHS();
  else if (auto *UO = dyn_cast<UnaryOperator>(St);
           UO && UO->isIncrementDecrementOp())
    Target = UO->getSubExpr();
  while (Target) {
    Target = Target->IgnoreParenImpCasts();
    if (auto *AS = dyn_cast<ArraySubscriptExpr>(Target))
      Target = AS->getBase();
    else if (auto *ME = dyn_cast<MemberExpr>(Target); ME && !ME->isArrow())
      Target = ME->getBase();
    else
      break;
  }
  if (auto *DRE = dyn_cast_or_null<DeclRefExpr>(Target))
    if (auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
      Out.insert(V);
  for (const Stmt *C : St->children())
    assignedIn(C, Out);
}

/// The variables St reads: every one it names but the plain targets of `=`
/// (`for (i = 0, j = lo; ...)` reads lo, not i).
static void readsIn(const Stmt *St, llvm::DenseSet<const VarDecl *> &Out) {
  if (!St)
    return;
  if (auto *BO = dyn_cast<BinaryOperator>(St);
      BO && BO->getOpcode() == BO_Assign &&
      isa<DeclRefExpr>(BO->getLHS()->IgnoreParenImpCasts())) {
    readsIn(BO->getRHS(), Out);
    return;
  }
  if (auto *DR = dyn_cast<DeclRefExpr>(St))
    if (auto *V = dyn_cast<VarDecl>(DR->getDecl()))
      Out.insert(V);
  for (const Stmt *C : St->children())
    readsIn(C, Out);
}

/// OpenCL: a pointee in the private address space.
/// V has no value at the remap point At: declared without an initialiser,
/// named nowhere before At, and no loop around At that V outlives could
/// bring a later value back (`float a; if (c) f(&a); else g(&a);`: the
/// out-parameter's address makes it live, but there is nothing to move).
static bool unsetAt(PlannerState &S, const VarDecl *V, const RemapRound &Round,
                    SourceLocation At) {
  if (isa<ParmVarDecl>(V) || V->hasInit() || !V->hasLocalStorage() ||
      V->getType()->getAsCXXRecordDecl())
    return false;
  const SourceManager &SM = S.Ctx.getSourceManager();
  // The round evaluates its members' conditions before it regroups: a
  // variable they name is set (or read) on the old work-item.
  std::vector<const DeclRefExpr *> Refs;
  for (const PathMember &M : Round.Members) {
    if (const auto *Sw = dyn_cast<SwitchStmt>(M.Branch))
      collect(Sw->getCond(), Refs);
    for (const IfStmt *If : M.Chain)
      collect(If->getCond(), Refs);
  }
  if (llvm::any_of(Refs, [&](const DeclRefExpr *R) { return R->getDecl() == V; }))
    return false;
  Refs.clear();
  collect(S.Body, Refs);
  for (const DeclRefExpr *R : Refs)
    if (R->getDecl() == V &&
        SM.isBeforeInTranslationUnit(SM.getExpansionLoc(R->getBeginLoc()), At))
      return false;
  SourceLocation Decl = SM.getExpansionLoc(V->getLocation());
  for (const Stmt *P = S.PM.getParent(Round.at()); P && P != S.Body;
       P = S.PM.getParent(P))
    if (isa<ForStmt, WhileStmt, DoStmt>(P)) {
      SourceRange L(SM.getExpansionLoc(P->getBeginLoc()),
                    SM.getExpansionLoc(P->getEndLoc()));
      if (!(SM.isBeforeInTranslationUnit(L.getBegin(), Decl) &&
            SM.isBeforeInTranslationUnit(Decl, L.getEnd())))
        return false; // declared outside the loop: an earlier pass's value
      break;
    }
  return true;
}

/// Whether a variable of class RD can wait in a __shared__ array: declared
/// there without running code (a trivial default constructor and
/// destructor) and copied in and out by assignment.  Trivially copyable
/// classes copy bits; a class from a system header (CUDA's __half2 and
/// __nv_bfloat162, whose copy operations are written out only to pick
/// device instructions) is trusted to copy its value.
static bool sharedMemoryHolds(const ASTContext &Ctx, const CXXRecordDecl *RD) {
  if (!RD->hasTrivialDefaultConstructor() || !RD->hasTrivialDestructor())
    return false;
  if (RD->isTriviallyCopyable())
    return true;
  if (!Ctx.getSourceManager().isInSystemHeader(RD->getLocation()))
    return false;
  auto Usable = [](const CXXMethodDecl *M) {
    return !M->isDeleted() && M->getAccess() == AS_public;
  };
  bool Assign = false, Copy = false;
  for (const CXXMethodDecl *M : RD->methods())
    Assign |= M->isCopyAssignmentOperator() && Usable(M);
  for (const CXXConstructorDecl *C : RD->ctors())
    Copy |= C->isCopyConstructor() && Usable(C);
  return Assign && Copy;
}

static bool isPrivate(QualType T) {
  LangAS AS = T.getAddressSpace();
  return AS == LangAS::Default || AS == LangAS::opencl_private;
}

static bool isPureBuiltin(StringRef Name) {
  static const char *const Pure[] = {"min",  "max",   "clamp",
                                     "abs",  "mul24", "mad24"};
  for (const char *P : Pure)
    if (Name == P)
      return true;
  return Name.starts_with("convert_") || Name.starts_with("as_");
}

bool LiveState::isPureExpr(const Expr *E, unsigned Depth) {
  if (!E || Depth > 16)
    return false;
  E = E->IgnoreParens();
  if (isa<IntegerLiteral, FloatingLiteral, CharacterLiteral, CXXBoolLiteralExpr,
          UnaryExprOrTypeTraitExpr>(E))
    return true;
  if (CudaVarRef R = cudaBuiltinVar(E)) // threadIdx.x, blockDim.y, warpSize
    return R.Dim >= 0 || R.Var == CudaVar::WarpSize;
  if (auto *DR = dyn_cast<DeclRefExpr>(E)) {
    if (isa<EnumConstantDecl>(DR->getDecl()))
      return true;
    auto *V = dyn_cast<VarDecl>(DR->getDecl());
    if (!V || !isThreadPrivateVar(V) || S.Written.count(V))
      return false;
    return isa<ParmVarDecl>(V) || isRecomputable(V, Depth + 1);
  }
  if (auto *CE = dyn_cast<CastExpr>(E))
    return isPureExpr(CE->getSubExpr(), Depth + 1);
  if (auto *UO = dyn_cast<UnaryOperator>(E))
    return (UO->getOpcode() == UO_Plus || UO->getOpcode() == UO_Minus ||
            UO->getOpcode() == UO_Not || UO->getOpcode() == UO_LNot) &&
           isPureExpr(UO->getSubExpr(), Depth + 1);
  if (auto *BO = dyn_cast<BinaryOperator>(E))
    return !BO->isAssignmentOp() && !BO->isCommaOp() &&
           isPureExpr(BO->getLHS(), Depth + 1) &&
           isPureExpr(BO->getRHS(), Depth + 1);
  if (auto *CO = dyn_cast<ConditionalOperator>(E))
    return isPureExpr(CO->getCond(), Depth + 1) &&
           isPureExpr(CO->getTrueExpr(), Depth + 1) &&
           isPureExpr(CO->getFalseExpr(), Depth + 1);
  if (auto *VE = dyn_cast<ExtVectorElementExpr>(E))
    return isPureExpr(VE->getBase(), Depth + 1);
  if (auto *CL = dyn_cast<CompoundLiteralExpr>(E))
    return isPureExpr(CL->getInitializer(), Depth + 1);
  if (auto *IL = dyn_cast<InitListExpr>(E)) {
    for (const Expr *I : IL->inits())
      if (!isPureExpr(I, Depth + 1))
        return false;
    return true;
  }
  if (auto *Call = dyn_cast<CallExpr>(E)) {
    const FunctionDecl *FD = Call->getDirectCallee();
    if (!FD || userDefinition(FD))
      return false;
    BuiltinKind K = classifyCallee(FD);
    if (K != BuiltinKind::WorkItemId && K != BuiltinKind::WorkGroupUniform &&
        !isPureBuiltin(calleeName(FD)))
      return false;
    for (const Expr *A : Call->arguments())
      if (!isPureExpr(A, Depth + 1))
        return false;
    return true;
  }
  return false;
}

bool LiveState::isRecomputable(const VarDecl *V, unsigned Depth) {
  if (isa<ParmVarDecl>(V) || !V->hasInit() || S.Written.count(V) ||
      V->getType()->isArrayType() || S.TD.isAddressTaken(V) ||
      isa<InitListExpr>(V->getInit()->IgnoreImplicit()))
    return false;
  return isPureExpr(V->getInit(), Depth);
}

void LiveState::addRecomputeDeps(const Expr *E, const RemapRound &R,
                                 std::vector<const VarDecl *> &Out) {
  if (!E)
    return;
  if (auto *DR = dyn_cast<DeclRefExpr>(E))
    if (auto *W = dyn_cast<VarDecl>(DR->getDecl()))
      if (!isa<ParmVarDecl>(W) && W->hasInit() &&
          (S.TD.varDep(W).Level != Dep::Uniform ||
           declaredInRegion(S, W, R.Region))) {
        addRecomputeDeps(W->getInit(), R, Out);
        Out.push_back(W);
      }
  for (const Stmt *C : E->children())
    addRecomputeDeps(dyn_cast_or_null<Expr>(C), R, Out);
}

static unsigned migrationPool(PlannerState &S, QualType Elem) {
  QualType Key = Elem->isBooleanType() ? S.Ctx.UnsignedCharTy
                                       : Elem.getUnqualifiedType();
  for (unsigned I = 0; I < S.Plan.Pools.size(); ++I)
    if (S.Ctx.hasSameType(S.Plan.Pools[I].Type, Key))
      return I;
  MigrationPool P;
  P.Type = Key;
  P.ElementBytes = unsigned(S.Ctx.getTypeSizeInChars(Key).getQuantity());
  std::string Spelled = Key.getAsString(S.Ctx.getPrintingPolicy());
  std::string Name;
  for (char C : Spelled)
    Name += std::isalnum(static_cast<unsigned char>(C)) ? C : '_';
  if (Key->isPointerType() || Name.find("__") != std::string::npos)
    Name = "ptr" + std::to_string(S.Plan.Pools.size());
  P.Name = "tdr_mig_" + Name;
  S.Plan.Pools.push_back(P);
  return unsigned(S.Plan.Pools.size() - 1);
}

void placeInPool(PlannerState &S, LiveVar &L, QualType T) {
  L.Elements = 1;
  if (auto *CAT = S.Ctx.getAsConstantArrayType(T)) {
    L.Elements = unsigned(CAT->getSize().getZExtValue());
    T = CAT->getElementType();
  }
  L.Pool = migrationPool(S, T);
}

std::optional<std::string> LiveState::classify(const VarDecl *V,
                                               const RemapRound &R, bool &Skip,
                                               bool &Recompute) {
  std::string Name = "'" + V->getNameAsString() + "'";
  if (!isThreadPrivateVar(V)) {
    Skip = true; // local/global/constant memory is shared, not per-item
    return std::nullopt;
  }
  if (auto *CAT = S.Ctx.getAsConstantArrayType(V->getType());
      CAT && CAT->getSize() == 0) {
    Skip = true; // a zero-length array (GNU C) holds nothing to move
    return std::nullopt;
  }
  bool InRegion = declaredInRegion(S, V, R.Region);
  Dep D = S.TD.varDep(V).Level;
  if (isa<ParmVarDecl>(V) && !S.Written.count(V)) {
    Skip = true;
    return std::nullopt;
  }
  // A uniform variable that a guard's body never names (a grid-stride
  // loop's base, stepped by the loop around the guard) holds one value in
  // every work-item, active or not: nothing to move.
  auto UnnamedInGuard = [&] {
    const ActiveRegion &AR = S.Plan.Regions[unsigned(R.Region)];
    if (AR.Kind != RegionKind::Guard || S.TD.isAddressTaken(V))
      return false;
    std::vector<const DeclRefExpr *> Refs;
    collect(AR.Body, Refs);
    return llvm::none_of(
        Refs, [&](const DeclRefExpr *DR) { return DR->getDecl() == V; });
  };
  if (D == Dep::Uniform && !InRegion &&
      (R.Region < 0 || !S.Written.count(V) || UnnamedInGuard())) {
    Skip = true;
    return std::nullopt;
  }
  // A context handed to helpers by address (`md5_init(&ctx0)`) moves by
  // value: no pointer to it exists outside those calls.
  if (S.TD.isAddressTaken(V))
    if (std::optional<std::string> Why = addressEscapes(S.A, V, S.Body))
      return "the address of " + Name + " (" + S.loc(V->getLocation()) +
             (S.Ctx.getLangOpts().CPlusPlus
                  ? ") is taken or a reference binds it"
                  : ") is taken") +
             ", so it cannot move to another work-item (" + *Why + ")";
  if (V->getType()->isReferenceType())
    return Name + " is a reference (" + S.loc(V->getLocation()) + ")";
  if (V->getType().isConstQualified() && V->getBeginLoc().isMacroID())
    return Name + " is const and declared in a macro";
  // Recomputed or migrated, its declaration comes apart from its value.
  if (auto Why = whyNotAssignable(V->getType()))
    return Name + " " + *Why;
  if (isRecomputable(V)) {
    Recompute = true;
    return std::nullopt;
  }
  QualType T = V->getType();
  if (T->isArrayType()) {
    auto *CAT = S.Ctx.getAsConstantArrayType(T);
    if (!CAT || CAT->getElementType()->isArrayType())
      return Name + " is an array of variable or multi-dimensional shape";
    // A const array moves like a const scalar: the emitter drops its
    // `const` (the migrated copy is written once, when it arrives).
    T = CAT->getElementType();
  }
  if (T->isHalfType() || T->isFloat16Type())
    return Name + " has a half type";
  if (T->isPointerType() && !S.Ctx.getLangOpts().CUDA &&
      isPrivate(T->getPointeeType()))
    return Name + " points to private memory of its work-item";
  // CUDA pointers are generic: follow where their values come from.
  if (T->isPointerType() && S.Ctx.getLangOpts().CUDA &&
      !pointsOutsideThread(S, V))
    return Name + " may point to memory of its own thread (only pointers "
                  "computed from kernel parameters and __shared__, "
                  "__device__ or __constant__ variables move)";
  if (const CXXRecordDecl *RD = T->getAsCXXRecordDecl();
      RD && !sharedMemoryHolds(S.Ctx, RD))
    return Name + " has a class type that shared memory cannot hold (not "
                  "trivially constructible and copyable)";
  if (const TagDecl *TD = T->getAsTagDecl())
    if (TD->getDeclContext()->isFunctionOrMethod())
      return Name + " has a type declared inside the kernel";
  // `typedef float real;` in the kernel: the shared arrays that carry the
  // variable are declared before it.
  for (QualType Q = T; const auto *TT = Q->getAs<TypedefType>();
       Q = TT->getDecl()->getUnderlyingType())
    if (TT->getDecl()->getDeclContext()->isFunctionOrMethod())
      return Name + " has a type name declared inside the kernel ('" +
             TT->getDecl()->getNameAsString() + "')";
  if (!T->isScalarType() && !T->isVectorType() && !T->isRecordType())
    return Name + " has an unsupported type";
  return std::nullopt;
}

std::optional<std::string> LiveState::planMigration(RemapRound &R) {
  CFG *G = ADC ? ADC->getCFG() : nullptr;
  LiveVariables *LV = ADC ? ADC->getAnalysis<LiveVariables>() : nullptr;
  if (!G || !LV)
    return std::string("Clang could not build the kernel's CFG");
  // A round before a loop (InvariantHoist.cpp): the loop's condition block.
  const CFGBlock *Block = nullptr;
  for (const CFGBlock *B : *G)
    if (B->getTerminatorStmt() == R.at())
      Block = B;
  if (!Block)
    return std::string(R.BeforeLoop ? "the loop" : "the branch") +
           " has no block of its own in the CFG";

  std::vector<const VarDecl *> Vars(S.Kernel->param_begin(),
                                    S.Kernel->param_end());
  collectVars(S.Body, Vars);
  std::vector<const VarDecl *> Recomputed;
  std::vector<std::pair<const VarDecl *, QualType>> Moved;
  // Live at the remap point = live on entry to some path of the branch.  Not
  // the branch block's live-out: with a constant operand (`x > 0 && 1`) the
  // CFG prunes an edge of that block, though the short-circuit still takes it.
  // Before a loop: live on entry to its condition block (what its
  // iterations and the code after it read), and what a for's init reads.
  std::vector<const CFGBlock *> Paths;
  llvm::DenseSet<const VarDecl *> InitReads;
  if (R.BeforeLoop) {
    Paths.push_back(Block);
    if (auto *F = dyn_cast<ForStmt>(R.BeforeLoop))
      readsIn(F->getInit(), InitReads);
  } else {
    for (const CFGBlock::AdjacentBlock &A : Block->succs())
      if (const CFGBlock *P = A.isReachable() ? A.getReachableBlock()
                                              : A.getPossiblyUnreachableBlock())
        Paths.push_back(P);
  }
  // With a bounds guard as active predicate the inactive work-items move as
  // well, and they go from here straight to the guard's end: what is live
  // there moves too, though a store before the end (`x0 = p;` on every path
  // of the guard) kills it at the branch for the active ones.
  if (R.Region >= 0) {
    const ActiveRegion &AR = S.Plan.Regions[R.Region];
    if (AR.Kind == RegionKind::Guard && AR.Guard)
      for (const CFGBlock *B : *G)
        if (B->getTerminatorStmt() == AR.Guard && B->succ_size() == 2) {
          const CFGBlock::AdjacentBlock &A = *std::next(B->succ_begin());
          if (const CFGBlock *P = A.isReachable()
                                      ? A.getReachableBlock()
                                      : A.getPossiblyUnreachableBlock())
            Paths.push_back(P);
        }
  }
  // The round evaluates every condition of an else-if chain before it
  // regroups: a variable a later condition assigns (`else if ((g = x * 3)
  // > 100)`) is set on the old work-item and moves where a path after that
  // condition reads it.
  llvm::SmallPtrSet<const VarDecl *, 8> CondWritten;
  std::vector<const CFGBlock *> CondPaths;
  // In a round of one chain, path I is "Chain[I] taken": the first
  // condition that assigns a variable is the first path that holds it.
  llvm::DenseMap<const VarDecl *, unsigned> FirstPath;
  for (const PathMember &M : R.Members)
    for (size_t I = 1; I < M.Chain.size(); ++I) {
      llvm::SmallPtrSet<const VarDecl *, 8> Here;
      assignedIn(M.Chain[I]->getCond(), Here);
      for (const VarDecl *V : Here)
        if (R.Members.size() == 1)
          FirstPath.try_emplace(V, unsigned(I));
      CondWritten.insert(Here.begin(), Here.end());
      for (const CFGBlock *B : *G)
        if (B->getTerminatorStmt() == M.Chain[I])
          for (const CFGBlock::AdjacentBlock &A : B->succs())
            if (const CFGBlock *P = A.isReachable()
                                        ? A.getReachableBlock()
                                        : A.getPossiblyUnreachableBlock())
              CondPaths.push_back(P);
    }
  auto LiveOnEntry = [&](const CFGBlock *P, const VarDecl *V) {
    for (const CFGElement &E : *P)
      if (auto CS = E.getAs<CFGStmt>())
        return LV->isLive(CS->getStmt(), V);
    return LV->isLive(P, V);
  };
  llvm::DenseSet<const VarDecl *> OnlyAfterCond;
  auto Live = [&](const VarDecl *V) {
    auto On = [&](const CFGBlock *P) { return LiveOnEntry(P, V); };
    if (llvm::any_of(Paths, On) || InitReads.count(V))
      return true;
    if (!CondWritten.count(V) || llvm::none_of(CondPaths, On))
      return false;
    OnlyAfterCond.insert(V);
    return true;
  };
  const SourceManager &SM = S.Ctx.getSourceManager();
  SourceLocation At = SM.getExpansionLoc(R.at()->getBeginLoc());
  for (const VarDecl *V : Vars) {
    if (!Live(V))
      continue;
    // Declared after the remap point, yet live there: only a self-referring
    // initialiser (`float4 f = g(f);`) does that.  Its lifetime has not
    // begun, so there is nothing to move (and it is not in scope here).
    if (!isa<ParmVarDecl>(V) &&
        !SM.isBeforeInTranslationUnit(SM.getExpansionLoc(V->getLocation()), At))
      continue;
    if (unsetAt(S, V, R, At))
      continue;
    bool Skip = false, Recompute = false;
    if (auto Why = classify(V, R, Skip, Recompute))
      return Why;
    if (Skip)
      continue;
    if (Recompute) {
      addRecomputeDeps(V->getInit(), R, Recomputed);
      Recomputed.push_back(V);
    } else {
      Moved.push_back({V, V->getType()});
    }
  }

  // A switch's value decides its case after the remap: it moves too.
  if (llvm::any_of(R.Members, [](const PathMember &M) {
        return isa<SwitchStmt>(M.Branch);
      }))
    Moved.push_back({nullptr, S.Plan.KeyType});

  llvm::DenseSet<const VarDecl *> Seen;
  std::vector<unsigned> NextSlot(S.Plan.Pools.size() + Moved.size(), 0);
  unsigned Bytes = 0;
  for (const VarDecl *V : Recomputed)
    if (Seen.insert(V).second) {
      LiveVar L;
      L.Var = V;
      L.How = LiveVar::Recompute;
      R.Live.push_back(L);
    }
  for (auto &[V, T] : Moved) {
    LiveVar L;
    L.Var = V;
    L.ActiveOnly = V && declaredInRegion(S, V, R.Region);
    if (V && OnlyAfterCond.count(V))
      L.FromPath = FirstPath.lookup(V);
    placeInPool(S, L, T);
    NextSlot.resize(S.Plan.Pools.size(), 0);
    L.FirstSlot = NextSlot[L.Pool];
    NextSlot[L.Pool] += L.Elements;
    MigrationPool &P = S.Plan.Pools[L.Pool];
    P.Slots = std::max(P.Slots, NextSlot[L.Pool]);
    Bytes += L.Elements * P.ElementBytes * S.Plan.MaxWorkGroupSize;
    R.Live.push_back(L);
  }
  R.LocalBytes = Bytes;
  return std::nullopt;
}

} // namespace tdrc
