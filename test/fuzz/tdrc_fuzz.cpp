//===- tdrc_fuzz.cpp - libFuzzer target: parse, analyse and rewrite --------===//
//
// Feeds the input, as an OpenCL C or CUDA file, to tdrc::rewriteBuffer -- the library
// path of the tdrc tool (Clang's parser, the planner, the emitter) -- and
// aborts on what is a tdrc bug whatever the input:
//
//   - an internal error (the tool would exit 2);
//   - an output that differs from the input although no branch was remapped;
//   - a rewritten output that Clang no longer parses (tdrc broke valid code);
//   - a rewritten output that tdrc rewrites again (idempotence: its own output
//     must come back unchanged).
//
// Crashes, hangs, leaks and UBSan reports in tdrc's code abort through the
// sanitizers.  Clang's diagnostics are not printed.
//
// The last byte of the input picks the options, XOR '\n' so that a kernel file
// ending in a newline runs with the defaults; the rest is the kernel text:
//
//   bits 0-1  --algorithm       auto, hot, dgi, auto
//   bits 2-3  --neighbors       16, 32, 64, 16
//   bits 4-5  --max-workgroup-size 256, 64, 1024, 1
//   bit  6    --local-mem-budget   32768, 1024
//   bit  7    -cl-std=            CL1.2, CL2.0
//
// An input that starts with "//cu" is CUDA device code instead, parsed as a
// .cu file with tdrc's built-in prelude (--cuda-prelude: no toolkit headers,
// the same on every machine); there bit 7 picks the warp-level rounds instead
// of -cl-std=CL2.0 (hot becomes warp-hot, dgi becomes ballot), and `::` is
// allowed (the Clang hang below is C's and OpenCL C's, not C++'s).
//
// run_regression.sh decodes the same byte for the tdrc tool; with
// TDRC_FUZZ_VERBOSE=1 in the environment the target prints the options.
//
// Inputs that would make Clang read files or run its debugging pragmas
// (`#include`, `#import`, `#embed`, `__has_include`, `#pragma clang __debug`)
// are rejected: they test the file system and Clang, not tdrc.  So are inputs
// with `::`: Clang 17-22 loops forever on `(::` in C and OpenCL C
// (llvm/llvm-project#195367; docs/reliability.md), which the fuzzer finds
// within minutes.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Rewriter/TdrcFrontend.h"
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace {

bool isCuda(const std::string &Code) { return Code.rfind("//cu", 0) == 0; }

tdrc::RewriteOptions decode(uint8_t O, bool Cuda) {
  static const char *const Algorithms[] = {"auto", "hot", "dgi", "auto"};
  static const char *const WarpAlgorithms[] = {"auto", "warp-hot", "ballot",
                                               "auto"};
  static const unsigned NeighborsOf[] = {16, 32, 64, 16};
  static const unsigned WorkGroup[] = {256, 64, 1024, 1};
  tdrc::RewriteOptions Opts;
  Opts.Algorithm = (Cuda && (O & 0x80) ? WarpAlgorithms : Algorithms)[O & 3];
  Opts.Neighbors = NeighborsOf[(O >> 2) & 3];
  Opts.MaxWorkGroupSize = WorkGroup[(O >> 4) & 3];
  Opts.LocalMemoryBytes = (O & 0x40) ? 1024 : 32768;
  Opts.CudaPrelude = Cuda;
  if (!Cuda && (O & 0x80))
    Opts.ClangArgs.push_back("-cl-std=CL2.0");
  return Opts;
}

bool rejected(const std::string &Code, bool Cuda) {
  for (const char *W : {"include", "import", "embed", "__debug", "::"})
    if (Code.find(W) != std::string::npos && !(Cuda && W[0] == ':'))
      return true;
  return false;
}

[[noreturn]] void fail(const char *What, const tdrc::RewriteResult &R,
                       const std::string *Text) {
  std::fprintf(stderr, "tdrc_fuzz: %s\n", What);
  if (!R.InternalError.empty())
    std::fprintf(stderr, "tdrc_fuzz: internal error: %s\n",
                 R.InternalError.c_str());
  for (const std::string &L : R.Explain)
    std::fprintf(stderr, "  %s\n", L.c_str());
  if (Text)
    std::fprintf(stderr, "--- text ---\n%s\n--- end ---\n", Text->c_str());
  std::abort();
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  if (Size == 0)
    return 0;
  std::string Code(reinterpret_cast<const char *>(Data), Size - 1);
  bool Cuda = isCuda(Code);
  if (rejected(Code, Cuda))
    return -1; // not added to the corpus
  tdrc::RewriteOptions Opts = decode(Data[Size - 1] ^ '\n', Cuda);
  const char *Name = Cuda ? "/tdrc-fuzz/input.cu" : "/tdrc-fuzz/input.cl";
  if (std::getenv("TDRC_FUZZ_VERBOSE")) {
    std::fprintf(stderr, "tdrc_fuzz: %s--algorithm %s --neighbors %u "
                         "--max-workgroup-size %u --local-mem-budget %u%s\n",
                 Cuda ? "(CUDA) --cuda-prelude " : "", Opts.Algorithm.c_str(),
                 Opts.Neighbors, Opts.MaxWorkGroupSize, Opts.LocalMemoryBytes,
                 Opts.ClangArgs.empty() ? "" : " -- -cl-std=CL2.0");
  }

  tdrc::RewriteResult R = tdrc::rewriteBuffer(Code, Name, Opts, /*Quiet=*/true);
  if (!R.InternalError.empty())
    fail("internal error", R, nullptr);
  if (!R.ParsedOK || R.Output == Code)
    return 0;
  if (R.RemappedBranches == 0)
    fail("output differs from the input but no branch was remapped", R,
         &R.Output);

  tdrc::RewriteResult Again =
      tdrc::rewriteBuffer(R.Output, Name, Opts, /*Quiet=*/true);
  if (!Again.InternalError.empty())
    fail("internal error on tdrc's own output", Again, nullptr);
  if (!Again.ParsedOK)
    fail("Clang rejects the rewritten output of a valid input", R, &R.Output);
  if (Again.Output != R.Output)
    fail("tdrc rewrites its own output again (not idempotent)", Again,
         &Again.Output);
  return 0;
}
