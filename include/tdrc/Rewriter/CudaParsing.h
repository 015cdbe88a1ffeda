//===- CudaParsing.h - How Clang is asked to parse a CUDA file -------------===//
//
// tdrc rewrites device code only, so a .cu/.cuh file (or one parsed with
// `-x cuda`) is parsed as Clang's device-side compilation for one GPU
// (`--cuda-device-only --cuda-gpu-arch=sm_90`); host code is parsed too and
// left as it is.  Declarations come from a CUDA toolkit when Clang can parse
// its headers (Clang 22 and CUDA 13: /usr/local/cuda, or --cuda-path), and
// otherwise from tdrc's own minimal prelude (qualifiers, vector types,
// atomics, barriers, math, a little of the host API), so that tdrc works on
// machines without CUDA and with Clang 19.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_CUDAPARSING_H
#define TDRC_REWRITER_CUDAPARSING_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>
#include <vector>

namespace tdrc {

/// A .cu/.cuh file, or `-x cuda` among the parser flags.
bool isCudaInput(const std::string &Path,
                 const std::vector<std::string> &ClangArgs);

struct CudaSetup {
  std::vector<std::string> Flags; // before the user's flags
  /// In-memory files (path, text): the prelude and empty stand-ins for the
  /// toolkit headers a file may include.
  std::vector<std::pair<std::string, std::string>> Files;
  std::string Toolkit; // the toolkit used; empty: the prelude
  std::string Warning; // the toolkit the user named is not usable
};

/// The parser setup for CUDA input.  ToolkitDir is --cuda-path (empty: the
/// default places); ForcePrelude is --cuda-prelude.
CudaSetup cudaSetup(const std::string &ToolkitDir, bool ForcePrelude,
                    const std::vector<std::string> &ClangArgs);

/// The text of tdrc's device prelude (lib/Rewriter/cuda/tdrc_cuda_prelude.h).
llvm::StringRef cudaPreludeText();

/// A directory is a CUDA toolkit this Clang can parse the headers of.
bool usableCudaToolkit(const std::string &Dir, std::string &Why);

} // namespace tdrc

#endif
