//===- RemapEmitter.cpp - Turn a KernelPlan into source edits --------------===//
//
// Every edit is an insertion or a replacement of whole expressions or
// statements; the rest of the file, comments and macros included, is kept
// byte for byte.  Text moved by an edit (a branch condition, a guard, an
// initialiser) is re-spelled with the work-item ID queries redirected.
//
//===----------------------------------------------------------------------===//
#include "tdrc/TDR/Remap/RemapEmitter.h"
#include "tdrc/TDR/Remap/RemapCode.h"
#include "../WorkPool/HelperClones.h"
#include "tdrc/TDR/PathShapes.h"
#include "tdrc/TDR/PathVector.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ParentMap.h"
#include "clang/AST/TypeLoc.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"

using namespace clang;

namespace tdrc {

namespace {

class Emitter {
public:
  Emitter(ASTContext &Ctx, const KernelPlan &Plan, const Dialect &D)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), LO(Ctx.getLangOpts()),
        Plan(Plan), Dl(D), PM(Plan.Kernel->getBody()), T(Ctx) {}

  bool run(EditList &E, std::string &Why);

private:
  using Range = SourceText::Range;
  std::optional<Range> range(SourceRange R) const { return T.range(R); }
  /// A statement's range including its terminating semicolon.
  std::optional<Range> stmtRange(const Stmt *S) const {
    return T.stmtRange(S);
  }
  std::optional<unsigned> offset(SourceLocation L) const {
    return T.offset(L);
  }
  std::string indentAt(SourceLocation L) const { return T.indentAt(L); }
  Range wholeLines(Range R) const { return T.wholeLines(R); }
  std::string text(Range R) const { return T.text(R); }
  /// Source text of E with every redirected ID query renamed.  Unless
  /// Copy is set, E's own text is about to be replaced: its ID queries need
  /// no edits of their own.
  std::optional<std::string> render(const Expr *E, bool Copy = false);
  std::string where(SourceLocation L) const { return T.where(L); }
  bool fail(std::string &Why, const std::string &What, SourceLocation L) {
    Why = What + " at " + where(L) + " is not spelled in the main file";
    return false;
  }

  bool moveToKernelTop(const ActiveRegion &R, EditList &E, std::string &Why);
  bool emitRegion(const ActiveRegion &R, EditList &E, std::string &Why);
  bool emitNest(const ActiveRegion &R, EditList &E, std::string &Why);
  bool emitFallback(const clang::CompoundStmt *Body, unsigned LB,
                    const std::string &I, EditList &E, std::string &Why);
  /// The statements that compute tdr_path (and tdr_key) for a round, placed
  /// before it; replaces the branch's conditions so they test the path
  /// (but a round before a loop: there they read the moved state).
  std::optional<std::string> pathSelection(const RemapRound &R, EditList &E,
                                           const std::string &I);
  /// `tdr_key = ...; switch (tdr_key) { ... tdr_path = Prefix + path; }`
  std::optional<std::string> switchSelection(const clang::SwitchStmt *Sw,
                                             const std::string &Prefix,
                                             const std::string &I);
  /// The digit value member M's conditions select, as one expression.
  std::optional<std::string> treeValue(const RemapRound &R, unsigned M,
                                       bool Copy);
  bool stripConst(const VarDecl *V, EditList &E, std::string &Why);
  /// --feedback: `__global uint *tdr_feedback` as the last parameter.
  bool addFeedbackParam(EditList &E, std::string &Why);

  ASTContext &Ctx;
  SourceManager &SM;
  const LangOptions &LO;
  const KernelPlan &Plan;
  const Dialect &Dl; // how the inserted code is spelled
  ParentMap PM;
  SourceText T;
  std::vector<Range> Consumed; // ranges re-spelled as a whole
  llvm::DenseSet<const VarDecl *> Hoisted;
};

/// A helper clone's parameter for an ID remapping redirects: the logical
/// local ID (threadIdx in CUDA) or global ID.
static std::string remapIdName(const PoolIdRef &Id, bool) {
  return redirectedId(Id.K == PoolIdRef::GlobalId, Id.Dim);
}

std::optional<std::string> Emitter::render(const Expr *E, bool Copy) {
  std::optional<Range> R = range(E->getSourceRange());
  if (!R)
    return std::nullopt;
  if (!Copy)
    Consumed.push_back(*R);
  std::vector<std::pair<Range, std::string>> Subs;
  for (const IdRef &Id : Plan.IdRefs)
    if (auto CR = range(Id.E->getSourceRange()))
      Subs.push_back({*CR, redirectedId(Id)});
  std::string Why;
  if (Plan.Helpers && !cloneCallSubs(T, *Plan.Helpers, Plan.Kernel->getName(),
                                     LO.CUDA, remapIdName, Subs, Why))
    return std::nullopt;
  return T.respell(*R, std::move(Subs));
}

/// A const scalar, or an array of const elements (`const int d[4]`).
static bool isConstVar(ASTContext &Ctx, const VarDecl *V) {
  QualType T = V->getType();
  if (const ArrayType *AT = Ctx.getAsArrayType(T))
    T = AT->getElementType();
  return T.isConstQualified();
}

bool Emitter::stripConst(const VarDecl *V, EditList &E, std::string &Why) {
  // Lex the declaration specifiers up to the name; the top-level `const` is
  // the one after the last `*` (or any, for a non-pointer).
  SourceLocation Loc = SM.getExpansionLoc(V->getBeginLoc());
  SourceLocation NameLoc = SM.getExpansionLoc(V->getLocation());
  std::vector<std::pair<unsigned, unsigned>> Consts;
  unsigned Guard = 0;
  while (SM.isBeforeInTranslationUnit(Loc, NameLoc) && ++Guard < 256) {
    Token Tok;
    if (Lexer::getRawToken(Loc, Tok, SM, LO, /*IgnoreWhiteSpace=*/true))
      break;
    if (Tok.is(tok::star))
      Consts.clear();
    if (Tok.is(tok::raw_identifier) && Tok.getRawIdentifier() == "const")
      Consts.push_back({SM.getFileOffset(Tok.getLocation()), Tok.getLength()});
    Loc = Tok.getEndLoc();
  }
  if (Consts.empty()) {
    Why = "cannot find the const of '" + V->getNameAsString() + "' at " +
          where(V->getLocation());
    return false;
  }
  StringRef Buf = SM.getBufferData(SM.getMainFileID());
  for (auto [Off, Len] : Consts) {
    unsigned L = Len;
    while (Off + L < Buf.size() && Buf[Off + L] == ' ')
      ++L;
    E.replace(Off, L, "");
  }
  return true;
}

bool Emitter::addFeedbackParam(EditList &E, std::string &Why) {
  const FunctionDecl *K = Plan.Kernel;
  FunctionTypeLoc FTL = K->getFunctionTypeLoc();
  if (!FTL || !FTL.getLParenLoc().isFileID() || !FTL.getRParenLoc().isFileID())
    return fail(Why, "the parameter list", K->getLocation());
  std::optional<unsigned> L = offset(FTL.getLParenLoc());
  std::optional<unsigned> R = offset(FTL.getRParenLoc());
  if (!L || !R)
    return fail(Why, "the parameter list", K->getLocation());
  const std::string Param = "__global uint *tdr_feedback";
  if (K->param_empty()) // `()` or `(void)`
    E.replace(*L + 1, *R - *L - 1, Param);
  else
    E.insert(*R, ", " + Param);
  return true;
}

/// Every work-item runs the region's uniform ifs and loops that hold a
/// remap (UniformNest.cpp): the active segment closes before each and
/// reopens after it, and inside each braced body.
bool Emitter::emitNest(const ActiveRegion &R, EditList &E, std::string &Why) {
  // The flag of each uniform if a round is cut out of: which arm it took.
  // They are declared before the outermost if of the cut, whose arms hold
  // the code where the others are tested.
  llvm::DenseMap<const Stmt *, std::string> FlagOf;
  llvm::DenseMap<const Stmt *, std::vector<std::string>> DeclaredAt;
  for (const RemapRound &RR : Plan.Rounds)
    for (const NestCut &C : RR.Cuts)
      if (!C.Flag.empty() && FlagOf.try_emplace(C.S, C.Flag).second)
        DeclaredAt[RR.Cuts.back().S].push_back(C.Flag);
  for (const Stmt *N : R.Nest) {
    std::string I = indentAt(N->getBeginLoc());
    std::optional<Range> NR = stmtRange(N);
    if (!NR)
      return fail(Why, "a uniform statement around a remap", N->getBeginLoc());
    E.insert(NR->Begin, "} /* tdrc: end of active segment (every work-item "
                        "runs this) */\n" + I);
    if (auto D = DeclaredAt.find(N); D != DeclaredAt.end())
      for (const std::string &F : D->second)
        E.insert(NR->Begin, "int " + F +
                                " = 0; /* tdrc: set in its if's then arm: "
                                "the remap is cut out of the if */\n" + I);
    auto Flag = FlagOf.find(N);
    E.insert(NR->End, "\n" + I + "if (tdr_active) {");
    for (const CompoundStmt *C : nestArms(N)) {
      std::optional<unsigned> LB = offset(C->getLBracLoc()),
                              RB = offset(C->getRBracLoc());
      if (!LB || !RB)
        return fail(Why, "a uniform statement around a remap",
                    C->getLBracLoc());
      std::string In = C->body_empty() ? I + "  "
                                       : indentAt(C->body_front()->getBeginLoc());
      if (Flag != FlagOf.end() && C == cast<IfStmt>(N)->getThen())
        E.insert(*LB + 1, " " + Flag->second + " = 1;");
      E.insert(*LB + 1, "\n" + In + "if (tdr_active) {");
      E.insert(*RB, "} /* tdrc: end of active segment */\n" + I);
    }
  }
  return true;
}

/// Local/shared memory the region declares moves, as written, to the
/// kernel body's start: OpenCL allows it at kernel scope only, and the
/// region's code now sits in blocks of its own.
bool Emitter::moveToKernelTop(const ActiveRegion &R, EditList &E,
                              std::string &Why) {
  auto *Body = cast<CompoundStmt>(Plan.Kernel->getBody());
  std::optional<unsigned> LB = offset(Body->getLBracLoc());
  if (!LB)
    return fail(Why, "the kernel body", Body->getLBracLoc());
  std::string I =
      Body->body_empty() ? "  " : indentAt(Body->body_front()->getBeginLoc());
  StringRef Code = SM.getBufferData(SM.getMainFileID());
  for (const DeclStmt *DS : R.MovedToTop) {
    std::optional<Range> DR = stmtRange(DS);
    if (!DR)
      return fail(Why, "a local memory declaration", DS->getBeginLoc());
    Consumed.push_back(*DR);
    // After the remap state, which ends its last line.
    E.insert(*LB + 1, I + Code.slice(DR->Begin, DR->End).str() +
                          " /* tdrc: moved up from " +
                          where(DS->getBeginLoc()) + " */\n");
    *DR = wholeLines(*DR);
    E.replace(DR->Begin, DR->End - DR->Begin, "");
  }
  return true;
}

bool Emitter::emitRegion(const ActiveRegion &R, EditList &E, std::string &Why) {
  PrintingPolicy PP = Ctx.getPrintingPolicy();
  std::string I = indentAt(R.Kind == RegionKind::Guard ? R.Guard->getBeginLoc()
                                                        : R.Start->getBeginLoc());
  std::string Decls;
  for (const DeclStmt *DS : R.Hoisted) {
    std::string Assign;
    for (const Decl *D : DS->decls()) {
      auto *V = cast<VarDecl>(D);
      Hoisted.insert(V);
      Qualifiers ElemQuals; // `const int d[4]`: the elements' const too
      std::string Decl = T.declared(
          Ctx.getUnqualifiedArrayType(V->getType(), ElemQuals), V->getName());
      Decls += I + Decl + "; /* tdrc: moved up from " +
               where(V->getLocation()) + " */\n";
      if (V->hasInit()) {
        std::optional<std::string> Init = render(V->getInit());
        if (!Init)
          return fail(Why, "the initialiser of '" + V->getNameAsString() + "'",
                      V->getLocation());
        // `T s = {...};` becomes `s = (T){...};` (a compound literal; in
        // C++ `decltype(s){...}`): a brace list is no expression (arrays are
        // declined earlier).
        std::string Value = *Init;
        if (auto *CAT = Ctx.getAsConstantArrayType(V->getType())) {
          // No array assignment: copy from a temporary with the initialiser.
          std::string Tmp = "tdr_init_" + V->getNameAsString();
          std::string TmpDecl = T.declared(V->getType(), Tmp);
          Assign += (Assign.empty() ? "" : " ") + std::string("{ ") + TmpDecl +
                    " = " + Value + "; for (int tdr_i = 0; tdr_i < " +
                    std::to_string(CAT->getSize().getZExtValue()) +
                    "; ++tdr_i) " + V->getNameAsString() + "[tdr_i] = " + Tmp +
                    "[tdr_i]; }";
          continue;
        }
        if (isa<InitListExpr>(V->getInit()->IgnoreImplicit())) {
          std::string T;
          llvm::raw_string_ostream LS(T);
          V->getType().getUnqualifiedType().print(LS, PP);
          Value = Dl.braceValue(LS.str(), V->getNameAsString(), *Init);
        }
        Assign += (Assign.empty() ? "" : " ") + V->getNameAsString() + " = " +
                  Value + ";";
      }
    }
    std::optional<Range> DR = stmtRange(DS);
    if (!DR)
      return fail(Why, "a declaration", DS->getBeginLoc());
    Consumed.push_back(*DR);
    if (Assign.empty())
      *DR = wholeLines(*DR); // drop the line rather than leave it blank
    E.replace(DR->Begin, DR->End - DR->Begin, Assign);
  }
  if (!moveToKernelTop(R, E, Why))
    return false;
  // Converted early returns clear the active flag; all but the region's
  // first also split the region there.
  for (const IfStmt *ER : R.EarlyReturns) {
    const Stmt *Then = ER->getThen();
    const Stmt *Ret = isa<CompoundStmt>(Then)
                          ? cast<CompoundStmt>(Then)->body_back()
                          : Then;
    std::optional<Range> RR = stmtRange(Ret);
    std::optional<Range> ERR = stmtRange(ER);
    if (!RR || !ERR)
      return fail(Why, "an early return", ER->getBeginLoc());
    E.replace(RR->Begin, RR->End - RR->Begin,
              "tdr_active = 0; /* tdrc: was return */");
    if (ER == R.Start)
      E.insert(ERR->End, "\n" + I + "{ /* tdrc: active region */\n" + Decls +
                             I + "if (tdr_active) {");
    else
      E.insert(ERR->End, "\n" + I + "}\n" + I + "if (tdr_active) {");
  }
  if (!emitNest(R, E, Why))
    return false;
  if (R.Kind == RegionKind::EarlyReturn) {
    std::optional<unsigned> RB = offset(R.Body->getRBracLoc());
    if (!RB)
      return fail(Why, "the kernel's closing brace", R.Body->getRBracLoc());
    E.insert(*RB, I + "} /* tdrc: end of active region */\n" + I + "}\n");
    return true;
  }
  std::optional<std::string> G = render(R.Guard->getCond());
  std::optional<Range> GR = range(R.Guard->getCond()->getSourceRange());
  std::optional<Range> Whole = stmtRange(R.Guard);
  if (!G || !GR || !Whole)
    return fail(Why, "the bounds guard", R.Guard->getBeginLoc());
  E.insert(Whole->Begin, "tdr_active = (" + *G +
                             ") ? 1 : 0; /* tdrc: bounds guard as active "
                             "predicate */\n" +
                             I + "{\n" + Decls + I);
  E.replace(GR->Begin, GR->End - GR->Begin, "tdr_active");
  E.insert(Whole->End, "\n" + I + "} /* tdrc: end of active region */");
  return true;
}

std::optional<std::string>
Emitter::switchSelection(const SwitchStmt *Sw, const std::string &Prefix,
                         const std::string &I) {
  // The value is kept (it moves with its work-item); the switch that maps
  // it to a path number is spelled with the original labels.
  SwitchPaths SP;
  std::optional<std::string> Cond = render(Sw->getCond());
  if (switchPaths(Sw, SP) || !Cond)
    return std::nullopt;
  // The promoted type of the controlling expression: labels convert to it.
  std::string T = Sw->getCond()->getType().getUnqualifiedType().getAsString(
      Ctx.getPrintingPolicy());
  std::string S = "tdr_key = (" + keyType(Plan, Ctx) + ")(" + *Cond + ");\n";
  S += I + "switch ((" + T + ")tdr_key) {";
  for (unsigned P = 0; P < SP.Groups.size(); ++P) {
    for (const SwitchCase *L : SP.Groups[P]) {
      if (isa<DefaultStmt>(L)) {
        S += " default:";
        continue;
      }
      const auto *C = cast<CaseStmt>(L);
      std::optional<Range> LR = range(C->getLHS()->getSourceRange());
      if (!LR)
        return std::nullopt;
      S += " case " + text(*LR);
      if (C->getRHS()) {
        std::optional<Range> RR = range(C->getRHS()->getSourceRange());
        if (!RR)
          return std::nullopt;
        S += " ... " + text(*RR);
      }
      S += ":";
    }
    S += " tdr_path = " + Prefix + std::to_string(P) + "; break;";
  }
  if (SP.NoMatchPath == SP.Groups.size())
    S += " default: tdr_path = " + Prefix + std::to_string(SP.NoMatchPath) +
         ";";
  return S + " }\n";
}

std::optional<std::string> Emitter::treeValue(const RemapRound &R,
                                              unsigned M, bool Copy) {
  const PathMember &PM = R.Members[M];
  std::string S;
  for (unsigned P = 0; P < PM.Paths; ++P) {
    int Child = childOf(R, M, P);
    std::string V = std::to_string(PM.PathLo[P]);
    if (Child >= 0) {
      std::optional<std::string> Sub = treeValue(R, unsigned(Child), Copy);
      if (!Sub)
        return std::nullopt;
      V = "(" + *Sub + ")";
    }
    if (P + 1 == PM.Paths)
      return S + V;
    std::optional<std::string> Cond = render(PM.Chain[P]->getCond(), Copy);
    if (!Cond)
      return std::nullopt;
    S += "(" + *Cond + ") ? " + V + " : ";
  }
  return S;
}

std::optional<std::string>
Emitter::pathSelection(const RemapRound &R, EditList &E, const std::string &I) {
  auto Replace = [&](const Expr *Cond, const std::string &Text) {
    std::optional<Range> CR = range(Cond->getSourceRange());
    if (CR)
      E.replace(CR->Begin, CR->End - CR->Begin, Text);
    return CR.has_value();
  };
  // One assignment per digit, most significant first.
  std::string S;
  for (unsigned M = 0; M < R.Members.size(); ++M) {
    const PathMember &PM = R.Members[M];
    if (PM.Parent >= 0)
      continue;
    std::string Prefix =
        PM.Digit ? "tdr_path * " + std::to_string(R.Radix[PM.Digit]) + " + "
                 : "";
    if (!S.empty())
      S += I;
    if (const auto *Sw = dyn_cast<SwitchStmt>(PM.Branch)) {
      std::optional<std::string> Sel = switchSelection(Sw, Prefix, I);
      std::string T = Sw->getCond()->getType().getUnqualifiedType().getAsString(
          Ctx.getPrintingPolicy());
      if (!Sel || !Replace(Sw->getCond(), "(" + T + ")tdr_key"))
        return std::nullopt;
      S += *Sel;
      continue;
    }
    std::optional<std::string> V = treeValue(R, M, R.BeforeLoop != nullptr);
    if (!V)
      return std::nullopt;
    S += "tdr_path = " + (Prefix.empty() ? *V : Prefix + "(" + *V + ")") +
         ";\n";
  }
  // The branches test the path instead of their conditions.
  for (unsigned M = 0; M < R.Members.size() && !R.BeforeLoop; ++M)
    for (unsigned P = 0; P < R.Members[M].Chain.size(); ++P)
      if (!Replace(R.Members[M].Chain[P]->getCond(), pathTest(R, M, P)))
        return std::nullopt;
  return S;
}

/// When every round runs under the profitability model's switch, work-groups
/// for which none pays run a verbatim copy of the original body: no barrier,
/// no path bookkeeping, nothing of the remap but the switch itself.  The
/// switches are uniform over the whole launch (kernel arguments and the
/// work-group size), so the early return is uniform control flow.  Kernels
/// that declare local memory, or any variable that lives beyond one call
/// (OpenCL's kernel-scope __constant, `static`), keep the switched rounds only
/// (a copy would declare it a second time, and not at kernel scope), and so do
/// kernels with labels (a copy would define them twice in the function).
bool Emitter::emitFallback(const CompoundStmt *Body, unsigned LB,
                           const std::string &I, EditList &E,
                           std::string &Why) {
  std::string AnyOn;
  for (const RemapRound &R : Plan.Rounds) {
    if (R.PaysIf.empty())
      return true; // a round that always pays: the rewrite always runs
    AnyOn += (AnyOn.empty() ? "" : " || ") + roundSwitch(R);
  }
  if (Plan.Rounds.empty() || Plan.DeclaresLocal)
    return true;
  using namespace clang::ast_matchers;
  if (!match(findAll(stmt(anyOf(labelStmt(),
                                declStmt(has(varDecl(hasGlobalStorage())))))),
             *Body, Ctx)
           .empty())
    return true;
  std::optional<unsigned> RB = offset(Body->getRBracLoc());
  if (!RB || *RB <= LB)
    return fail(Why, "the kernel body", Body->getRBracLoc());
  StringRef Original =
      SM.getBufferData(SM.getMainFileID()).substr(LB + 1, *RB - LB - 1);
  // PoCL 3.1 (which defines POCL_DEVICE_ADDRESS_BITS) miscompiles barriers
  // after a uniform early return; there the switched rounds do it all.
  // Where the host chooses between this kernel and the original kept whole
  // (--keep-original), the original never runs here.
  std::string Guard =
      Plan.HostChooses
          ? "#if !defined(POCL_DEVICE_ADDRESS_BITS) && "
            "!defined(TDR_HOST_CHOOSES) /* tdrc: not on PoCL, which "
            "miscompiles barriers after this return, nor where the host "
            "chooses */\n"
          : "#ifndef POCL_DEVICE_ADDRESS_BITS /* tdrc: not on PoCL, which "
            "miscompiles barriers after this return */\n";
  E.insert(LB + 1, Guard +
                   I + "if (!(" + AnyOn + ")) { /* tdrc: the remap does "
                   "not pay here: the original code */" + Original.str() +
                   I + "  return;\n" + I + "} /* tdrc: end of the original "
                   "code */\n#endif\n");
  return true;
}

bool Emitter::run(EditList &E, std::string &Why) {
  auto *Body = cast<CompoundStmt>(Plan.Kernel->getBody());
  std::optional<unsigned> LB = offset(Body->getLBracLoc());
  if (!LB)
    return fail(Why, "the kernel body", Body->getLBracLoc());
  std::string BodyIndent =
      Body->body_empty() ? "  " : indentAt(Body->body_front()->getBeginLoc());
  // Switches, then the fallback, then the state: where no round pays, the
  // original code runs after one uniform comparison and nothing else.
  E.insert(*LB + 1, "\n" + remapSwitches(Plan, BodyIndent, Dl));
  if (!emitFallback(Body, *LB, BodyIndent, E, Why))
    return false;
  E.insert(*LB + 1, remapState(Plan, Ctx, BodyIndent, Dl));
  if (Plan.FeedbackNeighbors && Plan.MaxDgiCounts && !addFeedbackParam(E, Why))
    return false;

  for (const ActiveRegion &R : Plan.Regions) {
    bool Used = false;
    for (const RemapRound &RR : Plan.Rounds)
      Used |= RR.Region >= 0 && &Plan.Regions[RR.Region] == &R;
    if (Used && !emitRegion(R, E, Why))
      return false;
  }

  for (const RemapRound &R : Plan.Rounds) {
    const Stmt *B = R.at();
    std::string I = indentAt(B->getBeginLoc());
    // In a region the round sits at the region's level, outside the segments.
    std::string RI = I;
    if (R.Region >= 0 && PM.getParent(B) == Plan.Regions[R.Region].Body) {
      const ActiveRegion &AR = Plan.Regions[R.Region];
      RI = indentAt(AR.Kind == RegionKind::Guard ? AR.Guard->getBeginLoc()
                                                 : AR.Start->getBeginLoc());
    }
    std::optional<std::string> Select = pathSelection(R, E, I);
    std::optional<unsigned> At = offset(B->getBeginLoc());
    if (!Select || !At)
      return fail(Why, "the branch", B->getBeginLoc());
    std::vector<std::string> Recompute;
    for (const LiveVar &L : R.Live)
      if (L.How == LiveVar::Recompute) {
        std::optional<std::string> Init = render(L.Var->getInit(), true);
        if (!Init)
          return fail(Why, "the initialiser of '" +
                               L.Var->getNameAsString() + "'",
                      L.Var->getLocation());
        Recompute.push_back(*Init);
      }
    std::string Text = *Select;
    if (R.Region >= 0)
      Text += RI + "} /* tdrc: end of active segment */\n";
    // Out of the uniform ifs (and blocks) it is cut out of, and back in.
    std::vector<std::string> CutAt;
    for (const NestCut &C : R.Cuts)
      CutAt.push_back(where(C.S->getBeginLoc()));
    Text += leaveCuts(R, CutAt, RI);
    Text += remapRound(Plan, R, Recompute, where(R.Branch->getBeginLoc()), RI, Dl);
    Text += reenterCuts(R, CutAt, RI);
    if (R.Region >= 0)
      Text += RI + "if (tdr_active) {\n";
    // A branch that is the lone body of an if/loop gets braces, so that the
    // statements put before it stay under the same condition.
    const Stmt *Parent = PM.getParent(B);
    bool Brace = Parent && !isa<CompoundStmt, CaseStmt, DefaultStmt>(Parent);
    std::optional<Range> Whole = stmtRange(B);
    if (Brace && !Whole)
      return fail(Why, "the branch", B->getBeginLoc());
    E.insert(*At, (Brace ? "{ " : "") + Text + I);
    if (Brace)
      E.insert(Whole->End, " }");
  }

  for (const RemapRound &R : Plan.Rounds)
    for (const LiveVar &L : R.Live)
      if (L.Var && isConstVar(Ctx, L.Var) &&
          !Hoisted.count(L.Var) &&
          Hoisted.insert(L.Var).second && !stripConst(L.Var, E, Why))
        return false;

  for (const IdRef &Id : Plan.IdRefs) {
    std::optional<Range> R = range(Id.E->getSourceRange());
    if (!R)
      return fail(Why, "a work-item ID query", Id.E->getBeginLoc());
    bool Inside = false;
    for (const Range &C : Consumed)
      Inside |= R->Begin >= C.Begin && R->End <= C.End;
    if (!Inside)
      E.replace(R->Begin, R->End - R->Begin, redirectedId(Id));
  }
  if (Plan.Helpers && !Plan.Helpers->empty() &&
      !emitHelperClones(Ctx, *Plan.Helpers, Plan.Kernel, LO.CUDA, remapIdName,
                        Consumed, E, Why))
    return false;
  return true;
}

} // namespace

bool emitKernel(ASTContext &Ctx, const KernelPlan &Plan, const Dialect &D,
                EditList &Edits, std::string &Why) {
  if (!Plan.rewrites())
    return true;
  Emitter Em(Ctx, Plan, D);
  EditList Local = Edits;
  if (!Em.run(Local, Why))
    return false;
  Edits = std::move(Local);
  return true;
}

} // namespace tdrc
