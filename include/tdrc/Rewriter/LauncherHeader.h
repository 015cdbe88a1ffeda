//===- LauncherHeader.h - CUDA: the launchers, declared for other files ---===//
//
// --launcher-header=FILE: the launchers tdrc writes into a rewritten .cu
// (K_tdr_launch, CudaLauncher.h) get external linkage, and FILE declares
// them, so that host code in other translation units can launch through
// them.  The header is plain host C++: it includes <cuda_runtime.h> (dim3,
// cudaStream_t, the vector types) and the headers the kernel file includes
// for the user's parameter types, never the kernels themselves.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_LAUNCHERHEADER_H
#define TDRC_REWRITER_LAUNCHERHEADER_H

#include <string>
#include <vector>

namespace clang {
class ASTContext;
class FunctionDecl;
} // namespace clang

namespace tdrc {

/// One kernel's entry in the header.
struct LauncherDeclaration {
  std::string Kernel;
  /// The declaration of K_tdr_launch inside K's namespaces and extern "C"
  /// block; empty when the kernel has none in the header (then Why).
  std::string Text;
  std::string Why;
  /// What the parameter types need, as the kernel file's own #include
  /// spells it ("params.h" or <cuda_fp16.h>).
  std::vector<std::string> Includes;
};

/// The declaration of K's launcher, or Why it cannot be declared in another
/// file: a parameter type declared in the kernel's own file, an unnamed
/// one, a template, an anonymous namespace.
LauncherDeclaration launcherDeclaration(clang::ASTContext &Ctx,
                                        const clang::FunctionDecl *K);

/// The kernels of one input, in the order of the file.
struct LauncherFile {
  std::string Input;
  bool Cuda = true;
  std::vector<LauncherDeclaration> Kernels;
};

/// K_tdr_launch defined in the file beside K, if any.
const clang::FunctionDecl *findLauncher(clang::ASTContext &Ctx,
                                        const clang::FunctionDecl *K);

/// A file tdrc rewrote before: its launcher is declared if it can be
/// called from other files (the run had --launcher-header).
LauncherDeclaration existingLauncher(clang::ASTContext &Ctx,
                                     const clang::FunctionDecl *K);

/// The whole header: a guard named after HeaderPath, the includes, one
/// section per input; a comment for each kernel left out, and for an input
/// without any launcher (the header stays valid).
std::string launcherHeaderText(const std::string &HeaderPath,
                               const std::vector<LauncherFile> &Files);

} // namespace tdrc

#endif
