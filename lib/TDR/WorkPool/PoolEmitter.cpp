//===- PoolEmitter.cpp - Spell a PoolPlan as edits of the kernel ----------===//
//
// The kernel body becomes one loop per work-item over the steps of its
// items (the state machine of dynamic work assignment):
//
//   for (;;) {
//     if (tdr_state != 1) {          // prepare the next item
//       take an item from the pool (the first one is the work-item's own);
//       leave when the pool is empty; redirect the IDs to the item;
//       <statements before the loop, declarations turned into assignments>
//       <the loop's init>; tdr_state = 1;
//     }
//     if (<the loop's condition>) { <its body> <its increment>; continue; }
//     <statements after the loop>
//     tdr_state = 0;                 // the item is done
//   }
//
// The original statements stay where they are, byte for byte, but for
// their declarations, returns and the ID queries; inserted code is built
// with CodeBuilder.
//
//===----------------------------------------------------------------------===//
#include "PoolEmitter.h"
#include "HelperClones.h"
#include "tdrc/Rewriter/CodeBuilder.h"
#include "tdrc/TDR/ItemCode.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/Expr.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tdrc {

namespace {

const char *const Axis[] = {"x", "y", "z"};

class PoolEmitter {
public:
  PoolEmitter(ASTContext &Ctx, const PoolPlan &P, const Dialect &D)
      : Ctx(Ctx), P(P), D(D), T(Ctx) {}

  bool run(EditList &E, std::string &Why);

private:
  using Range = SourceText::Range;
  std::string idName(const PoolIdRef &Id) const {
    return redirectedIdName(Id, D.Cuda);
  }
  /// S's text with the ID queries inside it redirected; S's range is
  /// consumed (its queries get no edits of their own).
  std::optional<std::string> render(SourceRange S);
  /// A declaration turned into assignments of its initialisers.
  std::optional<std::string> assignments(const DeclStmt *DS);
  void header(CodeBuilder &B);
  void prepare(CodeBuilder &B);
  void takeAggregated(CodeBuilder &B);
  bool loopHead(EditList &E, std::string &Why, const std::string &I);
  bool guard(EditList &E, std::string &Why);
  /// The loop's body jumps out of its step (break, continue, return): the
  /// body runs inside `do ... while (0)` and tdr_brk says how it left.
  bool loopJumps() const {
    bool Any = P.LoopContinues;
    for (const PoolJump &J : P.Jumps)
      Any |= J.K != PoolJump::DropItem;
    return Any;
  }
  bool fail(std::string &Why, const std::string &What, SourceLocation L) {
    Why = What + " at " + T.where(L) + " is not spelled in the main file";
    return false;
  }

  ASTContext &Ctx;
  const PoolPlan &P;
  const Dialect &D;
  SourceText T;
  std::vector<Range> Consumed;
};

std::optional<std::string> PoolEmitter::render(SourceRange S) {
  std::optional<Range> R = T.range(S);
  if (!R)
    return std::nullopt;
  Consumed.push_back(*R);
  std::vector<std::pair<Range, std::string>> Subs;
  for (const PoolIdRef &Id : P.Ids)
    if (auto IR = T.range(Id.E->getSourceRange()))
      Subs.push_back({*IR, idName(Id)});
  std::string Why;
  if (!cloneCallSubs(T, P.Helpers, P.Kernel->getName(), D.Cuda,
                     redirectedIdName, Subs, Why))
    return std::nullopt;
  return T.respell(*R, std::move(Subs));
}

std::optional<std::string> PoolEmitter::assignments(const DeclStmt *DS) {
  std::string Out;
  for (const Decl *Dc : DS->decls()) {
    auto *V = cast<VarDecl>(Dc);
    if (!V->hasInit())
      continue;
    std::optional<std::string> Init = render(V->getInit()->getSourceRange());
    if (!Init)
      return std::nullopt;
    std::string Value = *Init;
    if (isa<InitListExpr>(V->getInit()->IgnoreImplicit())) {
      std::string Ty;
      llvm::raw_string_ostream OS(Ty);
      V->getType().getUnqualifiedType().print(OS, Ctx.getPrintingPolicy());
      Value = D.braceValue(OS.str(), V->getNameAsString(), *Init);
    }
    Out += (Out.empty() ? "" : " ") + V->getNameAsString() + " = " + Value +
           ";";
  }
  return Out;
}

/// The pool, the coarsening and the declarations that outlive one step.
void PoolEmitter::header(CodeBuilder &B) {
  const char *U = D.UInt;
  B.line("/* tdrc: dynamic work assignment (Kato, Suda & Tamada): this " +
         std::string(D.Group) + " hands out the " + D.Items + " of " +
         "tdr_pool_groups " + D.Groups + " from a pool; a " + D.Item +
         " that finishes one takes the next */");
  B.line(std::string(D.Shared) + " " + U + " tdr_pool;");
  // Coarsen only grids large enough to fill the GPU afterwards
  // (TDR_POOL_MIN_GROUPS groups per pooled group).
  emitGroupCoarsening(
      B, Ctx, D,
      {"tdr_pool_groups", "TDR_POOL_GROUPS", "TDR_POOL_MIN_GROUPS",
       "tdr_pool_groups = 1; /* a smaller last group: no pooling */",
       "return; /* tdrc: its items are in another group's pool */",
       "TDR_POOL_INTERLEAVE"});
  B.line("const " + std::string(U) + " tdr_group_items = " + D.localSize(0) +
         " * " + D.localSize(1) + " * " + D.localSize(2) + ";");
  // The groups this one serves: those left, up to tdr_pool_groups, one
  // after another; or every tdr_pool_stride-th from this one.
  std::string Left = groupsLeft(D);
  B.line("const " + std::string(U) + " tdr_items = (TDR_POOL_INTERLEAVE ? (" +
         Left + " - 1u) / tdr_pool_groups_stride + 1u : " + Left +
         " < tdr_pool_groups ? " + Left + " : tdr_pool_groups) * "
         "tdr_group_items;");
  B.line(std::string(U) + " tdr_item = " + D.flatLocalId() +
         "; /* its own item first */");
  B.nest("if (tdr_item == 0)").line("tdr_pool = tdr_group_items;").unnest();
  B.line(D.barrier(false));
  for (unsigned Dim = 0; Dim < P.Dims; ++Dim) {
    if (D.Cuda) {
      B.line(std::string(U) + " tdr_tid_" + Axis[Dim] + ", tdr_bid_" +
             Axis[Dim] + ";");
      continue;
    }
    B.line("size_t tdr_lid" + std::to_string(Dim) + ", tdr_grp" +
           std::to_string(Dim) + ", tdr_gid" + std::to_string(Dim) + ";");
  }
  copyWrittenParams(B, T, P.ResetParams);
  B.line("int tdr_state = 2; /* 2: its first item, 1: in the loop, 0: done */");
  if (loopJumps())
    B.line("int tdr_brk = 0;");
  for (const DeclStmt *DS : P.Hoisted)
    for (const Decl *Dc : DS->decls()) {
      auto *V = cast<VarDecl>(Dc);
      B.line(T.declaration(V) + "; /* tdrc: moved up from " +
             T.where(V->getLocation()) + " */");
    }
}

/// Taking the next item and the item's IDs.
void PoolEmitter::prepare(CodeBuilder &B) {
  if (D.Cuda) {
    B.open("if (tdr_state == 0) {");
    B.line("#if TDR_POOL_AGGREGATE /* one atomic per warp: the lanes here "
           "take consecutive items */");
    takeAggregated(B);
    B.line("#else").line("tdr_item = " + D.atomicInc("tdr_pool") + ";");
    B.line("#endif");
    B.close();
  } else {
    B.nest("if (tdr_state == 0)")
        .line("tdr_item = " + D.atomicInc("tdr_pool") + ";")
        .unnest();
  }
  B.nest("if (tdr_item >= tdr_items)").line("break;").unnest();
  B.line("const " + std::string(D.UInt) +
         " tdr_r = tdr_item % tdr_group_items;");
  std::string L0 = D.localSize(0), L1 = D.localSize(1);
  std::string Local[] = {"tdr_r % " + L0, "tdr_r / " + L0 + " % " + L1,
                         "tdr_r / (" + L0 + " * " + L1 + ")"};
  for (unsigned Dim = 0; Dim < P.Dims; ++Dim) {
    std::string Group = D.Cuda ? std::string("blockIdx.") + Axis[Dim]
                               : "get_group_id(" + std::to_string(Dim) + ")";
    if (Dim == 0)
      Group += " + tdr_item / tdr_group_items * tdr_pool_groups_stride";
    if (D.Cuda) {
      B.line(std::string("tdr_tid_") + Axis[Dim] + " = " + Local[Dim] + ";");
      B.line(std::string("tdr_bid_") + Axis[Dim] + " = " + Group + ";");
      continue;
    }
    std::string N = std::to_string(Dim);
    B.line("tdr_lid" + N + " = " + Local[Dim] + ";");
    B.line("tdr_grp" + N + " = " + Group + ";");
    B.line("tdr_gid" + N + " = tdr_grp" + N + " * " + D.localSize(Dim) +
           " + tdr_lid" + N + " + get_global_offset(" + N + ");");
  }
  restoreWrittenParams(B, P.ResetParams, " /* tdrc: the kernel writes it */");
  if (loopJumps())
    B.line("tdr_brk = 0;");
}

/// CUDA, with -DTDR_POOL_AGGREGATE=1: the lanes of a warp that finish
/// together take consecutive items with one atomic (the warp-aggregated
/// increment of the CUDA Programming Guide's coalesced groups, spelled with
/// the intrinsics it rests on): the first of them adds their count, and
/// each adds its rank among them.
void PoolEmitter::takeAggregated(CodeBuilder &B) {
  B.line("const unsigned int tdr_lane = (" + D.flatLocalId() + ") % 32u;");
  B.line("const unsigned int tdr_take = __activemask();");
  B.line("const int tdr_first = __ffs(tdr_take) - 1;");
  B.line("unsigned int tdr_base = 0u;");
  B.nest("if ((int)tdr_lane == tdr_first)")
      .line("tdr_base = atomicAdd(&tdr_pool, (unsigned int)__popc(tdr_take));")
      .unnest();
  B.line("tdr_item = __shfl_sync(tdr_take, tdr_base, tdr_first) + "
         "(unsigned int)__popc(tdr_take & ((1u << tdr_lane) - 1u));");
}

/// The loop's head becomes the end of the preparation and the test of one
/// step; its body stays, followed by the increment.
bool PoolEmitter::loopHead(EditList &E, std::string &Why,
                           const std::string &I) {
  const Stmt *Body;
  const Expr *Cond, *Inc = nullptr;
  std::string Init;
  if (auto *F = dyn_cast<ForStmt>(P.Loop)) {
    Body = F->getBody();
    Cond = F->getCond();
    Inc = F->getInc();
    if (auto *DS = dyn_cast_or_null<DeclStmt>(F->getInit())) {
      std::optional<std::string> A = assignments(DS);
      if (!A)
        return fail(Why, "the loop's init", DS->getBeginLoc());
      Init = *A;
    } else if (auto *IE = dyn_cast_or_null<Expr>(F->getInit())) {
      std::optional<std::string> A = render(IE->getSourceRange());
      if (!A)
        return fail(Why, "the loop's init", IE->getBeginLoc());
      Init = *A + ";";
    }
  } else if (auto *W = dyn_cast<WhileStmt>(P.Loop)) {
    Body = W->getBody();
    Cond = W->getCond();
  } else {
    Body = cast<DoStmt>(P.Loop)->getBody();
    Cond = cast<DoStmt>(P.Loop)->getCond();
  }
  // A do-while tests its condition after the body: the step's test moves
  // to the end of the step, and the `while (c);` after the body goes.
  bool Do = isa<DoStmt>(P.Loop);
  std::optional<std::string> C =
      Cond ? render(Cond->getSourceRange()) : std::string("1");
  std::optional<std::string> In =
      Inc ? render(Inc->getSourceRange()) : std::string();
  std::optional<unsigned> From = T.offset(P.Loop->getBeginLoc());
  std::optional<unsigned> To = T.offset(Body->getBeginLoc());
  std::optional<Range> BodyR = T.stmtRange(Body);
  std::optional<Range> LoopR = T.stmtRange(P.Loop);
  if (!C || !In || !From || !To || !BodyR || !LoopR)
    return fail(Why, "the loop", P.Loop->getBeginLoc());
  bool Jumps = loopJumps();
  // The loop runs up to TDR_POOL_STEPS steps at a time (a loop the compiler
  // can keep tight and unroll); between runs an item that is done settles
  // and the next one is prepared.  The step budget is tested before the
  // condition (a do-while's: after the body), so the condition is
  // evaluated exactly as often as before.
  CodeBuilder Head(I + "    "); // inside `for (;;) { if (...) {`
  if (!Init.empty())
    Head.line(Init);
  Head.line("tdr_state = 1;");
  Head.close();
  Head.open("{ /* tdrc: up to TDR_POOL_STEPS steps of the loop at " +
            T.where(P.Loop->getBeginLoc()) + ", then back to the pool */");
  Head.line("int tdr_more = 0;");
  Head.open("for (int tdr_k = 0; ; ++tdr_k) {");
  Head.line("if (tdr_k == TDR_POOL_STEPS) { tdr_more = 1; break; }");
  if (!Do)
    Head.line("if (!(" + *C + ")) break;");
  std::string HeadText = Head.str() + Head.indent() + (Jumps ? "do " : "");
  E.replace(*From, *To - *From, HeadText.substr(I.size()));
  CodeBuilder Tail(Head.indent());
  if (Jumps)
    Tail.line("if (tdr_brk) break;");
  if (!In->empty())
    Tail.line(*In + ";");
  if (Do)
    Tail.line("if (!(" + *C + ")) break;");
  Tail.close();
  Tail.line("if (tdr_more) continue;");
  bool Returns = false;
  for (const PoolJump &J : P.Jumps)
    Returns |= J.K == PoolJump::LoopReturn;
  if (Returns)
    Tail.line("if (tdr_brk == 2) { tdr_state = 0; continue; }");
  Tail.close();
  E.replace(BodyR->End, LoopR->End - BodyR->End,
            std::string(Jumps ? " while (0);" : "") + "\n" +
                Tail.str().substr(0, Tail.str().size() - 1));
  return true;
}

/// `if (c) {` becomes `if (!(c)) <drop the item>` and the block's closing
/// brace goes: its statements are the preparation and the settlement.  The
/// condition's text stays (its ID queries are redirected in place).
bool PoolEmitter::guard(EditList &E, std::string &Why) {
  const auto *Then = cast<CompoundStmt>(P.Guard->getThen());
  std::optional<Range> C = T.range(P.Guard->getCond()->getSourceRange());
  std::optional<unsigned> If = T.offset(P.Guard->getIfLoc());
  std::optional<unsigned> LB = T.offset(Then->getLBracLoc());
  std::optional<unsigned> RB = T.offset(Then->getRBracLoc());
  if (!C || !If || !LB || !RB)
    return fail(Why, "the guard", P.Guard->getIfLoc());
  std::string At = T.where(P.Guard->getIfLoc());
  E.replace(*If, C->Begin - *If, "if (!(");
  E.replace(C->End, *LB + 1 - C->End,
            ")) { tdr_state = 0; continue; } /* tdrc: the guard at " + At +
                " ends the item where it fails */");
  E.replace(*RB, 1, "/* tdrc: end of the guard at " + At + " */");
  return true;
}

bool PoolEmitter::run(EditList &E, std::string &Why) {
  const Stmt *First = P.Body->body_front();
  std::string I = T.indentAt(First->getBeginLoc());
  std::optional<unsigned> LB = T.offset(P.Body->getLBracLoc());
  std::optional<unsigned> RB = T.offset(P.Body->getRBracLoc());
  if (!LB || !RB)
    return fail(Why, "the kernel's braces", P.Body->getLBracLoc());
  CodeBuilder B(I);
  // The knobs, overridable with -D: the most groups one pool serves, the
  // fewest groups left working after coarsening, the steps between looks
  // at the pool, the layout of the groups a pool serves (docs/dwa.md).
  B.line("#ifndef TDR_POOL_GROUPS").line("#define TDR_POOL_GROUPS 16");
  B.line("#endif").line("#ifndef TDR_POOL_MIN_GROUPS");
  B.line("#define TDR_POOL_MIN_GROUPS 1024").line("#endif");
  B.line("#ifndef TDR_POOL_STEPS").line("#define TDR_POOL_STEPS 16");
  B.line("#endif");
  // 1: a pool serves groups spread over the grid, not neighbours.
  B.line("#ifndef TDR_POOL_INTERLEAVE").line("#define TDR_POOL_INTERLEAVE 1");
  B.line("#endif");
  if (D.Cuda) // off: no faster on an H200 (docs/benchmarks.md)
    B.line("#ifndef TDR_POOL_AGGREGATE")
        .line("#define TDR_POOL_AGGREGATE 0")
        .line("#endif");
  header(B);
  for (const DeclStmt *DS : P.MovedWhole) {
    std::optional<Range> R = T.stmtRange(DS);
    if (!R)
      return fail(Why, "a constant", DS->getBeginLoc());
    Consumed.push_back(*R);
    B.line(T.text(*R) + " /* tdrc: moved up */");
    Range W = T.wholeLines(*R);
    E.replace(W.Begin, W.End - W.Begin, "");
  }
  B.open("for (;;) { /* tdrc: the work pool's loop */");
  B.open("if (tdr_state != 1) { /* tdrc: prepare the next item */");
  prepare(B);
  E.insert(*LB + 1, "\n" + B.str().substr(0, B.str().size() - 1));
  for (const DeclStmt *DS : P.Hoisted) {
    if (isa<ForStmt>(P.Loop) && cast<ForStmt>(P.Loop)->getInit() == DS)
      continue; // spelled by loopHead
    std::optional<std::string> A = assignments(DS);
    std::optional<Range> R = T.stmtRange(DS);
    if (!A || !R)
      return fail(Why, "a declaration", DS->getBeginLoc());
    Consumed.push_back(*R);
    Range W = A->empty() ? T.wholeLines(*R) : *R;
    E.replace(W.Begin, W.End - W.Begin, *A);
  }
  if (!loopHead(E, Why, I))
    return false;
  for (const PoolJump &J : P.Jumps) {
    std::optional<Range> R = T.stmtRange(J.S);
    if (!R)
      return fail(Why, "a jump", J.S->getBeginLoc());
    Consumed.push_back(*R);
    const char *New = J.K == PoolJump::DropItem
                          ? "{ tdr_state = 0; continue; } /* tdrc: was return */"
                      : J.K == PoolJump::LoopBreak
                          ? "{ tdr_brk = 1; break; } /* tdrc: was break */"
                          : "{ tdr_brk = 2; break; } /* tdrc: was return */";
    E.replace(R->Begin, R->End - R->Begin, New);
  }
  if (P.Guard && !guard(E, Why))
    return false;
  if (P.TrailingReturn) {
    std::optional<Range> R = T.stmtRange(P.TrailingReturn);
    if (!R)
      return fail(Why, "the last return", P.TrailingReturn->getBeginLoc());
    Consumed.push_back(*R);
    E.replace(R->Begin, R->End - R->Begin, "/* tdrc: was return */");
  }
  for (const PoolIdRef &Id : P.Ids) {
    std::optional<Range> R = T.range(Id.E->getSourceRange());
    if (!R)
      return fail(Why, "an ID query", Id.E->getBeginLoc());
    bool Inside = false;
    for (const Range &C : Consumed)
      Inside |= R->Begin >= C.Begin && R->End <= C.End;
    if (!Inside)
      E.replace(R->Begin, R->End - R->Begin, idName(Id));
  }
  // Helpers that read IDs: their clones before the kernel, the calls
  // outside the statements spelled anew redirected (HelperClones.h).
  if (!P.Helpers.empty() &&
      !emitHelperClones(Ctx, P.Helpers, P.Kernel, D.Cuda, redirectedIdName,
                        Consumed, E, Why))
    return false;
  CodeBuilder End(I);
  End.line("  tdr_state = 0; /* tdrc: the item is done */");
  End.line("} /* tdrc: end of the work pool's loop */");
  E.insert(*RB, End.str());
  return true;
}

} // namespace

std::string redirectedIdName(const PoolIdRef &Id, bool Cuda) {
  if (Cuda)
    return std::string(Id.K == PoolIdRef::CudaThreadIdx ? "tdr_tid_"
                                                        : "tdr_bid_") +
           Axis[Id.Dim];
  const char *Prefix = Id.K == PoolIdRef::GlobalId  ? "tdr_gid"
                       : Id.K == PoolIdRef::LocalId ? "tdr_lid"
                                                    : "tdr_grp";
  return Prefix + std::to_string(Id.Dim);
}

bool emitWorkPool(ASTContext &Ctx, const PoolPlan &P, const Dialect &D,
                  EditList &E, std::string &Why) {
  EditList Trial = E;
  PoolEmitter Em(Ctx, P, D);
  if (!Em.run(Trial, Why))
    return false;
  E = std::move(Trial);
  return true;
}

} // namespace tdrc
