//===- tdrc.cpp - The tdrc command line ------------------------------------===//
//
//   tdrc INPUT.cl -o OUTPUT.cl [options] [-- clang flags]
//   tdrc A.cl B.cl --out-dir DIR [options] [-- clang flags]
//   tdrc -i A.cl [options] [-- clang flags]
//   tdrc INPUT.cl -o OUTPUT.cl --depfile OUTPUT.cl.d   (for build systems)
//   tdrc KERNEL.cu -o KERNEL.tdr.cu [options] [-- clang flags]   (CUDA)
//
// Exit status: 0 success, 1 errors in an input, 2 usage or I/O errors.
//
//===----------------------------------------------------------------------===//
#include "DepFile.h"
#include "tdrc/Occupancy/GpuTable.h"
#include "tdrc/Rewriter/ExplainReport.h"
#include "tdrc/Rewriter/OptionValues.h"
#include "tdrc/Rewriter/TdrcFrontend.h"
#include "tdrc/TDR/Remap/CostProfile.h"
#include "tdrc/TDR/Remap/Strategy.h"
#include "tdrc/TDR/Transform.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Signals.h"
#include "llvm/Support/raw_ostream.h"
#include <csignal>
#include <cstring>
#include <unistd.h>

using namespace llvm;

static cl::OptionCategory Category("tdrc options");
static cl::list<std::string> Inputs(cl::Positional, cl::desc("<input files>"),
                                    cl::cat(Category));
static cl::opt<std::string> Output("o", cl::desc("Output file (one input)"),
                                   cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> OutDir("out-dir",
                                   cl::desc("Write each output to DIR/<name>"),
                                   cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> InPlace("in-place", cl::desc("Overwrite the inputs"),
                             cl::cat(Category));
static cl::alias InPlaceShort("i", cl::aliasopt(InPlace),
                              cl::desc("Alias for --in-place"));
static cl::opt<std::string> Explain(
    "explain", cl::ValueOptional,
    cl::desc("Print, per kernel and branch, what was done and why: "
             "--explain (text, one line each) or --explain=json (the same "
             "decisions, machine-readable; docs/explain-schema.json)"),
    cl::value_desc("text|json"), cl::cat(Category));
static cl::opt<std::string> TransformsOpt(
    "transforms",
    cl::desc("Which transforms run: comma-separated globs, '-' disables "
             "(like clang-tidy's -checks); default: every ready transform. "
             "--transforms=help lists them"),
    cl::value_desc("list"), cl::cat(Category));
static cl::opt<unsigned> MaxWorkGroupSize(
    "max-workgroup-size",
    cl::desc("Work-group size bound for kernels without "
             "reqd_work_group_size; larger groups run unremapped (default 256)"),
    cl::init(256), cl::cat(Category));
static cl::opt<unsigned> LocalMemory(
    "local-mem-budget",
    cl::desc("Bytes of local memory a kernel may use in all (default 32768)"),
    cl::init(32768), cl::cat(Category));

static cl::opt<std::string> AlgorithmOpt(
    "algorithm",
    cl::desc("auto (Head-or-Tail for two paths, DGI for more; in CUDA the "
             "cheaper of each and its warp-level version), hot, dgi, and "
             "for CUDA warp-hot (Head-or-Tail with warp-aggregated atomics) "
             "or ballot (a stable partition from warp ballots)"),
    cl::init("auto"), cl::cat(Category));
static cl::opt<unsigned>
    Neighbors("neighbors",
              cl::desc("DGI neighbouring factor N: 16, 32 or 64 (default 16)"),
              cl::init(16), cl::cat(Category));

static cl::opt<bool> Feedback(
    "feedback",
    cl::desc("Kernels with DGI rounds get a last parameter __global uint "
             "*tdr_feedback (may be NULL) for the runtime's choice of N, and N "
             "becomes the macro TDR_NEIGHBORS (default: --neighbors); see "
             "docs/runtime.md"),
    cl::cat(Category));

static cl::opt<std::string> GpuOpt(
    "gpu",
    cl::desc("GPU whose occupancy the rewrite may not lower (sm_50..sm_120, "
             "gfx900..gfx1100, generic; see --gpu=help); without it only "
             "--local-mem-budget binds"),
    cl::value_desc("name"), cl::cat(Category));
static cl::opt<unsigned> RegsOpt(
    "regs",
    cl::desc("Registers per work-item of the original kernel (ptxas -v, or "
             "tdrc-usage); default: a static estimate"),
    cl::value_desc("N"), cl::init(0), cl::cat(Category));
static cl::opt<unsigned> SmemOpt(
    "smem",
    cl::desc("Local memory per work-group of the original kernel, static and "
             "dynamic (default: its static __local arrays)"),
    cl::value_desc("bytes"), cl::init(0), cl::cat(Category));

static cl::opt<bool> Force(
    "force",
    cl::desc("Keep every round the analysis allows, without the "
             "profitability model (which declines rounds that cannot pay)"),
    cl::cat(Category));
static cl::opt<double> MeldThresholdOpt(
    "meld-threshold",
    cl::desc("The similarity (0 to 1) the two sides of an if/else need to be "
             "melded: twice the weight of what is written once over the "
             "weight of both sides (default 0.2, DARM's)"),
    cl::value_desc("x"), cl::init(0.2), cl::cat(Category));
static cl::opt<bool> MeldArithmeticOpt(
    "meld-arithmetic",
    cl::desc("Also meld branches whose paths share no load or store, only "
             "arithmetic (by default such melds are declined: on the GPU "
             "they were as often slower as faster; docs/meld.md)"),
    cl::cat(Category));
static cl::opt<unsigned> LoopSplitLoopsOpt(
    "loop-split-loops",
    cl::desc("The most loops the loopsplit transform makes of one loop "
             "(2 to 16, default 2): its independent groups are merged, those "
             "that recompute the same declarations first"),
    cl::value_desc("n"), cl::init(2), cl::cat(Category));
static cl::opt<std::string> CostProfileOpt(
    "cost-profile",
    cl::desc("The profitability model's costs measured on your device "
             "(tdrc-calibrate's JSON; docs/cost-profile.md); default: the "
             "compiled-in ones"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<bool> HoistRoundsOpt(
    "hoist-rounds",
    cl::desc("Place a branch's remap round before the loops its condition "
             "does not change in, so that it regroups once rather than at "
             "every iteration (default on; off: every round at its branch)"),
    cl::init(true), cl::cat(Category));
static cl::opt<bool> KeepOriginalOpt(
    "keep-original",
    cl::desc("Keep each changed kernel's original whole, as "
             "NAME_tdr_original, for a choice per launch (runtime/cl; in CUDA "
             "a launcher NAME_tdr_launch that the file's launches call); see "
             "docs/runtime.md.  On by default: --keep-original=false writes "
             "the rewrite alone, with its in-kernel switch"),
    cl::init(true), cl::cat(Category));
static cl::opt<bool> DeviceOnlyOpt(
    "device-only",
    cl::desc("CUDA: the file is compiled without a host pass (NVRTC, "
             "tdrc-run): tdrc writes no host code (no launcher), and the "
             "original kept by --keep-original keeps the kernel's extern \"C\", "
             "so the host can look both up by name"),
    cl::init(false), cl::cat(Category));
static cl::opt<std::string> LauncherHeaderOpt(
    "launcher-header",
    cl::desc("CUDA: also write FILE, a header declaring the launcher "
             "NAME_tdr_launch of each kernel (the choice where tdrc changed "
             "it, a plain launch where not), which then links from other "
             "files: they include FILE and call NAME_tdr_launch(grid, block, "
             "shmem, stream, args); see docs/runtime.md"),
    cl::value_desc("file"), cl::cat(Category));
static cl::opt<std::string> CudaPathOpt(
    "cuda-path",
    cl::desc("CUDA toolkit whose headers parse .cu files (default: "
             "$CUDA_PATH or /usr/local/cuda; without a usable one, tdrc's "
             "built-in device declarations)"),
    cl::value_desc("dir"), cl::cat(Category));
static cl::opt<bool> CudaPreludeOpt(
    "cuda-prelude",
    cl::desc("Parse .cu files with tdrc's built-in device declarations, not "
             "a toolkit's headers"),
    cl::cat(Category));

static cl::opt<unsigned> TimeoutOpt(
    "timeout",
    cl::desc("Give up on an input after S seconds: one error line, exit 2, "
             "no output (default 0: no limit)"),
    cl::value_desc("S"), cl::init(0), cl::cat(Category));

static cl::opt<std::string> DepFileOpt(
    "depfile",
    cl::desc("Also write a Make rule 'OUTPUT: INPUT HEADERS...' naming the "
             "files the parse read (for Ninja, Make, CMake's DEPFILE); not "
             "written when a rewrite fails"),
    cl::value_desc("file"), cl::cat(Category));

// The message the alarm handler writes; prepared before each input because a
// signal handler may only call async-signal-safe functions.
static char TimeoutMessage[1024];

static void onTimeout(int) {
  ssize_t Ignored = ::write(2, TimeoutMessage, std::strlen(TimeoutMessage));
  (void)Ignored;
  sys::RunInterruptHandlers(); // removes a temporary output file, if any
  _exit(2);
}

static void armTimeout(StringRef In) {
  if (!TimeoutOpt)
    return;
  std::string Msg = ("tdrc: error: '" + In + "' took longer than " +
                     Twine(TimeoutOpt) + " s (--timeout); nothing written\n")
                        .str();
  std::strncpy(TimeoutMessage, Msg.c_str(), sizeof(TimeoutMessage) - 2);
  TimeoutMessage[sizeof(TimeoutMessage) - 2] = '\n';
  std::signal(SIGALRM, onTimeout);
  alarm(TimeoutOpt);
}

static int usage(const Twine &Msg) {
  errs() << "tdrc: error: " << Msg << "\n";
  return 2;
}

/// Writes Text to Path through a temporary file in the same directory and a
/// rename, so Path is either the old file or the complete new one.  `-` and
/// existing non-regular files (/dev/stdout, a pipe) are written directly:
/// renaming over them would replace the device node.
static bool writeOutput(StringRef Path, StringRef Text) {
  sys::fs::file_status St;
  bool Special = Path == "-" || (!sys::fs::status(Path, St) &&
                                 sys::fs::exists(St) &&
                                 !sys::fs::is_regular_file(St));
  if (Path == "-") { // stdout stays open: nothing written to it is lost
    outs() << Text;
    outs().flush();
    std::error_code EC = outs().error();
    if (EC) {
      outs().clear_error();
      errs() << "tdrc: error: cannot write '-': " << EC.message() << "\n";
    }
    return !EC;
  }
  if (Special) {
    std::error_code EC;
    raw_fd_ostream OS(Path, EC);
    if (!EC) {
      OS << Text;
      OS.close();
      if (OS.has_error()) {
        EC = OS.error();
        OS.clear_error();
      }
    }
    if (EC)
      errs() << "tdrc: error: cannot write '" << Path << "': " << EC.message()
             << "\n";
    return !EC;
  }
  SmallString<256> Dir(Path);
  sys::path::remove_filename(Dir);
  if (Dir.empty())
    Dir = ".";
  SmallString<256> Model(Dir);
  sys::path::append(Model, "." + sys::path::filename(Path).str() +
                               ".tdrc-%%%%%%.tmp");
  int FD;
  SmallString<256> Tmp;
  if (std::error_code EC = sys::fs::createUniqueFile(Model, FD, Tmp)) {
    errs() << "tdrc: error: cannot write '" << Path << "': " << EC.message()
           << "\n";
    return false;
  }
  sys::RemoveFileOnSignal(Tmp); // an interrupted run leaves nothing behind
  {
    raw_fd_ostream OS(FD, /*shouldClose=*/true);
    OS << Text;
    OS.close();
    if (OS.has_error()) {
      errs() << "tdrc: error: cannot write '" << Path
             << "': " << OS.error().message() << "\n";
      OS.clear_error();
      sys::fs::remove(Tmp);
      return false;
    }
  }
  if (std::error_code EC = sys::fs::rename(Tmp, Path)) {
    errs() << "tdrc: error: cannot write '" << Path << "': " << EC.message()
           << "\n";
    sys::fs::remove(Tmp);
    return false;
  }
  sys::DontRemoveFileOnSignal(Tmp);
  return true;
}

/// One input's object of --explain=json: the front end's, with its status.
static json::Value fileReport(StringRef In, const tdrc::RewriteResult &R) {
  Expected<json::Value> V = json::parse(R.ExplainJson);
  if (!V) {
    consumeError(V.takeError());
    return json::Object{{"file", In}, {"status", "error"},
                        {"kernels", json::Array()}};
  }
  json::Object *O = V->getAsObject();
  (*O)["status"] = "ok";
  return std::move(*V);
}

/// One input's part of --launcher-header, with a warning where it adds no
/// launcher (the header is written all the same: a build may expect it).
static tdrc::LauncherFile launcherFile(StringRef In,
                                       const tdrc::RewriteResult &R) {
  if (!R.Cuda)
    errs() << "tdrc: warning: --launcher-header: '" << In
           << "' is OpenCL; it has no launcher (runtime/cl chooses)\n";
  else if (llvm::none_of(R.Launchers, [](const tdrc::LauncherDeclaration &D) {
             return !D.Text.empty();
           }))
    errs() << "tdrc: warning: --launcher-header: no launcher of '" << In
           << "' can be declared (the header says why)\n";
  return {In.str(), R.Cuda, R.Launchers};
}

/// Checks the options and inputs and copies them into Opts; a usage
/// error's exit status (2), or 0.
static int checkOptions(tdrc::RewriteOptions &Opts) {
  if (Inputs.empty())
    return usage("no input files (see --help)");
  int Targets = !Output.empty() + !OutDir.empty() + InPlace;
  if (Targets != 1)
    return usage("give exactly one of -o FILE, --out-dir DIR or --in-place");
  if (!Output.empty() && Inputs.size() != 1)
    return usage("-o takes one input; use --out-dir for several");
  if (!OutDir.empty() && !sys::fs::is_directory(OutDir))
    return usage("output directory '" + OutDir + "' does not exist");
  for (const std::string &In : Inputs) {
    if (!sys::fs::exists(In))
      return usage("cannot open '" + In + "': no such file");
    if (sys::fs::is_directory(In))
      return usage("'" + In + "' is a directory");
    // Read it once here, so an unreadable input is one line and exit 2
    // rather than Clang's three-line fatal error.
    if (auto Buf = MemoryBuffer::getFile(In); !Buf)
      return usage("cannot read '" + In + "': " + Buf.getError().message());
  }
  bool Json = Explain == "json"; // checked here, used in main
  if (Explain.getNumOccurrences() && !Explain.empty() && Explain != "text" &&
      !Json)
    return usage("--explain takes text or json, not '" + Explain + "'");
  tdrc::OptionValues V;
  V.MaxWorkGroupSize = MaxWorkGroupSize;
  V.LocalMemory = LocalMemory;
  V.LocalMemorySet = LocalMemory.getNumOccurrences() > 0;
  V.Algorithm = AlgorithmOpt;
  V.Transforms = TransformsOpt;
  V.Neighbors = Neighbors;
  V.Feedback = Feedback;
  V.Gpu = GpuOpt;
  V.Regs = RegsOpt;
  V.Smem = SmemOpt;
  V.Force = Force;
  V.MeldThreshold = MeldThresholdOpt;
  V.MeldArithmetic = MeldArithmeticOpt;
  V.LoopSplitLoops = LoopSplitLoopsOpt;
  V.CostProfile = CostProfileOpt;
  V.KeepOriginal = KeepOriginalOpt;
  V.HoistRounds = HoistRoundsOpt;
  V.DeviceOnly = DeviceOnlyOpt;
  V.CudaPath = CudaPathOpt;
  V.CudaPrelude = CudaPreludeOpt;
  if (std::optional<tdrc::OptionError> E = tdrc::applyOptionValues(V, Opts)) {
    if (!E->Diagnostic)
      return usage(E->Message);
    errs() << E->Message << "\n"; // file:line:col: error: ...
    return 2;
  }
  Opts.LauncherHeader = !LauncherHeaderOpt.empty();
  if (Opts.LauncherHeader && DeviceOnlyOpt)
    return usage("--launcher-header declares host launchers; --device-only "
                 "writes none");
  if (Opts.LauncherHeader && !KeepOriginalOpt)
    return usage("--launcher-header declares --keep-original's launchers; "
                 "it cannot be used with --keep-original=false");
  for (const std::string &In : Inputs)
    if (Opts.LauncherHeader &&
        (LauncherHeaderOpt == In || LauncherHeaderOpt == Output ||
         sys::fs::equivalent(In, LauncherHeaderOpt)))
      return usage("--launcher-header '" + LauncherHeaderOpt +
                   "' would overwrite an input or the output");
  return 0;
}

/// The --explain=json report of every input, printed when main returns,
/// on whichever path it takes (an input that fails ends the run).
struct JsonReport {
  raw_ostream *OS; // null: no JSON report
  json::Array Files;
  explicit JsonReport(raw_ostream *OS) : OS(OS) {}
  JsonReport(const JsonReport &) = delete;
  JsonReport &operator=(const JsonReport &) = delete;
  ~JsonReport() {
    if (OS)
      *OS << formatv("{0:2}", json::Value(json::Object{
                                  {"schema", "tdrc-explain"},
                                  {"version", tdrc::ExplainSchemaVersion},
                                  {"tdrc", TDRC_VERSION},
                                  {"files", std::move(Files)}}))
          << "\n";
  }
};

int main(int argc, const char **argv) {
  // Everything after `--` goes to the parser, as with clang-tidy.
  std::vector<const char *> Own;
  tdrc::RewriteOptions Opts;
  bool AfterDashes = false;
  for (int I = 0; I < argc; ++I) {
    if (!AfterDashes && I > 0 && StringRef(argv[I]) == "--") {
      AfterDashes = true;
      continue;
    }
    if (AfterDashes)
      Opts.ClangArgs.push_back(argv[I]);
    else
      Own.push_back(argv[I]);
  }
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter([](raw_ostream &OS) {
    OS << "tdrc " << TDRC_VERSION << " (thread-data remapping for OpenCL C)\n";
  });
  if (!cl::ParseCommandLineOptions(
          int(Own.size()), Own.data(),
          "tdrc: remove branch divergence from OpenCL kernels by on-GPU "
          "thread-data remapping\n\n"
          "  tdrc INPUT.cl -o OUTPUT.cl [options] [-- clang flags]\n"
          "  tdrc INPUT.cu -o OUTPUT.cu [options] [-- clang flags]   "
          "(CUDA device code; also -- -x cuda)\n",
          &errs()))
    return 2;

  if (TransformsOpt == "help") {
    for (const tdrc::TransformInfo &T : tdrc::registeredTransforms())
      outs() << T.Name << (T.Default ? "" : " (not enabled by default)")
             << ": " << T.Summary << "\n";
    return 0;
  }
  if (GpuOpt == "help") {
    outs() << "GPUs tdrc knows: " << tdrc::gpuNameList() << "\n";
    return 0;
  }
  if (int Bad = checkOptions(Opts))
    return Bad;

  int Status = 0;
  std::string DepRules; // --depfile: one rule per output
  bool Json = Explain == "json";
  std::vector<tdrc::LauncherFile> HeaderFiles; // --launcher-header
  // The report goes to stdout, or to stderr where the rewritten source
  // does (`-o -`), so that stdout holds the source alone.
  raw_ostream &Report = Output == "-" ? errs() : outs();
  // --explain=json: one object per input, printed whatever happens to a
  // later input.
  JsonReport JsonFiles(Json ? &Report : nullptr);
  for (const std::string &In : Inputs) {
    std::string Out = Output;
    if (!OutDir.empty()) {
      SmallString<256> P(OutDir);
      sys::path::append(P, sys::path::filename(In));
      Out = std::string(P);
    } else if (InPlace) {
      Out = In;
    }
    if (Out != In && Out != "-" && sys::fs::equivalent(In, Out))
      return usage("output '" + Out + "' is the input; use --in-place");
    armTimeout(In); // per input: each gets the full time
    tdrc::RewriteResult R = tdrc::rewriteFile(In, Opts);
    for (const std::string &W : R.Warnings)
      errs() << "tdrc: warning: " << W << "\n";
    if (!R.InternalError.empty()) {
      errs() << "tdrc: internal error on '" << In << "': " << R.InternalError
             << "\n";
      return 2;
    }
    if (!R.ParsedOK) {
      Status = 1; // Clang has printed the diagnostics
      if (Json)
        JsonFiles.Files.push_back(json::Object{
            {"file", In}, {"status", "error"}, {"kernels", json::Array()}});
      continue;
    }
    if (Explain.getNumOccurrences() && !Json)
      for (const std::string &L : R.Explain)
        Report << L << "\n";
    if (Json)
      JsonFiles.Files.push_back(fileReport(In, R));
    bool Written = writeOutput(Out, R.Output);
    if (TimeoutOpt)
      alarm(0);
    if (!Written)
      return 2;
    // The target as given, which is how Make and Ninja name it; the
    // prerequisites absolute, wherever the build runs the command.
    if (!DepFileOpt.empty())
      DepRules += tdrc::makeDepRule(Out, R.Dependencies);
    if (Opts.LauncherHeader)
      HeaderFiles.push_back(launcherFile(In, R));
  }
  // Like the depfile: a failed rewrite leaves the old header.
  if (Opts.LauncherHeader && Status == 0 &&
      !writeOutput(LauncherHeaderOpt,
                   tdrc::launcherHeaderText(LauncherHeaderOpt, HeaderFiles)))
    return 2;
  // Only after every input succeeded: a failed rewrite leaves the old one.
  if (!DepFileOpt.empty() && Status == 0 && !writeOutput(DepFileOpt, DepRules))
    return 2;
  return Status;
}
