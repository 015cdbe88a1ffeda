//===- UnifyEmitter.cpp - Spell a UnifyPlan as the kernel's new body ------===//
//
// The body becomes two loops over the work-item's items (the items of the
// same place in tdr_unify_groups consecutive work-groups, so neighbouring
// work-items still read neighbouring data):
//
//   for each item j:  <prefix>; if (<cond 0>) tdr_path0 |= 1u << j; else ...
//   while (any path has items left)
//     for each path k with items left:   // the lanes with a k item, together
//       j = its next item; <prefix>; <arm k>; <suffix>
//
// The prefix, the conditions, the arms and the suffix are the original text
// with the item's IDs redirected and every return turned into the end of the
// item (`break` out of a `do { } while (0)`); a guard block around the
// branch becomes `if (!(guard)) break;` at the end of the prefix.  Helpers
// that read a changing ID are called through clones that take the item's
// IDs (WorkPool/HelperClones.h); the IDs they take that do not change per
// item are read once, at the top.  Inserted code is built with CodeBuilder.
//
//===----------------------------------------------------------------------===//
#include "UnifyEmitter.h"
#include "../WorkPool/HelperClones.h"
#include "tdrc/Rewriter/CodeBuilder.h"
#include "tdrc/TDR/ItemCode.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/Expr.h"
#include <set>

using namespace clang;

namespace tdrc {

namespace {

class UnifyEmitter {
public:
  UnifyEmitter(ASTContext &Ctx, const UnifyPlan &P, const Dialect &D)
      : Ctx(Ctx), P(P), D(D), T(Ctx) {}

  bool run(EditList &E, std::string &Why);

private:
  using Range = SourceText::Range;
  bool collect(std::string &Why);
  /// R's text with the IDs and returns inside it respelled, without the
  /// blank space around it; lines after the first move from the indentation
  /// of Orig to that of B.
  std::string chunk(Range R, SourceLocation Orig, const CodeBuilder &B) const;
  /// A chunk as lines of B (nothing for an empty one).
  void put(CodeBuilder &B, Range R, SourceLocation Orig) const {
    std::string C = chunk(R, Orig, B);
    if (!C.empty())
      B.line(C);
  }
  void header(CodeBuilder &B) const;
  void itemIds(CodeBuilder &B) const;
  /// The prefix: the statements before the branch (before and inside the
  /// guard block), the guard as the end of the item.
  void prefix(CodeBuilder &B) const;
  /// The IDs cloned helpers take that are the same for every item.
  void sharedIds(CodeBuilder &B) const;
  /// Arms that need running: every one but a trailing empty arm when the
  /// suffix does nothing.
  unsigned paths() const {
    unsigned N = P.Arms.size();
    return !P.Arms.back() && !P.SuffixWorks ? N - 1 : N;
  }
  std::string bit(unsigned K) const {
    return "tdr_path" + std::to_string(K);
  }
  bool fail(std::string &Why, const char *What, SourceLocation L) {
    Why = std::string(What) + " at " + T.where(L) +
          " is not spelled in the main file";
    return false;
  }

  ASTContext &Ctx;
  const UnifyPlan &P;
  const Dialect &D;
  SourceText T;
  std::vector<std::pair<Range, std::string>> Subs;
  Range Prefix, Suffix;
  Range InnerPrefix, GuardCond; // with a guard block: its part, its test
  std::vector<Range> Conds, Arms; // an empty arm: an empty range
  SourceLocation BodyStart;
};

bool UnifyEmitter::collect(std::string &Why) {
  for (const PoolIdRef &Id : P.Ids) {
    std::optional<Range> R = T.range(Id.E->getSourceRange());
    if (!R)
      return fail(Why, "an ID query", Id.E->getBeginLoc());
    Subs.push_back({*R, D.Cuda ? "tdr_bid_x"
                               : Id.K == PoolIdRef::GlobalId ? "tdr_gid0"
                                                             : "tdr_grp0"});
  }
  if (!cloneCallSubs(T, P.Helpers, P.Kernel->getName(), D.Cuda,
                     redirectedIdName, Subs, Why))
    return false;
  for (const ReturnStmt *R : P.Returns) {
    std::optional<Range> RR = T.stmtRange(R);
    if (!RR)
      return fail(Why, "a return", R->getReturnLoc());
    Subs.push_back({*RR, "break; /* tdrc: was return */"});
  }
  std::optional<unsigned> LB = T.offset(P.Body->getLBracLoc());
  std::optional<unsigned> RB = T.offset(P.Body->getRBracLoc());
  std::optional<Range> If = T.stmtRange(P.Branch);
  std::optional<unsigned> IfBegin = T.offset(P.Branch->getBeginLoc());
  if (!LB || !RB || !If || !IfBegin)
    return fail(Why, "the kernel body", P.Body->getLBracLoc());
  // Whole lines: the prefix from the line after `{`, the suffix from the
  // line after the branch.
  Suffix = {If->End, *RB};
  Prefix = {*LB + 1, T.wholeLines({*IfBegin, If->End}).Begin};
  if (P.Guard) {
    std::optional<Range> G = T.stmtRange(P.Guard);
    std::optional<unsigned> GBegin = T.offset(P.Guard->getBeginLoc());
    std::optional<unsigned> GLB = T.offset(P.Scope->getLBracLoc());
    std::optional<unsigned> GRB = T.offset(P.Scope->getRBracLoc());
    std::optional<Range> C = T.range(P.Guard->getCond()->getSourceRange());
    if (!G || !GBegin || !GLB || !GRB || !C)
      return fail(Why, "the guard", P.Guard->getBeginLoc());
    Prefix = {*LB + 1, T.wholeLines({*GBegin, G->End}).Begin};
    InnerPrefix = {*GLB + 1, T.wholeLines({*IfBegin, If->End}).Begin};
    GuardCond = *C;
    Suffix = {If->End, *GRB};
  }
  BodyStart = P.Branch->getBeginLoc();
  for (const Expr *C : P.Conds) {
    std::optional<Range> R = T.range(C->getSourceRange());
    if (!R)
      return fail(Why, "a condition", C->getBeginLoc());
    Conds.push_back(*R);
  }
  for (const Stmt *S : P.Arms) {
    if (!S) {
      Arms.push_back({0, 0});
      continue;
    }
    std::optional<Range> R = T.stmtRange(S);
    if (!R)
      return fail(Why, "a path", S->getBeginLoc());
    Arms.push_back(*R);
  }
  return true;
}

std::string UnifyEmitter::chunk(Range R, SourceLocation Orig,
                                const CodeBuilder &B) const {
  std::string Text = T.respell(R, Subs);
  std::string From = T.indentAt(Orig), To = B.indent();
  std::string Out;
  for (size_t I = 0; I < Text.size(); ++I) {
    Out += Text[I];
    if (Text[I] != '\n' || I + 1 == Text.size())
      continue;
    // A line splice (`\` at the end of the line) continues a token or a
    // directive: the next line stays as written.
    if (I > 0 && Text[I - 1] == '\\')
      continue;
    // Re-indent the next line: drop Orig's indentation, add B's.
    size_t J = I + 1;
    if (Text.compare(J, From.size(), From) == 0)
      J += From.size();
    Out += To;
    I = J - 1;
  }
  size_t Begin = Out.find_first_not_of(" \t\r\n");
  if (Begin == std::string::npos)
    return "";
  size_t End = Out.find_last_not_of(" \t\r\n");
  return Out.substr(Begin, End + 1 - Begin);
}

void UnifyEmitter::header(CodeBuilder &B) const {
  const char *U = D.UInt;
  B.line("/* tdrc: branch path unification (Kato, Suda & Tamada): this " +
         std::string(D.Item) + " runs the items at its place in " +
         "tdr_unify_groups " + D.Groups + " (its own first), path after " +
         "path: the lanes that have an item of one path run it together */");
  emitGroupCoarsening(
      B, Ctx, D,
      {"tdr_unify_groups", "TDR_UNIFY_GROUPS", "TDR_UNIFY_MIN_GROUPS",
       "tdr_unify_groups = 1u; /* a smaller last group: one item each */",
       "return; /* tdrc: its items run in an earlier " + std::string(D.Group) +
           " */",
       /*Interleave=*/""}); // neighbouring groups, as before
  std::string Left = groupsLeft(D);
  B.line("const " + std::string(U) + " tdr_unify_items = " + Left +
         " < tdr_unify_groups ? " + Left + " : tdr_unify_groups;");
  copyWrittenParams(B, T, P.ResetParams);
  B.line(D.Cuda ? std::string(U) + " tdr_bid_x;"
                : std::string("size_t tdr_grp0, tdr_gid0;"));
  sharedIds(B);
  std::string Masks;
  for (unsigned K = 0; K < paths(); ++K)
    Masks += (K ? ", " : "") + bit(K) + " = 0u";
  B.line(std::string(U) + " " + Masks + "; /* bit j: item j takes path k */");
}

void UnifyEmitter::sharedIds(CodeBuilder &B) const {
  std::set<std::string> Done;
  for (const HelperClone &C : P.Helpers.Clones)
    for (const PoolIdRef &Id : C.Takes) {
      std::string N = redirectedIdName(Id, D.Cuda);
      if (changesPerItem(Id) || !Done.insert(N).second)
        continue;
      std::string Query =
          Id.K == PoolIdRef::GlobalId ? D.globalId(Id.Dim)
          : Id.K == PoolIdRef::LocalId || Id.K == PoolIdRef::CudaThreadIdx
              ? D.localId(Id.Dim)
              : D.groupId(Id.Dim);
      B.line("const " + helperIdType(D.Cuda) + " " + N + " = " + Query +
             "; /* tdrc: the same for every item */");
    }
}

void UnifyEmitter::prefix(CodeBuilder &B) const {
  put(B, Prefix, P.Body->body_front()->getBeginLoc());
  if (!P.Guard)
    return;
  B.line("if (!(" + chunk(GuardCond, P.Guard->getBeginLoc(), B) +
         ")) break; /* tdrc: the guard at " + T.where(P.Guard->getBeginLoc()) +
         " ends the item */");
  put(B, InnerPrefix, P.Scope->body_front()->getBeginLoc());
}

void UnifyEmitter::itemIds(CodeBuilder &B) const {
  if (D.Cuda) {
    B.line("tdr_bid_x = blockIdx.x + tdr_j;");
  } else {
    B.line("tdr_grp0 = get_group_id(0) + tdr_j;");
    B.line("tdr_gid0 = tdr_grp0 * get_local_size(0) + get_local_id(0) + "
           "get_global_offset(0);");
  }
  restoreWrittenParams(B, P.ResetParams, "");
}

bool UnifyEmitter::run(EditList &E, std::string &Why) {
  if (!collect(Why))
    return false;
  std::string I = T.indentAt(P.Body->body_front()->getBeginLoc());
  CodeBuilder B(I);
  B.line("#ifndef TDR_UNIFY_GROUPS").line("#define TDR_UNIFY_GROUPS 16");
  B.line("#endif").line("#if TDR_UNIFY_GROUPS > 32");
  B.line("#error \"TDR_UNIFY_GROUPS: at most 32 (one bit per item)\"");
  B.line("#endif").line("#ifndef TDR_UNIFY_MIN_GROUPS");
  B.line("#define TDR_UNIFY_MIN_GROUPS 1024").line("#endif");
  header(B);
  // Each item's path.
  B.open("for (" + std::string(D.UInt) +
         " tdr_j = 0; tdr_j < tdr_unify_items; ++tdr_j) { /* tdrc: the path "
         "of each item */");
  itemIds(B);
  B.open("do {");
  prefix(B);
  std::string Test;
  for (unsigned K = 0; K < paths(); ++K) {
    std::string Set = bit(K) + " |= 1u << tdr_j;";
    if (K < Conds.size())
      Test += (K ? " else if (" : "if (") + chunk(Conds[K], BodyStart, B) +
              ") " + Set;
    else
      Test += " else " + Set;
  }
  B.line(Test);
  B.close("} while (0);");
  B.close();
  // The paths in turn, each for the next item that takes it.
  std::string Any;
  for (unsigned K = 0; K < paths(); ++K)
    Any += (K ? " | " : "") + bit(K);
  B.open("while ((" + Any + ") != 0u) { /* tdrc: path after path */");
  for (unsigned K = 0; K < paths(); ++K) {
    std::string M = bit(K);
    B.open("if (" + M + " != 0u) { /* tdrc: path " + std::to_string(K) +
           (K < Conds.size() ? " (condition " + std::to_string(K) + ")"
                             : std::string(" (no condition holds)")) +
           " */");
    B.line("const " + std::string(D.UInt) + " tdr_j = " +
           (D.Cuda ? "__ffs(" + M + ") - 1;"
                   : "31u - clz(" + M + " & (0u - " + M + "));"));
    B.line(M + " &= " + M + " - 1u;");
    itemIds(B);
    B.open("do {");
    prefix(B);
    if (Arms[K].End > Arms[K].Begin)
      put(B, Arms[K], BodyStart);
    put(B, Suffix, BodyStart);
    B.close("} while (0);");
    B.close();
  }
  B.close("} /* tdrc: end of path after path */");
  std::optional<unsigned> LB = T.offset(P.Body->getLBracLoc());
  std::optional<unsigned> RB = T.offset(P.Body->getRBracLoc());
  E.replace(*LB + 1, *RB - *LB - 1, "\n" + B.str());
  // The clones go before the kernel; its calls were respelled above.
  return P.Helpers.empty() ||
         emitHelperClones(Ctx, P.Helpers, P.Kernel, D.Cuda, redirectedIdName,
                          {{*LB, *RB}}, E, Why);
}

} // namespace

bool emitPathUnify(ASTContext &Ctx, const UnifyPlan &P, const Dialect &D,
                   EditList &E, std::string &Why) {
  EditList Trial = E;
  UnifyEmitter Em(Ctx, P, D);
  if (!Em.run(Trial, Why))
    return false;
  E = std::move(Trial);
  return true;
}

} // namespace tdrc
