//===- TdrcFrontend.cpp - Parse, analyse and rewrite one kernel file -------===//
#include "tdrc/Rewriter/TdrcFrontend.h"
#include "CudaLauncher.h"
#include "tdrc/Rewriter/CudaParsing.h"
#include "tdrc/Rewriter/EditList.h"
#include "tdrc/Occupancy/GpuTable.h"
#include "tdrc/Rewriter/TdrPragmas.h"
#include "tdrc/Rewriter/ExplainReport.h"
#include "HelperBranches.h"
#include "tdrc/Rewriter/KeepOriginal.h"
#include "tdrc/Rewriter/ExpansionRecorder.h"
#include "tdrc/Rewriter/MacroUnfold.h"
#include "UnfoldPass.h"
#include "GridStrideStage.h"
#include "tdrc/Rewriter/PassManager.h"
#include "tdrc/Rewriter/TemplateKernels.h"
#include "tdrc/TDR/BranchSplit/BranchSplitTransform.h"
#include "tdrc/TDR/Remap/RemapCode.h"
#include "KernelList.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/Version.h"
#include "clang/Frontend/FrontendAction.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Frontend/Utils.h"
#include "clang/Tooling/ArgumentsAdjusters.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Tooling.h"
#include <map>

using namespace clang;
using namespace clang::ast_matchers;

namespace tdrc {

namespace {

class TdrcConsumer : public ASTConsumer {
public:
  TdrcConsumer(const RewriteOptions &Opts, RewriteResult &Result,
               std::shared_ptr<TdrPragmaLog> Pragmas, UnfoldPass &Unfold)
      : Opts(Opts), Result(Result), Pragmas(std::move(Pragmas)),
        Unfold(Unfold) {}

  void HandleTranslationUnit(ASTContext &Ctx) override {
    if (Ctx.getDiagnostics().hasErrorOccurred())
      return;
    const SourceManager &SM = Ctx.getSourceManager();
    KernelList Collector = listKernels(Ctx);

    const Dialect &Dl = dialectFor(Ctx.getLangOpts());
    TransformOptions TO;
    TO.MaxWorkGroupSize = Opts.MaxWorkGroupSize;
    TO.LocalMemoryBytes = Opts.LocalMemoryBytes;
    TO.Neighbors = Opts.Feedback ? 16 : Opts.Neighbors; // the smallest N
    TO.FeedbackNeighbors = Opts.Feedback ? Opts.Neighbors : 0;
    if (Opts.Feedback && Dl.Cuda) { // the feedback loop is runtime/cl's
      TO.Neighbors = Opts.Neighbors;
      TO.FeedbackNeighbors = 0;
      Result.Warnings.push_back("--feedback is for OpenCL kernels (the "
                                "runtime/cl loop); ignored for CUDA");
    }
    TO.Force = Opts.Force;
    TO.MeldThreshold = Opts.MeldThreshold;
    TO.MeldArithmetic = Opts.MeldArithmetic;
    TO.LoopSplitLoops = Opts.LoopSplitLoops;
    TO.Costs = Opts.Costs.get();
    TO.KeepOriginal = Opts.KeepOriginal;
    TO.HoistRounds = Opts.HoistRounds;
    TO.RemapAlgorithm = algorithmNamed(Opts.Algorithm, /*OrOption=*/true);
    if (std::optional<Algorithm> A = TO.RemapAlgorithm;
        A && isWarpLevel(*A) && !Dl.Cuda)
      Result.Warnings.push_back(
          std::string("--algorithm ") + strategyOf(*A).Option +
          " needs CUDA's warp intrinsics; OpenCL kernels get " +
          algorithmKeyword(withoutWarpIntrinsics(*A)));
    TO.Gpu = Opts.Gpu.empty() ? nullptr : findGpu(Opts.Gpu);
    TO.KernelSmem = Opts.Smem;
    TO.KernelRegs = Opts.Regs; // 0: the planner estimates
    TdrDirectives Dirs = attachTdrPragmas(Ctx, *Pragmas);
    emitTdrWarnings(Ctx, Pragmas->Warnings);
    TO.Directives = &Dirs;
    llvm::Expected<PassManager> PM = PassManager::create(Opts.Transforms, TO);
    // A template's instantiations become specializations, which no
    // launcher chooses between: rewritten as with --keep-original=false.
    TransformOptions TemplateTO = TO;
    TemplateTO.KeepOriginal = false;
    llvm::Expected<PassManager> TemplatePM =
        PassManager::create(Opts.Transforms, TemplateTO);
    if (!PM || !TemplatePM) {
      Result.InternalError = llvm::toString(
          PM ? TemplatePM.takeError() : PM.takeError());
      return;
    }
    ExplainReport Report(SM);
    EditList Edits;
    unsigned Launchers = 0; // CUDA launchers written so far
    Result.Cuda = Dl.Cuda;
    bool Header = Opts.LauncherHeader && Dl.Cuda;
    std::vector<const FunctionDecl *> Unchanged; // to unfold: left unchanged, or stopped by a macro
    for (const FunctionDecl *K : Collector.Kernels) {
      if (K->isTemplateInstantiation())
        continue; // explained with its template
      ++Result.Kernels;
      if (K->isTemplated()) { // CUDA: a __global__ template
        templateKernel(Ctx, K, *TemplatePM, TemplateTO, Dl, Edits, Report,
                       Unchanged);
        if (Header)
          Result.Launchers.push_back({K->getNameAsString(), "",
                                      "a template: tdrc writes no launcher "
                                      "for templates", {}});
        continue;
      }
      // Idempotence: a kernel tdrc rewrote, split, or added as a split's
      // part is a no-op, with a remark.
      const char *Done = alreadyRewritten(SM, K) ? "rewritten"
                         : namedBySplitDescriptor(
                               SM.getBufferData(SM.getMainFileID()),
                               K->getName())
                             ? "split"
                             : nullptr;
      if (Done) {
        leaveAlone(Ctx, K,
                   "kernel '" + K->getNameAsString() + "' was already " +
                       Done + " by tdrc; left unchanged",
                   std::string("already ") + Done + " by tdrc", Report);
        if (Header)
          Result.Launchers.push_back(existingLauncher(Ctx, K));
        continue;
      }
      if (auto [Remark, Why] = whyKeptWhole(Ctx, Collector, K); !Why.empty()) {
        leaveAlone(Ctx, K, Remark, Why, Report);
        continue;
      }
      if (isKeptOriginal(K->getName())) { // --keep-original's copy
        leaveAlone(Ctx, K,
                   "kernel '" + K->getNameAsString() +
                       "' is an original kept by tdrc; left unchanged",
                   "an original kept by tdrc --keep-original", Report);
        continue;
      }
      KernelOutcome Outcome = PM->run(Ctx, K, Dl, Edits);
      if (Opts.KeepOriginal && Outcome.Emitted && !Outcome.Changed.empty())
        keepOriginalOf(Ctx, K, Outcome, Edits, Launchers, Header);
      else if (Dl.Cuda && !Opts.DeviceOnly && Outcome.Emitted &&
               Outcome.Sequence && Outcome.Changed.empty())
        splitLauncherOf(Ctx, K, Outcome, Edits, Launchers, Header);
      else if (Header)
        plainLauncherOf(Ctx, K, Outcome, Edits);
      Result.RemappedBranches += Outcome.ChangedStatements;
      noteStrideLoops(Ctx, K, Outcome, Result,
                      Unfold.Tokens ? &Unfold.Strides : nullptr,
                      Unfold.Strided);
      bool Changed = Outcome.Emitted && !Outcome.Changed.empty();
      Result.ChangedKernels += Changed;
      Unfold.Statements[K->getNameAsString()] =
          Changed ? Outcome.ChangedStatements : 0;
      if (Changed)
        Unfold.Changed.push_back(K->getNameAsString());
      if (!Changed || llvm::any_of(Outcome.Entries, [](const Explanation &E) {
            return stoppedByMacro(E);
          }))
        Unchanged.push_back(K);
      if (Outcome.Emitted && Outcome.AddedKernels)
        Unfold.Added[K->getNameAsString()] = Outcome.AddedKernels;
      Outcome.Summary += foldBack(K, Edits);
      for (Explanation &E : helperBranchNotes(Ctx, K))
        Outcome.Entries.push_back(std::move(E));
      Report.add(Outcome);
    }
    if (Unfold.Tokens && !Unchanged.empty())
      Unfold.Found = findMacroUnfolds(Ctx, *Unfold.Tokens, Unchanged);
    if (!Unfold.Found.empty() || !Unfold.Strides.empty())
      Unfold.MainText = SM.getBufferData(SM.getMainFileID()).str();
    Result.Explain = Report.lines();
    std::string Json;
    llvm::raw_string_ostream JS(Json);
    JS << llvm::json::Value(Report.json(
        SM.getFileEntryRefForID(SM.getMainFileID())->getName(), Dl.Cuda));
    Result.ExplainJson = std::move(Json);
    StringRef Code = SM.getBufferData(SM.getMainFileID());
    llvm::Expected<std::string> Out = Edits.apply(
        SM.getFileEntryRefForID(SM.getMainFileID())->getName(), Code);
    if (!Out) {
      Result.InternalError = llvm::toString(Out.takeError());
      return;
    }
    Result.Output = std::move(*Out);
    Result.ParsedOK = true;
  }

private:
  /// The unfolded invocations in K that no edit touched go back as they
  /// were written; the others are named for --explain.
  std::string foldBack(const FunctionDecl *K, EditList &Edits) {
    std::vector<const MacroUnfold *> Kept;
    for (const UnfoldedSource::Span &S : Unfold.Unfolded) {
      if (S.Kernel->Kernel != K->getNameAsString())
        continue;
      if (Edits.touches(S.Begin, S.End))
        Kept.push_back(S.Unfold);
      else
        Edits.replace(S.Begin, S.End - S.Begin, S.Unfold->Spelled);
    }
    return unfoldSummary(Kept);
  }
  /// --keep-original: the copy, the descriptor, and in CUDA the launcher;
  /// what was done goes to --explain's kernel line.
  void keepOriginalOf(ASTContext &Ctx, const FunctionDecl *K,
                      KernelOutcome &Outcome, EditList &Edits,
                      unsigned &Launchers, bool Header) {
    bool Cuda = Ctx.getLangOpts().CUDA;
    LauncherDeclaration D;
    if (Header)
      D = launcherDeclaration(Ctx, K);
    KeptOriginal KO = keepOriginal(
        Ctx, K, Outcome.Launch, Cuda,
        HostSide{Opts.DeviceOnly, Launchers == 0, !D.Text.empty()}, Edits);
    std::string NotDeclared; // said last, after what was kept
    if (Header) {
      if (!KO.Launcher && D.Why.empty())
        D.Why = KO.Kept ? KO.Note : "no original kept: " + KO.Why;
      if (!KO.Launcher)
        D.Text.clear();
      else if (!D.Why.empty())
        NotDeclared = "; its launcher is not in the launcher header (" +
                      D.Why + ")";
      Result.Launchers.push_back(std::move(D));
    }
    if (KO.Kept)
      keptOriginalSummary(K, KO, Outcome, Launchers);
    else
      Outcome.Summary += "; no original kept (" + KO.Why + ")";
    Outcome.Summary += NotDeclared;
  }
  /// What --keep-original kept, on the kernel's --explain line.
  static void keptOriginalSummary(const FunctionDecl *K,
                                  const KeptOriginal &KO,
                                  KernelOutcome &Outcome,
                                  unsigned &Launchers) {
    Outcome.Summary += "; original kept as '" +
                       originalKernelName(K->getName()) + "'";
    Outcome.Kept = KernelOutcome::KeptOriginal{
        originalKernelName(K->getName()),
        KO.Launcher ? K->getNameAsString() + "_tdr_launch" : "",
        KO.LaunchSites};
    if (KO.Launcher) { // the first one carries the shared host code
      ++Launchers;
      Outcome.Summary += ", " + std::to_string(KO.LaunchSites) +
                         " launch(es) choose through '" +
                         K->getNameAsString() + "_tdr_launch'";
    }
    if (!KO.Note.empty())
      Outcome.Summary += "; " + KO.Note;
  }
  /// CUDA, a kernel left as it was beside its split plans: the launcher
  /// that chooses between them, which the file's launches call.
  void splitLauncherOf(ASTContext &Ctx, const FunctionDecl *K,
                       KernelOutcome &Outcome, EditList &Edits,
                       unsigned &Launchers, bool Header) {
    LauncherDeclaration D;
    if (Header)
      D = launcherDeclaration(Ctx, K);
    SplitLauncher L = addSplitLauncher(Ctx, K, *Outcome.Sequence,
                                       Launchers == 0, !D.Text.empty(), Edits);
    std::string N = K->getNameAsString() + "_tdr_launch";
    if (!L.Written) {
      Outcome.Summary += "; no launcher runs the split plans (" + L.Note + ")";
      if (Header) {
        D.Text.clear();
        D.Why = L.Note;
        Result.Launchers.push_back(std::move(D));
      }
      return;
    }
    ++Launchers; // the first one carries the shared host code
    Outcome.Summary += "; " + std::to_string(L.Sites) +
                       " launch(es) choose through '" + N + "'";
    if (!L.Note.empty())
      Outcome.Summary += "; " + L.Note;
    if (Header)
      Result.Launchers.push_back(std::move(D));
  }
  /// --launcher-header, a CUDA kernel tdrc left unchanged: a launcher that
  /// just launches it, so that other files need not know what tdrc decided.
  void plainLauncherOf(ASTContext &Ctx, const FunctionDecl *K,
                       KernelOutcome &Outcome, EditList &Edits) {
    std::string N = K->getNameAsString() + "_tdr_launch";
    if (!Outcome.Changed.empty()) { // some edits could not be placed
      Result.Launchers.push_back({K->getNameAsString(), "",
                                  "its rewrite was not completed", {}});
      return;
    }
    if (findLauncher(Ctx, K)) { // written by an earlier run
      Result.Launchers.push_back(existingLauncher(Ctx, K));
      return;
    }
    LauncherDeclaration D = launcherDeclaration(Ctx, K);
    if (!D.Text.empty() && !addPlainLauncher(Ctx, K, Edits, D.Why))
      D.Text.clear();
    if (!D.Text.empty())
      Outcome.Summary += "; unchanged: '" + N +
                         "' launches it (--launcher-header)";
    Result.Launchers.push_back(std::move(D));
  }
  /// A kernel template: its instantiations, as specializations after it.
  /// Unchanged: where none was written, an instantiation, whose macros
  /// the next parse may unfold (in the template's text).
  void templateKernel(ASTContext &Ctx, const FunctionDecl *K, PassManager &PM,
                      TransformOptions &TO, const Dialect &Dl,
                      EditList &Edits, ExplainReport &Report,
                      std::vector<const FunctionDecl *> &Unchanged) {
    TemplateOutcome T = rewriteTemplateKernel(Ctx, K, PM, TO, Dl, Edits);
    if (!T.Why.empty())
      return leaveAlone(Ctx, K,
                        "kernel template '" + K->getNameAsString() +
                            "' left unchanged: " + T.Why,
                        T.Why, Report);
    std::string Unfolded = foldBack(K, Edits); // the template's own text
    for (InstantiationOutcome &I : T.Instantiations) {
      if (I.Written)
        Result.RemappedBranches += I.Outcome.ChangedStatements;
      I.Outcome.Summary += Unfolded;
      Report.add(I.Outcome);
    }
    Result.ChangedKernels += T.Written > 0;
    if (T.Written)
      Unfold.Changed.push_back(K->getNameAsString());
    else
      Unchanged.push_back(T.Instantiations.front().Outcome.Kernel);
  }
  /// A kernel tdrc does not plan: a remark and the --explain line.
  void leaveAlone(ASTContext &Ctx, const FunctionDecl *K,
                  const std::string &Remark, const std::string &Why,
                  ExplainReport &Report) {
    DiagnosticsEngine &D = Ctx.getDiagnostics();
    D.Report(K->getLocation(),
             D.getCustomDiagID(DiagnosticsEngine::Remark, "%0"))
        << Remark;
    Report.addUntouched(K, Why);
  }
  /// Whether the kernel body starts with the marker tdrc writes at the top
  /// of every kernel it changes (RewrittenMarker), i.e. it is tdrc's output.
  static bool alreadyRewritten(const SourceManager &SM, const FunctionDecl *K) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(K->getBody());
    if (!Body)
      return false;
    SourceLocation L = Body->getLBracLoc();
    if (L.isInvalid() || L.isMacroID() || !SM.isInMainFile(L))
      return false;
    StringRef Text = SM.getBufferData(SM.getMainFileID())
                         .substr(SM.getFileOffset(L));
    return Text.consume_front("{") &&
           (Text.ltrim().starts_with(RewrittenMarker) ||
            Text.ltrim().starts_with(SpecializationMarker));
  }
  const RewriteOptions &Opts;
  RewriteResult &Result;
  std::shared_ptr<TdrPragmaLog> Pragmas; // `#pragma tdr` lines, while parsing
  UnfoldPass &Unfold;
};

/// The files the preprocessor enters (and __has_include finds), for
/// --depfile: -isystem headers count (they are the user's), Clang's own
/// resource headers (opencl-c-base.h) do not: they change with the compiler.
class DepCollector : public DependencyCollector {
  bool needSystemDependencies() override { return true; }
  bool sawDependency(StringRef File, bool FromModule, bool IsSystem,
                     bool IsModuleFile, bool IsMissing) override {
    if (IsMissing || File.starts_with("<")) // <built-in>, <stdin>
      return false;
    llvm::SmallString<256> P(File);
    llvm::sys::path::remove_dots(P);
    StringRef Res = TDRC_CLANG_RESOURCE_DIR, Rest = P;
    return !(Rest.consume_front(Res) &&
             (Rest.empty() || llvm::sys::path::is_separator(Rest[0])));
  }
};

class TdrcAction : public ASTFrontendAction {
public:
  TdrcAction(const RewriteOptions &Opts, RewriteResult &Result,
             UnfoldPass &Unfold, bool FindUnfolds)
      : Opts(Opts), Result(Result), Unfold(Unfold), FindUnfolds(FindUnfolds) {}
  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI,
                                                 StringRef) override {
    // The preprocessor exists but has not entered the main file yet.
    Deps.attachToPreprocessor(CI.getPreprocessor());
    if (FindUnfolds)
      Unfold.Tokens = std::make_unique<ExpansionRecorder>(CI.getPreprocessor());
    return std::make_unique<TdrcConsumer>(
        Opts, Result, registerTdrPragmas(CI.getPreprocessor()), Unfold);
  }
  void EndSourceFileAction() override {
    for (StringRef D : Deps.getDependencies()) {
      llvm::SmallString<256> P(D);
      llvm::sys::fs::make_absolute(P);
      llvm::sys::path::remove_dots(P); // "..": not across symlinks
      std::string S(P); // "k.cl" and "./k.cl" are one file
      if (!llvm::is_contained(Result.Dependencies, S))
        Result.Dependencies.push_back(std::move(S));
    }
  }

private:
  const RewriteOptions &Opts;
  RewriteResult &Result;
  UnfoldPass &Unfold;
  bool FindUnfolds;
  DepCollector Deps;
};

class TdrcActionFactory : public tooling::FrontendActionFactory {
public:
  TdrcActionFactory(const RewriteOptions &Opts, RewriteResult &Result,
                    UnfoldPass &Unfold, bool FindUnfolds)
      : Opts(Opts), Result(Result), Unfold(Unfold), FindUnfolds(FindUnfolds) {}
  std::unique_ptr<FrontendAction> create() override {
    return std::make_unique<TdrcAction>(Opts, Result, Unfold, FindUnfolds);
  }
  /// libTooling reports the command line's errors (`-cl-std=x.1`) and then
  /// parses anyway; stop there, as clang does.
  bool runInvocation(std::shared_ptr<CompilerInvocation> Invocation,
                     FileManager *Files,
                     std::shared_ptr<PCHContainerOperations> PCH,
                     DiagnosticConsumer *Diags) override {
    if (Diags && Diags->getNumErrors() > 0)
      return false;
    return FrontendActionFactory::runInvocation(std::move(Invocation), Files,
                                                std::move(PCH), Diags);
  }

private:
  const RewriteOptions &Opts;
  RewriteResult &Result;
  UnfoldPass &Unfold;
  bool FindUnfolds;
};

/// Drops every diagnostic but counts them (runInvocation reads the count).
struct CountingIgnorer : DiagnosticConsumer {
  void HandleDiagnostic(DiagnosticsEngine::Level L,
                        const Diagnostic &Info) override {
    DiagnosticConsumer::HandleDiagnostic(L, Info);
  }
};

/// The parser flags: OpenCL C 1.2 unless the user picks a standard (or
/// CUDA's device-side flags, CudaParsing.h), the real resource directory (a
/// libTooling binary would guess it from its own path), and no warnings
/// (tdrc reports errors only; the user's compiler warns).  tdrc's own
/// `#pragma tdr` warnings bypass `-w` (emitTdrWarnings).
std::vector<std::string> parserFlags(const RewriteOptions &Opts,
                                     const CudaSetup *Cuda) {
  std::vector<std::string> Flags = {"-w",
                                    "-resource-dir=" TDRC_CLANG_RESOURCE_DIR};
  if (Cuda) {
    Flags.insert(Flags.begin(), Cuda->Flags.begin(), Cuda->Flags.end());
  } else {
    Flags.insert(Flags.begin(), "-xcl");
    bool HasStd = false;
    for (const std::string &A : Opts.ClangArgs)
      HasStd |= llvm::StringRef(A).starts_with("-cl-std=");
    if (!HasStd)
      Flags.push_back("-cl-std=CL1.2");
  }
  Flags.insert(Flags.end(), Opts.ClangArgs.begin(), Opts.ClangArgs.end());
  return Flags;
}

/// Runs tdrc on File (mapped to Code when given) with the right parser;
/// the first parse also finds macro invocations to unfold.
RewriteResult parseOnce(const std::string &File, const std::string *Code,
                        const RewriteOptions &Opts, bool Quiet, bool Capture,
                        UnfoldPass &Unfold, bool FindUnfolds) {
  RewriteResult Result;
  std::optional<CudaSetup> Cuda;
  if (isCudaInput(File, Opts.ClangArgs)) {
    Cuda = cudaSetup(Opts.CudaPath, Opts.CudaPrelude, Opts.ClangArgs);
    if (!Cuda->Warning.empty())
      Result.Warnings.push_back(Cuda->Warning);
  }
  std::vector<std::string> Flags = parserFlags(Opts, Cuda ? &*Cuda : nullptr);
  tooling::FixedCompilationDatabase DB(".", Flags);
  tooling::ClangTool Tool(DB, {File});
  // Clang's diagnostics say what is wrong; no "Error while processing".
  Tool.setPrintErrorMessage(false);
  if (Code)
    Tool.mapVirtualFile(File, *Code); // an in-memory file over the real ones
  if (Cuda)
    for (auto &[Path, Text] : Cuda->Files)
      Tool.mapVirtualFile(Path, Text);
  // tdrc's own consumers (libTooling's default one does not reach
  // runInvocation, which must see the command line's errors): none,
  // captured, or stderr with the options the flags ask for, as clang's.
  CountingIgnorer Ignore;
  llvm::raw_string_ostream Captured(Result.Diagnostics);
  std::vector<const char *> Argv = {"tdrc"};
  for (const std::string &F : Flags)
    Argv.push_back(F.c_str());
  std::unique_ptr<DiagnosticOptions> StderrOpts =
      CreateAndPopulateDiagOpts(Argv);
#if CLANG_VERSION_MAJOR >= 21
  DiagnosticOptions DiagOpts;
  TextDiagnosticPrinter Printer(Captured, DiagOpts);
  TextDiagnosticPrinter Stderr(llvm::errs(), *StderrOpts);
#else
  TextDiagnosticPrinter Printer(Captured, new DiagnosticOptions);
  TextDiagnosticPrinter Stderr(llvm::errs(), StderrOpts.release());
#endif
  Tool.setDiagnosticConsumer(Quiet ? static_cast<DiagnosticConsumer *>(&Ignore)
                             : Capture ? &Printer
                                       : &Stderr);
  TdrcActionFactory Factory(Opts, Result, Unfold, FindUnfolds);
  if (Tool.run(&Factory) != 0)
    Result.ParsedOK = false;
  if (Cuda) // the prelude lives in memory: no build system can stat it
    llvm::erase_if(Result.Dependencies, [&](const std::string &D) {
      return llvm::any_of(Cuda->Files,
                          [&](const auto &F) { return F.first == D; });
    });
  return Result;
}

/// Parses File; then, if kernels it left unchanged spell code in macros that
/// a transform would edit, parses it again with those invocations unfolded;
/// the unfolded text stays only where an edit touched it (foldBack).  The
/// first parse's grid-stride loops go to Strides (its text to MainText);
/// Strided are those this text has rewritten.
RewriteResult runUnfolding(const std::string &File, const std::string *Code,
                           const RewriteOptions &Opts, bool Quiet, bool Capture,
                           std::vector<StrideLoop> &Strides,
                           std::string &MainText,
                           llvm::ArrayRef<StrideLoop> Strided) {
  UnfoldPass First;
  First.Strided = Strided;
  RewriteResult R1 =
      parseOnce(File, Code, Opts, Quiet, Capture, First, /*FindUnfolds=*/true);
  Strides = std::move(First.Strides);
  MainText = First.MainText;
  if (!R1.ParsedOK || !R1.InternalError.empty() || First.Found.empty())
    return R1;
  std::vector<const KernelUnfolds *> All;
  for (const KernelUnfolds &K : First.Found)
    All.push_back(&K);
  UnfoldedSource Src = applyUnfolds(First.MainText, All);
  UnfoldPass Second;
  Second.Unfolded = Src.Spans;
  Second.Strided = Strided;
  RewriteResult R =
      parseOnce(File, &Src.Text, Opts, /*Quiet=*/true, false, Second, false);
  if (!R.ParsedOK || !R.InternalError.empty()) {
    R1.Warnings.push_back("kernels with macros unfolded did not parse (a "
                          "tdrc bug, please report it); left as they were");
    return R1;
  }
  UnfoldVerdict V = unfoldVerdict(First, Second, All);
  if (V == UnfoldVerdict::First)
    return R1;
  R.Output = V == UnfoldVerdict::Unfolded ? dropUnfoldMarkers(R.Output)
                                          : std::move(R1.Output);
  R.Dependencies = std::move(R1.Dependencies);
  R.Diagnostics = std::move(R1.Diagnostics);
  R.Warnings = std::move(R1.Warnings); // the setup's: the same each parse
  return R;
}

/// runUnfolding, and again with grid-stride loops rewritten where that
/// takes more branches (GridStrideStage.h).
RewriteResult run(const std::string &File, const std::string *Code,
                  const RewriteOptions &Opts, bool Quiet,
                  bool Capture = false) {
  return withStrideLoops([&](const std::string *Text,
                             llvm::ArrayRef<StrideLoop> Strided) {
    StrideParse P;
    P.R = Text ? runUnfolding(File, Text, Opts, /*Quiet=*/true, false,
                              P.Found, P.MainText, Strided)
               : runUnfolding(File, Code, Opts, Quiet, Capture, P.Found,
                              P.MainText, Strided);
    return P;
  });
}

} // namespace

RewriteResult rewriteFile(const std::string &Path, const RewriteOptions &Opts) {
  return run(Path, nullptr, Opts, false);
}

RewriteResult rewriteBuffer(const std::string &Code, const std::string &Name,
                            const RewriteOptions &Opts, bool Quiet) {
  return run(Name, &Code, Opts, Quiet);
}

RewriteResult rewriteBufferCapturing(const std::string &Code,
                                     const std::string &Name,
                                     const RewriteOptions &Opts) {
  return run(Name, &Code, Opts, false, true);
}

} // namespace tdrc
