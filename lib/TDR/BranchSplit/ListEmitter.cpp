//===- ListEmitter.cpp - The plan over per-path lists ---------------------===//
//
// After the split plan's parts come a second descriptor, a helper that
// says which path a work-item takes, the listing kernel and one part per
// path that runs only the items on its list:
//
//   /* tdrc-split-lists: kernel=K list=K__list parts=K__w0,K__w1 */
//   static int K__path(...) { ... if (c) { return 0; } else { return 1; }
//                             ... return -1; }   // K's text, returns -1
//   __kernel void K__list(..., __global uint *tdr_lists) {
//     <count the work-group's items per path in local memory; one global
//      atomic per path reserves their places; each item writes its own> }
//   __kernel void K__w0(..., __global uint *tdr_lists) {
//     <the item at this work-item's position of list 0; leave past its end>
//     ... K's body with the IDs redirected to the item, path 0 only ... }
//
// The lists buffer holds P counts (zero before K__list runs) and then P
// lists of N entries (N: the NDRange's work-items), entry = the item's
// position in the NDRange (dimension 0 fastest).  Every kernel runs over
// K's NDRange; work-items past their list's count leave at once.  The
// helper runs K's code before the branch, which the split plan's legality
// already lets every part run; a part re-runs it for its items, whose IDs
// are derived from their position, so each part computes for its items
// what K computes.
//
//===----------------------------------------------------------------------===//
#include "SplitEmitter.h"
#include "../WorkPool/HelperClones.h"
#include "tdrc/Rewriter/CodeBuilder.h"
#include "tdrc/TDR/BranchSplit/BranchSplitTransform.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/SourceText.h"
#include "tdrc/TDR/StmtCollect.h"
#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"

using namespace clang;

namespace tdrc {

namespace {

const char *const Axis[] = {"x", "y", "z"};

class ListEmitter {
public:
  ListEmitter(ASTContext &Ctx, const SplitPlan &P, const KernelText &KT)
      : Ctx(Ctx), P(P), KT(KT), D(dialectFor(Ctx.getLangOpts())), T(Ctx),
        K(P.Kernel->getNameAsString()), N(unsigned(P.Arms.size())) {}

  std::optional<std::string> run(std::string &Why);

private:
  using Subs = std::vector<std::pair<SourceText::Range, std::string>>;
  std::string u() const { return D.UInt; }
  /// The size of the NDRange along Dim, and the position of this
  /// work-item along it (from 0).
  std::string extent(unsigned Dim) const {
    return D.Cuda ? std::string("tdr_n") + Axis[Dim]
                  : "get_global_size(" + std::to_string(Dim) + ")";
  }
  std::string position(unsigned Dim) const {
    if (D.Cuda)
      return std::string("(blockIdx.") + Axis[Dim] + " * blockDim." +
             Axis[Dim] + " + threadIdx." + Axis[Dim] + ")";
    std::string S = std::to_string(Dim);
    return "(get_global_id(" + S + ") - get_global_offset(" + S + "))";
  }
  /// The count and the flat position of this work-item, for both kernels.
  void sizes(CodeBuilder &B, const std::string &Flat);
  /// The listed item's IDs, for the IDs the kernel reads.
  void itemIds(CodeBuilder &B);
  std::string listEntry(const std::string &Path,
                        const std::string &Index) const {
    return "tdr_lists[" + std::to_string(N) + " + (" +
           (D.Cuda ? "unsigned long long" : "size_t") + ")" + Path +
           " * tdr_n + " + Index + "]";
  }
  /// K's text as `int K__path(...)`: each arm returns its path, every
  /// other return and the end of the body -1.
  std::optional<std::string> pathHelper(const std::string &Indent,
                                        std::string &Why);
  /// K's head as K__list, with a body that lists its work-items.
  std::optional<std::string> listKernel(const std::string &Indent,
                                        std::string &Why);
  /// The edits of K's head for a kernel of this plan: Name, and the lists
  /// buffer after the last parameter.
  void head(Subs &S, const std::string &Name) const;
  /// K's text under Name, with Subs applied, the list buffer after the
  /// last parameter and Prologue at the top of the body.
  std::string kernel(const std::string &Name, Subs S,
                     const std::string &Prologue);

  ASTContext &Ctx;
  const SplitPlan &P;
  const KernelText &KT;
  const Dialect &D;
  SourceText T;
  std::string K;
  unsigned N;
  std::vector<std::optional<SourceText::Range>> Arm;
  unsigned ParamsEnd = 0, BodyAt = 0;
};

void ListEmitter::sizes(CodeBuilder &B, const std::string &Flat) {
  if (D.Cuda)
    for (unsigned Dim = 0; Dim < 3; ++Dim)
      B.line("const " + u() + " tdr_n" + Axis[Dim] + " = gridDim." +
             Axis[Dim] + " * blockDim." + Axis[Dim] + ";");
  B.line("const " + u() + " tdr_n = (" + u() + ")(" + extent(0) + " * " +
         extent(1) + " * " + extent(2) + ");");
  B.line("const " + u() + " " + Flat + " = (" + u() + ")(" + position(0) +
         " + " + extent(0) + " * (" + position(1) + " + " + extent(1) +
         " * " + position(2) + "));");
}

void ListEmitter::itemIds(CodeBuilder &B) {
  bool Kind[5] = {};
  for (const PoolIdRef &Id : P.Ids)
    Kind[Id.K] = true;
  for (const HelperClone &C : P.Helpers.Clones)
    for (const PoolIdRef &Id : C.Takes)
      Kind[Id.K] = true;
  for (unsigned Dim = 0; Dim < P.Dims; ++Dim) {
    std::string At = Dim == 0   ? "tdr_item % " + extent(0)
                     : Dim == 1 ? "tdr_item / " + extent(0) + " % " + extent(1)
                                : "tdr_item / (" + extent(0) + " * " +
                                      extent(1) + ")";
    if (D.Cuda) {
      std::string X = std::string("tdr_") + Axis[Dim];
      std::string Size = std::string("blockDim.") + Axis[Dim];
      B.line("const " + u() + " " + X + " = " + At + ";");
      if (Kind[PoolIdRef::CudaThreadIdx])
        B.line("const " + u() + " tdr_tid_" + Axis[Dim] + " = " + X + " % " +
               Size + ";");
      if (Kind[PoolIdRef::CudaBlockIdx])
        B.line("const " + u() + " tdr_bid_" + Axis[Dim] + " = " + X + " / " +
               Size + ";");
      continue;
    }
    std::string S = std::to_string(Dim);
    std::string Pos = "tdr_pos" + S;
    B.line("const size_t " + Pos + " = " + At + ";");
    if (Kind[PoolIdRef::GlobalId])
      B.line("const size_t tdr_gid" + S + " = " + Pos +
             " + get_global_offset(" + S + ");");
    if (Kind[PoolIdRef::LocalId])
      B.line("const size_t tdr_lid" + S + " = " + Pos + " % get_local_size(" +
             S + ");");
    if (Kind[PoolIdRef::GroupId])
      B.line("const size_t tdr_grp" + S + " = " + Pos + " / get_local_size(" +
             S + ");");
  }
}

void ListEmitter::head(Subs &S, const std::string &Name) const {
  S.push_back({{KT.Begin + KT.NameAt, KT.Begin + KT.NameAt + unsigned(K.size())},
               Name});
  S.push_back({{ParamsEnd, ParamsEnd},
               std::string(D.Cuda ? ", unsigned int *" : ", __global uint *") +
                   "tdr_lists"});
}

std::string ListEmitter::kernel(const std::string &Name, Subs S,
                                const std::string &Prologue) {
  head(S, Name);
  S.push_back({{BodyAt, BodyAt}, "\n" + Prologue.substr(0, Prologue.size() - 1)});
  return T.respell({KT.Begin, KT.End}, std::move(S));
}

std::optional<std::string> ListEmitter::run(std::string &Why) {
  FunctionTypeLoc FTL = P.Kernel->getFunctionTypeLoc();
  const auto *Body = dyn_cast_or_null<CompoundStmt>(P.Kernel->getBody());
  std::optional<unsigned> RParen =
      FTL ? T.offset(FTL.getRParenLoc()) : std::nullopt;
  std::optional<unsigned> LBrace =
      Body ? T.offset(Body->getLBracLoc()) : std::nullopt;
  if (!RParen || !LBrace) {
    Why = spelledInMacro("the kernel's parameter list or body");
    return std::nullopt;
  }
  ParamsEnd = *RParen;
  BodyAt = *LBrace + 1;
  for (const Stmt *S : P.Arms)
    Arm.push_back(S ? T.stmtRange(S) : std::nullopt);
  std::string Indent = "  ";
  if (!Body->body_empty())
    Indent = T.indentAt(Body->body_front()->getBeginLoc());

  std::string Parts;
  for (unsigned I = 0; I < N; ++I)
    Parts += (I ? "," : "") + splitListPartName(K, I);
  std::string Out = "\n/* tdrc-split-lists: kernel=" + K +
                    " list=" + splitListName(K) + " parts=" + Parts +
                    " reads=" + indexList(P.Reads) +
                    " writes=" + indexList(P.Writes) + " */\n// tdrc: the same paths over per-path lists: " +
                    splitListName(K) +
                    " lists each work-item under its path, then each part "
                    "runs only its list's items.  Launch them in this order "
                    "with " + K + "'s arguments and sizes, plus one buffer of " +
                    std::to_string(N) + " + " + std::to_string(N) +
                    " * N " + u() + "s (N: the launch's work-items) whose "
                    "first " + std::to_string(N) +
                    " are zero before " + splitListName(K) + " runs.\n";

  // The listing kernel: each arm puts the work-item on its list.
  std::optional<std::string> Helper = pathHelper(Indent, Why);
  std::optional<std::string> List = Helper ? listKernel(Indent, Why)
                                           : std::nullopt;
  if (!List)
    return std::nullopt;
  Out += "\n" + *Helper + "\n\n" + *List + "\n";
  // Helpers that read IDs, as clones taking the listed item's.
  std::optional<std::string> Clones =
      helperClonesText(Ctx, P.Helpers, K, D.Cuda, redirectedIdName, Why);
  if (!Clones)
    return std::nullopt;
  if (!Clones->empty())
    Out += "\n" + *Clones;

  // The parts: K's text with its IDs redirected to the listed item.
  for (unsigned I = 0; I < N; ++I) {
    Subs S = onlyPath(Arm, I);
    for (const PoolIdRef &Id : P.Ids) {
      std::optional<SourceText::Range> R = T.range(Id.E->getSourceRange());
      if (!R) {
        Why = spelledInMacro("an ID at " + T.where(Id.E->getBeginLoc()));
        return std::nullopt;
      }
      S.push_back({*R, redirectedIdName(Id, D.Cuda)});
    }
    if (!cloneCallSubs(T, P.Helpers, K, D.Cuda, redirectedIdName, S, Why))
      return std::nullopt;
    CodeBuilder PP(Indent);
    PP.line("/* tdrc: this " + std::string(D.Item) +
            " runs the item at its position of path " + std::to_string(I) +
            "'s list */");
    sizes(PP, "tdr_slot");
    PP.nest("if (tdr_slot >= tdr_lists[" + std::to_string(I) + "])")
        .line("return;")
        .unnest();
    PP.line("const " + u() + " tdr_item = " + listEntry(std::to_string(I), "tdr_slot") + ";");
    itemIds(PP);
    Out += "\n" + kernel(splitListPartName(K, I), std::move(S), PP.str()) +
           "\n";
  }
  return Out;
}

std::optional<std::string>
ListEmitter::pathHelper(const std::string &Indent, std::string &Why) {
  const auto *Body = cast<CompoundStmt>(P.Kernel->getBody());
  Subs S;
  S.push_back({{KT.Begin, KT.Begin + KT.NameAt},
               D.Cuda ? "static __device__ int " : "static int "});
  S.push_back({{KT.Begin + KT.NameAt, KT.Begin + KT.NameAt + unsigned(K.size())},
               splitPathName(K)});
  // Attributes between the parameters and the body are the kernel's.
  S.push_back({{ParamsEnd + 1, BodyAt - 1}, " "});
  for (unsigned I = 0; I < N; ++I)
    if (Arm[I])
      S.push_back({*Arm[I], "{ return " + std::to_string(I) + "; }"});
  if (!P.Arms.back())
    S.push_back({{Arm[N - 2]->End, Arm[N - 2]->End},
                 " else { return " + std::to_string(N - 1) + "; }"});
  std::vector<const ReturnStmt *> Returns;
  collect(Body, Returns); // those inside the arms are replaced whole
  for (const ReturnStmt *R : Returns) {
    std::optional<SourceText::Range> RR = T.stmtRange(R);
    if (!RR) {
      Why = spelledInMacro("the return at " + T.where(R->getBeginLoc()));
      return std::nullopt;
    }
    S.push_back({*RR, "return -1;"});
  }
  std::optional<unsigned> RBrace = T.offset(Body->getRBracLoc());
  if (!RBrace) {
    Why = spelledInMacro("the kernel's closing brace");
    return std::nullopt;
  }
  S.push_back({{*RBrace, *RBrace}, Indent + "return -1; /* tdrc: no path */\n"});
  return "// tdrc: the path a " + std::string(D.Item) + " of '" + K +
         "' takes (-1: none), for " + splitListName(K) + ".\n" +
         T.respell({KT.Begin, KT.End}, std::move(S));
}

std::optional<std::string>
ListEmitter::listKernel(const std::string &Indent, std::string &Why) {
  std::string Args;
  for (const ParmVarDecl *PV : P.Kernel->parameters()) {
    if (PV->getName().empty()) {
      Why = "a parameter of the kernel has no name";
      return std::nullopt;
    }
    Args += (Args.empty() ? "" : ", ") + PV->getNameAsString();
  }
  std::string Paths = std::to_string(N), U = u();
  std::string Lin = D.flatLocalId();
  std::string Size = D.localSize(0) + " * " + D.localSize(1) + " * " +
                     D.localSize(2);
  std::string Barrier = D.barrier(false);
  std::string Each = "for (" + U + " tdr_q = tdr_lin; tdr_q < " + Paths +
                     "; tdr_q += tdr_size)";
  CodeBuilder B(Indent);
  B.line("/* tdrc: each " + std::string(D.Item) + " goes on the list of " +
         "the path it takes: its place counted in the " + D.Group + "'s " +
         D.SharedMemory + ", one atomic per path reserves the " + D.Group +
         "'s places */");
  B.line(std::string(D.Shared) + " " + U + " tdr_count[" + Paths +
         "], tdr_base[" + Paths + "];");
  B.line("const " + U + " tdr_lin = (" + U + ")(" + Lin + ");");
  B.line("const " + U + " tdr_size = (" + U + ")(" + Size + ");");
  sizes(B, "tdr_self");
  B.nest(Each).line("tdr_count[tdr_q] = 0;").unnest();
  B.line(Barrier);
  B.line("const int tdr_path = " + splitPathName(K) + "(" + Args + ");");
  B.line(U + " tdr_at = 0;");
  B.nest("if (tdr_path >= 0)")
      .line("tdr_at = " + D.atomicInc("tdr_count[tdr_path]") + ";")
      .unnest();
  B.line(Barrier);
  B.nest(Each)
      .nest("if (tdr_count[tdr_q] != 0)")
      .line("tdr_base[tdr_q] = " +
            std::string(D.Cuda ? "atomicAdd" : "atomic_add") +
            "(&tdr_lists[tdr_q], tdr_count[tdr_q]);")
      .unnest()
      .unnest();
  B.line(Barrier);
  B.nest("if (tdr_path >= 0)")
      .line(listEntry("tdr_path", "tdr_base[tdr_path] + tdr_at") +
            " = tdr_self;")
      .unnest();
  Subs S;
  head(S, splitListName(K));
  return T.respell({KT.Begin, BodyAt}, std::move(S)) + "\n" + B.str() + "}";
}

} // namespace

std::optional<std::string> splitListsText(ASTContext &Ctx, const SplitPlan &P,
                                          const KernelText &KT,
                                          std::string &Why) {
  return ListEmitter(Ctx, P, KT).run(Why);
}

} // namespace tdrc
