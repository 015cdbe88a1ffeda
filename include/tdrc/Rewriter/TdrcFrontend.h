//===- TdrcFrontend.h - Parse, analyse and rewrite one kernel file ---------===//
//
// The library entry point the tdrc driver (and tests, and the fuzzer) call:
// Clang parses the file (OpenCL C, or CUDA device code: CudaParsing.h),
// every kernel in it is planned (lib/TDR), and the plans are emitted as
// edits of the original text.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_REWRITER_TDRCFRONTEND_H
#define TDRC_REWRITER_TDRCFRONTEND_H

#include "tdrc/Rewriter/LauncherHeader.h"
#include <memory>
#include <map>
#include <string>
#include <vector>

namespace tdrc {

struct CostProfile;

struct RewriteOptions {
  unsigned MaxWorkGroupSize = 256;  // bound when reqd_work_group_size is absent
  unsigned LocalMemoryBytes = 32768; // local memory a kernel may use in all
  std::string Algorithm = "auto";     // auto, or a strategy (Strategy.h)
  std::string Transforms;             // --transforms= (empty: the defaults)
  unsigned Neighbors = 16;            // DGI's neighbouring factor
  bool Feedback = false; // --feedback: Neighbors is TDR_NEIGHBORS's default
  std::string Gpu;                    // --gpu: the occupancy budget's GPU
  unsigned Regs = 0;                  // --regs (0: estimate)
  unsigned Smem = 0;                  // --smem: the kernel's local memory
  bool Force = false;                 // --force: keep unprofitable rounds
  double MeldThreshold = 0.2;         // --meld-threshold: meld's similarity
  bool MeldArithmetic = false;        // --meld-arithmetic: no shared access
  unsigned LoopSplitLoops = 2;        // --loop-split-loops: at most this many
  /// --cost-profile: the model's constants for the user's device.
  std::shared_ptr<const CostProfile> Costs;
  bool KeepOriginal = false;          // --keep-original (KeepOriginal.h)
  bool HoistRounds = true;            // --hoist-rounds (InvariantHoist.cpp)
  /// --launcher-header: CUDA launchers callable from other files, and
  /// RewriteResult::Launchers (LauncherHeader.h); needs KeepOriginal.
  bool LauncherHeader = false;
  /// --device-only: CUDA compiled without a host pass (NVRTC): no host
  /// code is written, and a kept original keeps its kernel's extern "C".
  bool DeviceOnly = false;
  std::vector<std::string> ClangArgs; // what followed `--`
  std::string CudaPath;               // --cuda-path (empty: the default)
  bool CudaPrelude = false;           // --cuda-prelude: no toolkit headers
};

struct RewriteResult {
  bool ParsedOK = false;             // Clang reported no error
  std::string Output;                // the rewritten (or unchanged) text
  std::vector<std::string> Explain;  // one line per kernel and branch
  std::string ExplainJson; // the same as this file's object of --explain=json
  unsigned Kernels = 0;
  unsigned ChangedKernels = 0;       // kernels tdrc rewrote
  unsigned RemappedBranches = 0;
  unsigned RemapBranches = 0; // of those, the remap transform's
  std::map<std::string, unsigned> RemapPerKernel; // the same by kernel
  std::string InternalError;         // a bug in tdrc, reported, never hidden
  /// The files the parse read, the input first, as absolute paths (for
  /// --depfile); Clang's own resource-dir headers are left out.
  std::vector<std::string> Dependencies;
  std::vector<std::string> Warnings; // about the setup (e.g. --cuda-path)
  bool Cuda = false;                 // parsed as CUDA
  /// --launcher-header: each CUDA kernel's entry, in the file's order.
  std::vector<LauncherDeclaration> Launchers;
  /// Clang's diagnostics as text, from rewriteBufferCapturing only (the
  /// other entry points print them or drop them).
  std::string Diagnostics;
};

RewriteResult rewriteFile(const std::string &Path, const RewriteOptions &Opts);

/// The same for text in memory (the fuzzer): Code is parsed as the file Name
/// (an absolute path is best; it appears in diagnostics and --explain lines,
/// and quoted #includes are looked up next to it on disk).  With Quiet,
/// Clang's diagnostics are not printed; ParsedOK still says whether there
/// were errors.
RewriteResult rewriteBuffer(const std::string &Code, const std::string &Name,
                            const RewriteOptions &Opts, bool Quiet = false);

/// The same, with Clang's diagnostics in RewriteResult::Diagnostics instead
/// of on stderr (the C API, include/tdrc/tdrc.h).
RewriteResult rewriteBufferCapturing(const std::string &Code,
                                     const std::string &Name,
                                     const RewriteOptions &Opts);

} // namespace tdrc

#endif
