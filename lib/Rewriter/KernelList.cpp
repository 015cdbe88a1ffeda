//===- KernelList.cpp - The kernels of a file, and calls of them ----------===//
#include "KernelList.h"
#include "tdrc/TDR/Dialect.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace tdrc {

namespace {
class Collector : public MatchFinder::MatchCallback {
public:
  KernelList L;
  void run(const MatchFinder::MatchResult &R) override {
    if (auto *FD = R.Nodes.getNodeAs<FunctionDecl>("fn")) {
      if (isKernelFunction(FD))
        L.Kernels.push_back(FD);
      return;
    }
    auto *CE = R.Nodes.getNodeAs<CallExpr>("call");
    const FunctionDecl *Callee = CE ? CE->getDirectCallee() : nullptr;
    if (Callee && llvm::any_of(Callee->redecls(), isKernelFunction))
      L.CalledAt.try_emplace(Callee->getCanonicalDecl(), CE);
  }
};
} // namespace

KernelList listKernels(ASTContext &Ctx) {
  MatchFinder Finder;
  Collector C;
  Finder.addMatcher(
      functionDecl(isDefinition(), isExpansionInMainFile()).bind("fn"), &C);
  // Not a CUDA launch (`k<<<g, b>>>(...)`), which is a CallExpr too.
  Finder.addMatcher(callExpr(unless(cudaKernelCallExpr())).bind("call"), &C);
  Finder.matchAST(Ctx);
  return std::move(C.L);
}

std::pair<std::string, std::string>
whyKeptWhole(const ASTContext &Ctx, const KernelList &L,
             const FunctionDecl *K) {
  const SourceManager &SM = Ctx.getSourceManager();
  auto At = [&](SourceLocation Loc) {
    Loc = SM.getExpansionLoc(Loc);
    return std::to_string(SM.getExpansionLineNumber(Loc)) + ":" +
           std::to_string(SM.getExpansionColumnNumber(Loc));
  };
  std::string Name = "kernel '" + K->getNameAsString() + "' ";
  if (auto Call = L.CalledAt.find(K->getCanonicalDecl());
      Call != L.CalledAt.end()) {
    std::string Where = At(Call->second->getBeginLoc());
    return {Name + "is also called as a function at " + Where +
                "; left unchanged",
            "called as a function at " + Where +
                " (a rewrite assumes every work-item enters it)"};
  }
  for (const FunctionDecl *R : K->redecls())
    if (R->getFriendObjectKind() != Decl::FOK_None) {
      const auto *C = dyn_cast<NamedDecl>(R->getLexicalDeclContext());
      std::string Who = "class '" + (C ? C->getNameAsString() : "") +
                        "' at " + At(R->getLocation());
      return {Name + "is a friend of " + Who + "; left unchanged",
              "a friend of " + Who + " (the kernels a rewrite adds beside "
              "it, such as the kept original, would not be)"};
    }
  // The names tdrc adds beside K (the kept original, split kernels; its
  // own launchers are found again on a rerun), already the file's: a
  // second definition would not compile.
  const DeclContext *DC = K->getDeclContext()->getRedeclContext();
  for (const char *Suffix : {"_tdr_original", "__p0", "__path"}) {
    std::string Added = K->getNameAsString() + Suffix;
    for (const NamedDecl *D : DC->lookup(&Ctx.Idents.get(Added)))
      if (D->getCanonicalDecl() != K->getCanonicalDecl())
        return {Name + "has a name tdrc would add beside it ('" + Added +
                    "' at " + At(D->getLocation()) + "); left unchanged",
                "'" + Added + "', a name tdrc would add beside it, is "
                "declared at " + At(D->getLocation())};
  }
  // `<%` and `%>` (digraph braces): the transforms write right after a
  // `{`, one character in.
  CharSourceRange Range = CharSourceRange::getTokenRange(K->getSourceRange());
  llvm::StringRef Text =
      Lexer::getSourceText(Range, SM, Ctx.getLangOpts());
  if (Text.contains("<%") || Text.contains("%>"))
    return {Name + "writes braces as digraphs (<% %>); left unchanged",
            "braces written as digraphs (<% %>)"};
  return {};
}

} // namespace tdrc
