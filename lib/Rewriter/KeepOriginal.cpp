//===- KeepOriginal.cpp - The original kernel kept whole beside the rewrite -===//
//
// The copy is the kernel's own text from the input file, from its first
// token (attributes included) to its closing brace, with the name changed:
// not a reprint of the AST, so that comments, macros and formatting stay the
// user's.  A kernel whose declaration a macro writes has no such text; it
// keeps no original and --explain says so.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Rewriter/KeepOriginal.h"
#include "CudaLauncher.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tdrc {

std::string originalKernelName(llvm::StringRef K) {
  return (K + "_tdr_original").str();
}

bool isKeptOriginal(llvm::StringRef Name) {
  return Name.ends_with("_tdr_original");
}

/// margin= as the descriptor and the CUDA launcher spell it.
std::string marginText(double M) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", M);
  return Buf;
}

// The OpenCL C name of a scalar parameter type (runtime/cl's Variants.h),
// by kind and width; "" for pointers, records and the rest.
static std::string scalarTypeName(const ASTContext &Ctx, QualType T) {
  T = T.getCanonicalType().getUnqualifiedType();
  if (const auto *E = T->getAs<EnumType>())
    T = E->getDecl()->getIntegerType().getCanonicalType();
  if (T->isRealFloatingType()) {
    uint64_t Bits = Ctx.getTypeSize(T);
    return Bits == 32 ? "float" : Bits == 64 ? "double" : "";
  }
  if (!T->isIntegerType())
    return "";
  static const char *Signed[] = {"char", "short", "int", "long"};
  static const char *Unsigned[] = {"uchar", "ushort", "uint", "ulong"};
  unsigned Log2;
  switch (Ctx.getTypeSize(T)) {
  case 8: Log2 = 0; break;
  case 16: Log2 = 1; break;
  case 32: Log2 = 2; break;
  case 64: Log2 = 3; break;
  default: return "";
  }
  return T->isSignedIntegerType() ? Signed[Log2] : Unsigned[Log2];
}

// scalars=NAME:INDEX:TYPE,...: the host of a --device-only file launches by
// name and cannot ask for the parameters `when` reads.
static std::string scalarsField(const FunctionDecl *K) {
  std::string S;
  for (unsigned I = 0; I < K->getNumParams(); ++I) {
    const ParmVarDecl *P = K->getParamDecl(I);
    std::string T = scalarTypeName(K->getASTContext(), P->getType());
    if (T.empty() || P->getName().empty())
      continue;
    S += (S.empty() ? "" : ",") + P->getNameAsString() + ":" +
         std::to_string(I) + ":" + T;
  }
  return " scalars=" + S;
}

static std::string descriptor(const FunctionDecl *K, const LaunchCondition &C,
                              bool DeviceOnly) {
  std::string N = K->getNameAsString();
  return "/* tdrc-variants: kernel=" + N + " original=" +
         originalKernelName(N) +
         " maxwg=" + std::to_string(C.MaxWorkGroupSize) +
         (C.Margin != LaunchCondition::DefaultChoiceMargin
              ? " margin=" + marginText(C.Margin)
              : std::string()) +
         (C.MeasuredOnly ? " measured=1" : "") +
         (DeviceOnly ? scalarsField(K) : std::string()) + " when=" +
         (C.When.empty() ? std::string("1") : C.When) + " */\n";
}

// `extern "C" __global__ void k(...)`: the linkage is written before the
// copied text, so the copy needs its own (a braced block covers both).
static bool unbracedExternC(const FunctionDecl *K) {
  const auto *L = dyn_cast<LinkageSpecDecl>(K->getDeclContext());
  return L && !L->hasBraces() && L->getLanguage() == LinkageSpecLanguageIDs::C;
}

KeptOriginal keepOriginal(ASTContext &Ctx, const FunctionDecl *K,
                          const LaunchCondition &C, bool Cuda,
                          const HostSide &Host, EditList &E) {
  KeptOriginal Out;
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<KernelText> T = kernelText(SM, K, Out.Why);
  if (!T)
    return Out;
  if (C.When.find("*/") != std::string::npos) {
    Out.Why = "its condition cannot be written in a comment";
    return Out;
  }
  std::string Copy = T->Text;
  Copy.replace(T->NameAt, K->getName().size(),
               originalKernelName(K->getName()));
  std::string After = "\n\n/* tdrc: the original of '" +
                      K->getNameAsString() +
                      "', unchanged, for the launch-time choice "
                      "(--keep-original) */\n" +
                      (Host.DeviceOnly && unbracedExternC(K) ? "extern \"C\" "
                                                             : "") +
                      Copy;
  if (Cuda && !Host.DeviceOnly) {
    CudaLaunches L = cudaLauncher(Ctx, K, C, *T, Host.FirstLauncher,
                                  Host.ExternalLauncher);
    After += L.Launcher;
    Out.Note = L.Note;
    Out.Launcher = !L.Launcher.empty();
    Out.LaunchSites = L.Sites.size() - L.AttributeSites;
    applySites(L, E);
  }
  E.insert(T->LineStart, descriptor(K, C, Host.DeviceOnly));
  E.insert(T->End, After);
  Out.Kept = true;
  return Out;
}

bool addPlainLauncher(ASTContext &Ctx, const FunctionDecl *K, EditList &E,
                      std::string &Why) {
  std::optional<KernelText> T = kernelText(Ctx.getSourceManager(), K, Why);
  if (!T)
    return false;
  std::string L = plainLauncher(Ctx, K, Why);
  if (L.empty())
    return false;
  E.insert(T->End, L);
  return true;
}

} // namespace tdrc
