//===- TemplateKernels.cpp - CUDA kernel templates, per instantiation -----===//
//
// The analyses need types and values: on a template's own body `T x` has no
// size and `x > 0` no operator yet.  So each instantiation is rewritten,
// whose body Clang has built with the template's source locations: the
// edits fall into the template's text.  They are applied to a copy of it,
// and the copy becomes an explicit specialization, inserted after the
// template:
//
//   template <>
//   __global__ void scan<float, 256>(const float *in, float *out)
//   { /* tdrc: rewritten instantiation of template 'scan' ... */
//     using T = float;
//     constexpr int BLOCK = 256;
//     ...the rewritten body, which still says T and BLOCK...
//
// Types tdrc spells in its code (a migrated variable, a select's cast) are
// the instantiation's, which is what the specialization needs.  Declined,
// with the reason: template template parameters and packs, attributes
// other than __global__ and __launch_bounds__, a rewrite that adds code
// outside the kernel's body (helper clones, added kernels), and an
// instantiation used before the template's definition ends (a
// specialization must come before the first use).
//
//===----------------------------------------------------------------------===//
#include "tdrc/Rewriter/TemplateKernels.h"
#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/Directives.h"
#include "tdrc/TDR/StmtCollect.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/QualTypeNames.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringExtras.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/raw_ostream.h"
#include <map>

using namespace clang;

namespace tdrc {

std::string kernelDisplayName(const FunctionDecl *K) {
  std::string S;
  llvm::raw_string_ostream OS(S);
  PrintingPolicy PP = K->getASTContext().getPrintingPolicy();
  PP.SuppressTemplateArgsInCXXConstructors = true;
  K->getNameForDiagnostic(OS, PP, /*Qualified=*/false);
  return S;
}

namespace {

PrintingPolicy policy(const ASTContext &Ctx) {
  PrintingPolicy PP = Ctx.getPrintingPolicy();
  PP.SuppressScope = false;
  PP.FullyQualifiedName = true;
  return PP;
}

std::string typeText(const ASTContext &Ctx, QualType T,
                     const std::string &Name = "") {
  QualType Q = TypeName::getFullyQualifiedType(T, Ctx);
  std::string S;
  llvm::raw_string_ostream OS(S);
  Q.print(OS, policy(Ctx), Name);
  return S;
}

/// The template parameters the template's body uses: through the AST, so a
/// use inside a macro's expansion (`#define ROW(i) ((i) * WIDTH)`) counts,
/// since the specialization's copy of the body expands it again, and a name
/// in a comment or a string does not.
class ParameterUses : public RecursiveASTVisitor<ParameterUses> {
public:
  llvm::SmallPtrSet<const NamedDecl *, 4> Used;
  bool VisitDeclRefExpr(DeclRefExpr *E) {
    if (isa<NonTypeTemplateParmDecl>(E->getDecl()))
      Used.insert(E->getDecl());
    return true;
  }
  bool VisitTemplateTypeParmTypeLoc(TemplateTypeParmTypeLoc TL) {
    if (const TemplateTypeParmDecl *D = TL.getDecl())
      Used.insert(D);
    return true;
  }
};

/// `using T = float;` and `constexpr int N = 256;` for the parameters the
/// body uses (ParameterUses); empty with Why set for one tdrc cannot restate.
std::string parameterLines(const ASTContext &Ctx, const FunctionDecl *Pattern,
                           const TemplateArgumentList &Args, std::string &Why) {
  const TemplateParameterList *Params =
      Pattern->getDescribedFunctionTemplate()->getTemplateParameters();
  if (Params->size() != Args.size()) {
    Why = "its template arguments do not match its parameters one to one";
    return "";
  }
  ParameterUses Uses;
  Uses.TraverseStmt(Pattern->getBody());
  std::string Out;
  for (unsigned I = 0; I < Params->size(); ++I) {
    const NamedDecl *P = Params->getParam(I);
    const TemplateArgument &A = Args[I];
    if (P->isParameterPack() || isa<TemplateTemplateParmDecl>(P)) {
      Why = "it has a template template parameter or a parameter pack";
      return "";
    }
    if (!P->getIdentifier() || !Uses.Used.count(P))
      continue; // unnamed or unused: nothing to restate
    if (A.getKind() == TemplateArgument::Type) {
      Out += "  using " + P->getNameAsString() + " = " +
             typeText(Ctx, A.getAsType()) + ";\n";
    } else if (A.getKind() == TemplateArgument::Integral) {
      std::string V;
      llvm::raw_string_ostream OS(V);
      A.print(policy(Ctx), OS, /*IncludeType=*/true);
      Out += "  constexpr " + typeText(Ctx, A.getIntegralType()) + " " +
             P->getNameAsString() + " = " + V + ";\n";
    } else {
      Why = "its argument for '" + P->getNameAsString() +
            "' is neither a type nor an integer";
      return "";
    }
  }
  return Out;
}

/// `__global__ void __launch_bounds__(256, 2) ` for the specialization;
/// empty with Why set for attributes tdrc does not restate.
std::string declSpecifiers(const ASTContext &Ctx, const FunctionDecl *S,
                           std::string &Why) {
  std::string Bounds;
  for (const Attr *A : S->attrs()) {
    if (isa<CUDAGlobalAttr>(A) || A->isImplicit())
      continue;
    auto *LB = dyn_cast<CUDALaunchBoundsAttr>(A);
    if (!LB) {
      Why = std::string("it carries the attribute '") + A->getSpelling() +
            "', which tdrc does not restate on a specialization";
      return "";
    }
    std::string List;
    for (const Expr *E : {LB->getMaxThreads(), LB->getMinBlocks()}) {
      if (!E)
        break;
      std::optional<llvm::APSInt> V = E->getIntegerConstantExpr(Ctx);
      if (!V) {
        Why = "its __launch_bounds__ are not constants";
        return "";
      }
      List += (List.empty() ? "" : ", ") + toString(*V, 10);
    }
    Bounds = " __launch_bounds__(" + List + ")";
  }
  return std::string(S->isInlineSpecified() ? "inline " : "") +
         "__global__ " + typeText(Ctx, S->getReturnType()) + Bounds + " ";
}

std::string signature(const ASTContext &Ctx, const FunctionDecl *S) {
  std::string Out = kernelDisplayName(S) + "(";
  for (unsigned I = 0; I < S->getNumParams(); ++I) {
    const ParmVarDecl *P = S->getParamDecl(I);
    Out += (I ? ", " : "") +
           typeText(Ctx, P->getOriginalType(), P->getNameAsString());
  }
  return Out + ")";
}

void statementsAt(const Stmt *S,
                  std::map<std::pair<unsigned, unsigned>, const Stmt *> &At) {
  if (!S)
    return;
  At.try_emplace({S->getBeginLoc().getRawEncoding(), S->getStmtClass()}, S);
  for (const Stmt *C : S->children())
    statementsAt(C, At);
}

/// The `#pragma tdr` directives of the template's statements, on the
/// instantiation's: Clang builds new statements for an instantiation, at
/// the template's locations.
TdrDirectives directivesFor(const TdrDirectives &Dirs,
                            const FunctionDecl *Pattern,
                            const FunctionDecl *S) {
  TdrDirectives Out = Dirs;
  std::map<std::pair<unsigned, unsigned>, const Stmt *> At;
  statementsAt(S->getBody(), At);
  for (const auto &[St, D] : Dirs.Branches) {
    auto It = At.find({St->getBeginLoc().getRawEncoding(), St->getStmtClass()});
    if (It != At.end())
      Out.Branches.try_emplace(It->second, D);
  }
  if (auto It = Dirs.Off.find(Pattern); It != Dirs.Off.end())
    Out.Off.try_emplace(S, It->second);
  return Out;
}

class Instantiations {
public:
  Instantiations(ASTContext &Ctx, const FunctionDecl *Pattern, PassManager &PM,
                 TransformOptions &Options, const Dialect &D)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Pattern(Pattern), PM(PM),
        Options(Options), D(D), Code(SM.getBufferData(SM.getMainFileID())) {}

  /// The text of S's specialization, or empty with Out's summary saying
  /// why not.
  std::string rewrite(const FunctionDecl *S, InstantiationOutcome &Out) {
    EditList Local;
    const TdrDirectives *Dirs = Options.Directives;
    std::optional<TdrDirectives> Mine;
    if (Dirs)
      Options.Directives = &Mine.emplace(directivesFor(*Dirs, Pattern, S));
    Out.Outcome = PM.run(Ctx, S, D, Local);
    Options.Directives = Dirs;
    KernelOutcome &O = Out.Outcome;
    bool Adds = O.AddedKernels || O.Sequence;
    if (!O.Emitted || (O.Changed.empty() && !Adds))
      return "";
    std::string Why, Text;
    if (Adds) // a split: its parts run only through a launcher
      Why = "its plan adds kernels beside it, which only a launcher runs, "
            "and tdrc writes no launcher for templates";
    else
      Text = specialization(S, Local, Why);
    if (Text.empty()) {
      O.Summary = "0 branch(es) remapped (left unchanged: " + Why + ")";
      O.Changed.clear();
      O.ChangedStatements = 0;
      O.AddedKernels = 0;
      O.Sequence.reset();
      for (Explanation &E : O.Entries)
        if (E.Remapped) {
          E.Remapped = false;
          E.Reason = Why;
          E.Text = "(not written) " + E.Text;
        }
      return "";
    }
    O.Summary += "; written as an explicit specialization after the "
                 "template (which stays as written for other arguments; no "
                 "original kept: tdrc writes no launcher for templates)";
    return Text;
  }

  /// The offset after the template's definition, where the
  /// specializations go.
  std::optional<unsigned> end() const {
    auto *Body = dyn_cast_or_null<CompoundStmt>(Pattern->getBody());
    if (!Body || Body->getRBracLoc().isMacroID() ||
        !SM.isInMainFile(Body->getRBracLoc()))
      return std::nullopt;
    return SM.getFileOffset(Body->getRBracLoc()) + 1;
  }

private:
  ASTContext &Ctx;
  const SourceManager &SM;
  const FunctionDecl *Pattern;
  PassManager &PM;
  TransformOptions &Options; // PM's: the directives change per instantiation
  const Dialect &D;
  StringRef Code;

  std::string specialization(const FunctionDecl *S, const EditList &Local,
                             std::string &Why) {
    auto *Body = dyn_cast<CompoundStmt>(Pattern->getBody());
    std::optional<unsigned> End = end();
    SourceLocation LB = Body->getLBracLoc();
    if (!End || LB.isMacroID() || !SM.isInMainFile(LB)) {
      Why = "the template's body starts or ends inside a macro expansion";
      return "";
    }
    SourceLocation Use = S->getPointOfInstantiation();
    if (Use.isValid() && SM.isBeforeInTranslationUnit(
                             SM.getExpansionLoc(Use), Body->getRBracLoc())) {
      Why = "it is used before the template's definition ends, and a "
            "specialization must come before the first use";
      return "";
    }
    llvm::Expected<std::string> New = Local.apply("", Code);
    if (!New) {
      Why = llvm::toString(New.takeError());
      return "";
    }
    unsigned Begin = SM.getFileOffset(LB), Tail = Code.size() - *End;
    StringRef N(*New);
    if (N.size() < Begin + Tail || N.take_front(Begin) != Code.take_front(Begin) ||
        N.take_back(Tail) != Code.take_back(Tail) ||
        !N.substr(Begin).starts_with("{")) {
      Why = "its rewrite adds code outside the kernel's body";
      return "";
    }
    StringRef NewBody = N.substr(Begin + 1, N.size() - Tail - Begin - 1);
    std::string Params = parameterLines(
        Ctx, Pattern, *S->getTemplateSpecializationArgs(), Why);
    if (!Why.empty())
      return "";
    std::string Specifiers = declSpecifiers(Ctx, S, Why);
    if (!Why.empty())
      return "";
    std::string Name = kernelDisplayName(S);
    return "\n\n// tdrc: the instantiation " + Name +
           ", rewritten: an explicit specialization (the template above "
           "stays as written for other arguments)\ntemplate <>\n" +
           Specifiers + signature(Ctx, S) + "\n{ " + SpecializationMarker +
           " '" + Pattern->getNameAsString() + "'" +
           (Params.empty() ? "" : "; its parameters, as here") + " */\n" +
           Params + NewBody.str();
  }
};

} // namespace

TemplateOutcome rewriteTemplateKernel(ASTContext &Ctx,
                                      const FunctionDecl *Pattern,
                                      PassManager &PM,
                                      TransformOptions &Options,
                                      const Dialect &D, EditList &Edits) {
  TemplateOutcome T;
  const FunctionTemplateDecl *FT = Pattern->getDescribedFunctionTemplate();
  if (!FT) {
    T.Why = "it is a member of a template; tdrc rewrites function templates "
            "only";
    return T;
  }
  Instantiations I(Ctx, Pattern, PM, Options, D);
  std::optional<unsigned> At = I.end();
  std::vector<const FunctionDecl *> Used;
  for (const FunctionDecl *S : FT->specializations()) {
    TemplateSpecializationKind K = S->getTemplateSpecializationKind();
    if ((K == TSK_ImplicitInstantiation ||
         K == TSK_ExplicitInstantiationDefinition) &&
        S->hasBody())
      Used.push_back(S);
  }
  if (Used.empty()) {
    bool Specialized = llvm::any_of(FT->specializations(), [](auto *S) {
      return S->getTemplateSpecializationKind() == TSK_ExplicitSpecialization;
    });
    T.Why = Specialized ? "a template whose uses in this file are all "
                          "explicit specializations"
                        : "a template that this file does not instantiate "
                          "(tdrc rewrites the instantiations a file uses, "
                          "as explicit specializations)";
    return T;
  }
  if (!At) {
    T.Why = "a template whose body starts or ends inside a macro expansion";
    return T;
  }
  // A specialization is no template: the side an `if constexpr` discards
  // for its arguments would be compiled (and may not compile).
  std::vector<const IfStmt *> Ifs;
  collect(Pattern->getBody(), Ifs);
  for (const IfStmt *If : Ifs)
    if (If->isConstexpr()) {
      PresumedLoc P = Ctx.getSourceManager().getPresumedLoc(
          Ctx.getSourceManager().getExpansionLoc(If->getIfLoc()));
      T.Why = "a template whose body holds 'if constexpr' (at " +
              std::to_string(P.getLine()) + ":" +
              std::to_string(P.getColumn()) +
              "), whose discarded side an explicit specialization would "
              "compile";
      return T;
    }
  for (const FunctionDecl *S : Used) {
    InstantiationOutcome Out;
    std::string Text = I.rewrite(S, Out);
    if (!Text.empty()) {
      Edits.insert(*At, Text + "\n");
      Out.Written = true;
      ++T.Written;
    }
    T.Instantiations.push_back(std::move(Out));
  }
  return T;
}

} // namespace tdrc
