//===- CudaLauncher.cpp - CUDA: a launcher that chooses per launch --------===//
//
// CUDA has no runtime library of tdrc's between the program and its kernels,
// so the choice is written into the file: K_tdr_launch takes the launch's
// configuration and K's arguments and runs K or K_tdr_original.  The model
// (the rewrite's condition, compiled on the host as it stands, since it
// names K's parameters) says whether the rewrite can pay at all; where it
// can, the first launches of each bucket (grid, block, shared memory and the
// arguments the condition reads) alternate the two, timed with events, and
// the faster is kept (the original unless the rewrite is faster by more
// than 1%).  Every launch runs one whole kernel: kernels that update memory
// in place stay correct.  The launch sites `K<<<...>>>(...)` that follow K's
// definition in the file call the launcher; others are listed in the note.
//
//===----------------------------------------------------------------------===//
#include "CudaLauncher.h"
#include "tdrc/Rewriter/KeepOriginal.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"
#include <cctype>

using namespace clang;
using namespace clang::ast_matchers;

namespace tdrc {

namespace {


/// The identifiers of a C expression.
llvm::StringSet<> identifiers(llvm::StringRef E) {
  llvm::StringSet<> Out;
  for (size_t I = 0; I < E.size();) {
    if (std::isalpha((unsigned char)E[I]) || E[I] == '_') {
      size_t J = I;
      while (J < E.size() && (std::isalnum((unsigned char)E[J]) || E[J] == '_'))
        ++J;
      Out.insert(E.slice(I, J));
      I = J;
    } else if (std::isdigit((unsigned char)E[I])) {
      while (I < E.size() && (std::isalnum((unsigned char)E[I]) || E[I] == '.'))
        ++I; // a literal, its suffix included
    } else {
      ++I;
    }
  }
  return Out;
}


/// Whether E may change something when evaluated: its side effects,
/// possible ones (calls) included, those of a constructor aside (`dim3(n)`,
/// the conversion to dim3: its arguments count).
bool mayHaveEffects(const ASTContext &Ctx, const Expr *E) {
  E = E->IgnoreImplicit();
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return mayHaveEffects(Ctx, F->getSubExpr());
  if (const auto *C = dyn_cast<CXXConstructExpr>(E))
    return llvm::any_of(C->arguments(), [&](const Expr *A) {
      return mayHaveEffects(Ctx, A);
    });
  return E->HasSideEffects(Ctx);
}

/// One launch site as a call of the launcher; empty (and Why) when a part
/// of it is not plain text of the file.
std::string launchCall(const ASTContext &Ctx, const CUDAKernelCallExpr *Call,
                       const std::string &Launcher, std::string &Why) {
  const CallExpr *Config = Call->getConfig();
  std::vector<std::string> Parts;
  for (unsigned I = 0; I < 4; ++I) {
    const Expr *A = Config && I < Config->getNumArgs() ? Config->getArg(I)
                                                       : nullptr;
    if (!A || isa<CXXDefaultArgExpr>(A)) {
      Parts.push_back("0");
      continue;
    }
    Parts.push_back(source(Ctx, A->getSourceRange()));
  }
  for (const Expr *A : Call->arguments())
    if (!isa<CXXDefaultArgExpr>(A)) // the launcher has the same default
      Parts.push_back(source(Ctx, A->getSourceRange()));
  for (const std::string &P : Parts)
    if (P.empty()) {
      Why = "its configuration or arguments come from a macro";
      return "";
    }
  // `k<<<c>>>(a)` evaluates c before a; a call of the launcher evaluates
  // them in an unspecified order.  That matters where an expression changes
  // something (`n--`), or where two may (two calls).
  unsigned Effects = 0;
  bool Definite = false;
  auto Count = [&](const Expr *A) {
    if (!A || isa<CXXDefaultArgExpr>(A))
      return;
    Effects += mayHaveEffects(Ctx, A);
    Definite |= A->HasSideEffects(Ctx, /*IncludePossibleEffects=*/false);
  };
  for (unsigned I = 0; Config && I < Config->getNumArgs(); ++I)
    Count(Config->getArg(I));
  for (const Expr *A : Call->arguments())
    Count(A);
  if (Definite || Effects > 1) {
    Why = "its configuration or arguments have side effects, whose order "
          "a call of the launcher would not keep";
    return "";
  }
  std::string Text = Launcher + "(";
  for (size_t I = 0; I < Parts.size(); ++I)
    Text += (I ? ", " : "") + Parts[I];
  return Text + ")";
}

} // namespace

std::string source(const ASTContext &Ctx, SourceRange R) {
  const SourceManager &SM = Ctx.getSourceManager();
  return Lexer::getSourceText(CharSourceRange::getTokenRange(R), SM,
                              Ctx.getLangOpts())
      .str();
}

bool isDeviceCode(const FunctionDecl &F) {
  const auto *Dev = F.getAttr<CUDADeviceAttr>();
  return F.hasAttr<CUDAGlobalAttr>() || (Dev && !Dev->isImplicit());
}

bool launcherParams(const ASTContext &Ctx, const FunctionDecl *K,
                    std::string &Params, std::string &Args) {
  for (const ParmVarDecl *P : K->parameters()) {
    // A default stays with the parameter (the text includes it): launches
    // that omit the argument omit it from the launcher too.
    std::string Decl = source(Ctx, P->getSourceRange());
    std::string Name = P->getNameAsString();
    if ((Name.empty() || Decl.empty()) && !P->hasDefaultArg()) {
      // Unnamed (unused by K): a name of tdrc's; or part of a macro's
      // expansion: the type as Clang prints it.
      if (Name.empty())
        Name = "tdr_param" + std::to_string(P->getFunctionScopeIndex());
      Decl.clear();
      llvm::raw_string_ostream OS(Decl);
      P->getOriginalType().print(OS, Ctx.getPrintingPolicy(), Name);
    }
    if (Name.empty() || Decl.empty())
      return false;
    // __grid_constant__ belongs to a kernel's parameters only (LLVM 19 has
    // no attribute class for it: the text decides).
    const std::string GC = "__grid_constant__";
    for (size_t At; (At = Decl.find(GC)) != std::string::npos;)
      Decl.erase(At, GC.size() + (At + GC.size() < Decl.size() &&
                                  Decl[At + GC.size()] == ' '));
    if (Decl.find("grid_constant") != std::string::npos)
      return false; // spelled as an attribute: no launcher
    Params += ", " + Decl;
    Args += (Args.empty() ? "" : ", ") + Name;
  }
  return true;
}

const char *const NoLauncher = "no launcher: a parameter with a default "
                               "comes from a macro";

std::string launcherHead(const std::string &Launcher, bool External,
                         const std::string &Params) {
  return std::string(External ? "void " : "static inline void ") + Launcher +
         "(dim3 tdr_grid, dim3 tdr_block, size_t tdr_shmem, cudaStream_t "
         "tdr_stream" + Params + ")\n{\n";
}

std::string plainLauncher(const ASTContext &Ctx, const FunctionDecl *K,
                          std::string &Why) {
  std::string N = K->getNameAsString(), Params, Args;
  if (!launcherParams(Ctx, K, Params, Args)) {
    Why = NoLauncher;
    return "";
  }
  return "\n\n/* tdrc: '" + N + "' is unchanged; its launcher, for other "
         "files (--launcher-header) */\n" +
         launcherHead(N + "_tdr_launch", true, Params) + "  " + N +
         "<<<tdr_grid, tdr_block, tdr_shmem, tdr_stream>>>(" + Args +
         ");\n}\n";
}

bool placeChoiceSupport(const ASTContext &Ctx, const FunctionDecl *K,
                        bool WithSupport, CudaLaunches &Out,
                        std::string &Inline) {
  Inline = WithSupport ? cudaChoiceSupport() : "";
  // The shared code holds #includes: at file scope, so before the outermost
  // namespace or extern "C" block around K, if any.
  const Decl *Outer = nullptr;
  for (const DeclContext *DC = K->getDeclContext();
       DC && !DC->isTranslationUnit(); DC = DC->getParent())
    Outer = cast<Decl>(DC);
  if (!WithSupport || !Outer)
    return true;
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation B = Outer->getBeginLoc();
  if (B.isMacroID() || !SM.isInMainFile(B)) {
    Out.Note = "no launcher: the namespace around the kernel begins in a "
               "macro or another file";
    return false;
  }
  Out.Support = std::string(cudaChoiceSupport()).substr(1) + "\n";
  Out.SupportAt = SM.getFileOffset(B);
  Inline.clear();
  return true;
}

std::string bucketKey(const std::string &Extra) {
  return "  const double tdr_key[] = {(double)tdr_grid.x, (double)tdr_grid.y, "
         "(double)tdr_grid.z, (double)tdr_wg, (double)tdr_block.x, "
         "(double)tdr_block.y, (double)tdr_shmem" +
         Extra + "};\n";
}

std::string beginLaunch(const std::string &Pays) {
  return "  const tdr_choice::TdrLaunch tdr_l = tdr_kernel.tdr_begin(" + Pays +
         ", tdr_key, sizeof tdr_key / sizeof tdr_key[0], tdr_stream);\n";
}

void applySites(const CudaLaunches &L, EditList &E) {
  for (const auto &[Range, Text] : L.Sites)
    E.replace(Range.first, Range.second - Range.first, Text);
  if (!L.Support.empty())
    E.insert(L.SupportAt, L.Support);
}

void rewriteLaunchSites(ASTContext &Ctx, const FunctionDecl *K,
                        const KernelText &T, const std::string &Launcher,
                        llvm::StringRef Unchanged, CudaLaunches &Out) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::string N = K->getNameAsString();
  // The launch sites after K's definition (before it the launcher is not
  // declared yet).
  unsigned Skipped = 0;
  std::string Why;
  auto Calls = match(
      findAll(cudaKernelCallExpr(
                  callee(functionDecl(hasName(N))),
                  unless(hasAncestor(functionDecl(deviceCode()))))
                  .bind("c")),
      Ctx);
  // Found once per parent; a host template's launch once per instantiation
  // too, all at one place of the text.
  llvm::DenseSet<const CUDAKernelCallExpr *> Seen;
  llvm::DenseSet<unsigned> SeenAt;
  for (const BoundNodes &B : Calls) {
    const auto *Call = B.getNodeAs<CUDAKernelCallExpr>("c");
    if (!Seen.insert(Call).second ||
        !SeenAt.insert(Call->getBeginLoc().getRawEncoding()).second)
      continue;
    const FunctionDecl *Callee = Call->getDirectCallee();
    if (!Callee || Callee->getCanonicalDecl() != K->getCanonicalDecl())
      continue;
    SourceLocation Begin = Call->getBeginLoc(), End = Call->getRParenLoc();
    const auto *Ref = dyn_cast<DeclRefExpr>(Call->getCallee()->IgnoreImpCasts());
    std::string SiteWhy, Qualifier;
    // `ns::K<<<...>>>` calls `ns::K_tdr_launch`: the launcher is declared
    // where K is.
    if (Ref && Ref->hasQualifier())
      Qualifier = source(Ctx, Ref->getQualifierLoc().getSourceRange());
    if (Begin.isMacroID() || End.isMacroID() || !SM.isInMainFile(Begin) ||
        !Ref || (Ref->hasQualifier() && Qualifier.empty()) ||
        Ref->hasExplicitTemplateArgs())
      SiteWhy = "it is written by a macro or names the kernel with template "
                "arguments";
    else if (SM.getFileOffset(Begin) < T.End)
      SiteWhy = "it comes before the kernel's definition";
    std::string Text = SiteWhy.empty()
                           ? launchCall(Ctx, Call, Qualifier + Launcher, SiteWhy)
                           : "";
    if (!SiteWhy.empty()) {
      ++Skipped;
      Why = SiteWhy;
      continue;
    }
    Out.Sites.push_back(
        {{SM.getFileOffset(Begin), SM.getFileOffset(End) + 1}, Text});
  }
  if (Skipped)
    Out.Note = std::to_string(Skipped) + " launch(es) of '" + N +
               "' left as they were (" + Why + "): " + Unchanged.str();
}

CudaLaunches cudaLauncher(ASTContext &Ctx, const FunctionDecl *K,
                          const LaunchCondition &C, const KernelText &T,
                          bool WithSupport, bool External) {
  CudaLaunches Out;
  std::string N = K->getNameAsString(), Launcher = N + "_tdr_launch";
  std::string Params, Args, Key;
  if (!launcherParams(Ctx, K, Params, Args)) {
    Out.Note = NoLauncher;
    return Out;
  }
  llvm::StringSet<> Named = identifiers(C.When);
  for (const ParmVarDecl *P : K->parameters())
    if (Named.count(P->getName()) && P->getType()->isArithmeticType())
      Key += ", (double)(" + P->getNameAsString() + ")";
  std::string Inline;
  if (!placeChoiceSupport(Ctx, K, WithSupport, Out, Inline))
    return Out;
  std::string When = C.When.empty() ? "true" : C.When;
  std::string Cfg = "<<<tdr_grid, tdr_block, tdr_shmem, tdr_stream>>>(" +
                    Args + ");\n";
  std::string Prologue =
      "  static tdr_choice::TdrKernel tdr_kernel(\"" + N + "\"" +
      (C.Margin != LaunchCondition::DefaultChoiceMargin || C.MeasuredOnly
           ? ", 1.0f - " + marginText(C.Margin) + "f"
           : std::string()) +
      (C.MeasuredOnly ? ", true" : "") + ");\n"
      "  const unsigned tdr_wg = tdr_block.x * tdr_block.y * tdr_block.z;\n"
      "  const bool tdr_pays = tdr_wg <= " +
      std::to_string(C.MaxWorkGroupSize) + "u && (" + When + ");\n" +
      bucketKey(Key) + beginLaunch("tdr_pays");
  Out.Launcher =
"\n" + Inline + "/* tdrc: runs '" + N + "' or '" +
      originalKernelName(N) +
      "', whichever is faster for this launch (--keep-original) */\n" +
      launcherHead(Launcher, External, Params) + Prologue +
      "  const cudaError_t tdr_before = cudaPeekAtLastError();\n"
      "  bool tdr_original = !tdr_l.tdr_remapped;\n"
      "  if (tdr_l.tdr_remapped && !tdr_choice::tdr_fits((const void *)" + N +
      ", tdr_shmem)) { /* its shared memory and this launch's exceed the "
      "limit */\n"
      "    tdr_kernel.tdr_cannot_run(tdr_l, cudaErrorInvalidValue);\n"
      "    tdr_original = true;\n"
      "  } else if (tdr_l.tdr_remapped) {\n    " + N + Cfg +
      "    const cudaError_t tdr_e = cudaPeekAtLastError();\n"
      "    if (tdr_before == cudaSuccess && tdr_e != cudaSuccess) { /* the "
      "rewrite could not launch: the original */\n"
      "      (void)cudaGetLastError();\n"
      "      tdr_kernel.tdr_cannot_run(tdr_l, tdr_e);\n"
      "      tdr_original = true;\n    }\n  }\n"
      "  if (tdr_original) {\n"
      "    tdr_choice::tdr_allow_smem((const void *)" + originalKernelName(N) +
      ", tdr_shmem);\n    " +
      originalKernelName(N) + Cfg + "  }\n" +
      "  tdr_kernel.tdr_end(tdr_l, tdr_stream);\n}\n";

  rewriteLaunchSites(Ctx, K, T, Launcher, "they run the rewrite", Out);
  llvm::DenseSet<const Expr *> Handled = rewriteAttributeCalls(Ctx, K, T, Out);
  std::string Ex = Launcher + "_ex";
  if ((Out.ExSites = rewriteExSites(Ctx, K, T, Ex, Out, Handled))) {
    Out.Launcher += "\n" + exLauncher(K, Ex, Params, Prologue, Args);
    Out.Note += (Out.Note.empty() ? "" : "; ") + std::to_string(Out.ExSites) +
                " of them cudaLaunchKernelEx call(s), through '" + Ex +
                "' with their config";
  }
  noteOtherUses(Ctx, K, Handled, Out);
  return Out;
}

} // namespace tdrc
