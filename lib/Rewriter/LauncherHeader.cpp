//===- LauncherHeader.cpp - CUDA: the launchers, declared for other files -===//
//
// The declaration names the parameter types canonically (typedefs
// resolved, records fully qualified): the mangled name, and so the link,
// depends only on those, and a host file need not see the kernel file's
// typedefs.  A record or enum must be declared where the host file can see
// it: CUDA's own come with <cuda_runtime.h>, a header's come with the
// kernel file's #include of it, one declared in the kernel file itself
// cannot be declared again (the kernel has no entry then).
//
//===----------------------------------------------------------------------===//
#include "tdrc/Rewriter/LauncherHeader.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <cctype>

using namespace clang;

namespace tdrc {

namespace {

/// The operand of the #include in the kernel's file that brings in the
/// file at L ("x.h" or <x.h>); empty when the parser itself included it
/// (<cuda_runtime.h> through Clang's wrapper, tdrc's prelude), "?" when
/// the #include is written by a macro.
std::string includeOf(const SourceManager &SM, SourceLocation L) {
  for (FileID F = SM.getFileID(L); F.isValid();) {
    SourceLocation Inc = SM.getIncludeLoc(F);
    if (Inc.isInvalid())
      return "";
    bool Macro = Inc.isMacroID(); // CUDA's own headers do it: go up
    Inc = SM.getExpansionLoc(Inc);
    // Not isInMainFile: it counts <built-in> (where -include starts) in.
    if (SM.getFileID(Inc) == SM.getMainFileID()) {
      if (Macro)
        return "?";
      // The include location is the file name's token.
      llvm::StringRef Rest =
          SM.getBufferData(SM.getMainFileID()).substr(SM.getFileOffset(Inc));
      char Close = Rest.starts_with("\"") ? '"' : Rest.starts_with("<") ? '>'
                                                                        : 0;
      size_t End = Close ? Rest.find(Close, 1) : llvm::StringRef::npos;
      if (End == llvm::StringRef::npos || Rest.substr(0, End).contains('\n'))
        return "?";
      return Rest.substr(0, End + 1).str();
    }
    F = SM.getFileID(Inc);
  }
  return "";
}

/// Why canonical type T cannot be named in another file (empty: it can),
/// and the #includes it needs.
std::string typeNeeds(const ASTContext &Ctx, QualType T,
                      std::vector<std::string> &Includes) {
  for (;;) { // down to what the pointers and arrays hold
    if (T->isPointerType() || T->isReferenceType())
      T = T->getPointeeType().getCanonicalType();
    else if (const ArrayType *A = Ctx.getAsArrayType(T))
      T = A->getElementType().getCanonicalType();
    else
      break;
  }
  if (const auto *F = T->getAs<FunctionProtoType>()) {
    std::string Why = typeNeeds(Ctx, F->getReturnType().getCanonicalType(),
                                Includes);
    for (QualType P : F->getParamTypes())
      if (Why.empty())
        Why = typeNeeds(Ctx, P.getCanonicalType(), Includes);
    return Why;
  }
  if (T->isBuiltinType())
    return "";
  const TagDecl *D = T->getAsTagDecl();
  if (!D)
    return "a type tdrc cannot spell for another file";
  std::string Name = D->getQualifiedNameAsString();
  if (!D->getIdentifier())
    return "an unnamed type";
  if (isa<ClassTemplateSpecializationDecl>(D))
    return "'" + Name + "', a template's type";
  if (D->isInAnonymousNamespace())
    return "'" + Name + "', in an anonymous namespace";
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation L = SM.getExpansionLoc(D->getLocation());
  if (SM.getFileID(L) == SM.getMainFileID())
    return "'" + Name + "', declared in the kernel's file";
  std::string Inc = includeOf(SM, L);
  if (Inc == "?")
    return "'" + Name + "', from a header included through a macro";
  if (!Inc.empty() && !llvm::is_contained(Includes, Inc))
    Includes.push_back(Inc);
  return "";
}

/// `namespace a { extern "C" { ` and its closing braces, around K.
bool scopeOf(const FunctionDecl *K, std::string &Open, std::string &Close,
             std::string &Why) {
  for (const DeclContext *DC = K->getDeclContext(); !DC->isTranslationUnit();
       DC = DC->getParent()) {
    if (const auto *N = dyn_cast<NamespaceDecl>(DC)) {
      if (N->isAnonymousNamespace()) {
        Why = "the kernel is in an anonymous namespace";
        return false;
      }
      Open = (N->isInline() ? "inline namespace " : "namespace ") +
             N->getNameAsString() + " { " + Open;
    } else if (const auto *L = dyn_cast<LinkageSpecDecl>(DC)) {
      // `extern "C" __global__ void K(...)`: the launcher after it is C++.
      if (!L->hasBraces())
        continue;
      Open = (L->getLanguage() == LinkageSpecLanguageIDs::C
                  ? "extern \"C\" { "
                  : "extern \"C++\" { ") +
             Open;
    } else {
      Why = "the kernel is declared inside another declaration";
      return false;
    }
    Close += "}";
  }
  if (!Close.empty())
    Close = " " + Close;
  return true;
}

/// Text safe inside a /* */ comment (a file name may hold "*/").
std::string commented(std::string S) {
  for (size_t At; (At = S.find("*/")) != std::string::npos;)
    S.replace(At, 2, "* /");
  return S;
}

} // namespace

LauncherDeclaration launcherDeclaration(ASTContext &Ctx,
                                        const FunctionDecl *K) {
  LauncherDeclaration Out;
  Out.Kernel = K->getNameAsString();
  if (K->isTemplated()) {
    Out.Why = "a template";
    return Out;
  }
  std::string Open, Close;
  if (!scopeOf(K, Open, Close, Out.Why))
    return Out;
  PrintingPolicy PP(Ctx.getLangOpts());
  PP.SuppressTagKeyword = true; // `float4`, not `struct float4`
  PP.FullyQualifiedName = true;
  std::string Params;
  for (const ParmVarDecl *P : K->parameters()) {
    QualType T = P->getType().getCanonicalType();
    if (std::string Why = typeNeeds(Ctx, T, Out.Includes); !Why.empty()) {
      Out.Why = "parameter '" + P->getNameAsString() + "' has type " + Why;
      return Out;
    }
    std::string S;
    llvm::raw_string_ostream OS(S);
    // Unnamed parameters stay unnamed; defaults stay with the definition
    // (their text may name what only the kernel's file declares), so other
    // files pass every argument.
    T.print(OS, PP, P->getName());
    Params += ", " + S;
  }
  Out.Text = Open + "void " + Out.Kernel +
             "_tdr_launch(dim3 tdr_grid, dim3 tdr_block, size_t tdr_shmem, "
             "cudaStream_t tdr_stream" + Params + ");" + Close + "\n";
  return Out;
}

/// K_tdr_launch defined in the file beside K, if any.
const FunctionDecl *findLauncher(ASTContext &Ctx, const FunctionDecl *K) {
  const DeclContext *DC = K->getDeclContext()->getRedeclContext();
  for (const NamedDecl *D : DC->lookup(
           &Ctx.Idents.get(K->getNameAsString() + "_tdr_launch")))
    if (const auto *F = dyn_cast<FunctionDecl>(D); F && F->hasBody())
      return F;
  return nullptr;
}

/// A file tdrc rewrote before: its launcher is declared if it can be
/// called from other files (the run had --launcher-header).
LauncherDeclaration existingLauncher(ASTContext &Ctx,
                                     const FunctionDecl *K) {
  const FunctionDecl *F = findLauncher(Ctx, K);
  LauncherDeclaration D = launcherDeclaration(Ctx, K);
  if (D.Text.empty() ||
      (F && !F->isInlineSpecified() && F->getStorageClass() != SC_Static))
    return D;
  D.Text.clear();
  D.Why = F ? "its launcher is static: the file was rewritten without "
              "--launcher-header; rewrite the original"
            : "the file was rewritten before, without a launcher for it";
  return D;
}

std::string launcherHeaderText(const std::string &HeaderPath,
                               const std::vector<LauncherFile> &Files) {
  std::string Guard = "TDRC_LAUNCHERS_";
  for (char C : llvm::sys::path::filename(HeaderPath))
    Guard += std::isalnum((unsigned char)C) ? (char)std::toupper(C) : '_';
  // <cuda_runtime.h> only where something is declared: a header for OpenCL
  // inputs alone stays includable without CUDA.
  std::vector<std::string> Includes;
  std::string Body;
  for (const LauncherFile &F : Files) {
    Body += "\n/* " + commented(F.Input) + " */\n";
    if (!F.Cuda) {
      Body += "/* OpenCL: no launcher (runtime/cl chooses per launch) */\n";
      continue;
    }
    if (F.Kernels.empty())
      Body += "/* no kernel with a launcher here */\n";
    for (const LauncherDeclaration &D : F.Kernels) {
      if (D.Text.empty()) {
        Body += "/* not declared: '" + D.Kernel + "' (" + commented(D.Why) +
                ") */\n";
        continue;
      }
      Body += D.Text;
      if (Includes.empty())
        Includes.push_back("<cuda_runtime.h>");
      for (const std::string &I : D.Includes)
        if (!llvm::is_contained(Includes, I))
          Includes.push_back(I);
    }
  }
  std::string Out =
      "/* Written by tdrc --launcher-header: the launchers of the CUDA kernels\n"
      "   below, defined in their rewritten files (docs/runtime.md).  In "
      "another file,\n   include this header and write K_tdr_launch(grid, "
      "block, shmem, stream, args)\n   for K<<<grid, block, shmem, "
      "stream>>>(args). */\n"
      "#ifndef " + Guard + "\n#define " + Guard + "\n";
  for (const std::string &I : Includes)
    Out += "#include " + I + "\n";
  return Out + Body + "\n#endif\n";
}

} // namespace tdrc
