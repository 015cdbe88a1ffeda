//===- CudaSplitLauncher.cpp - CUDA: a launcher that runs a split plan ----===//
//
// The split transform leaves K as it was and adds its plans after it (the
// per-path parts, and where every ID read can be redirected the plan over
// per-path lists).  In CUDA nothing would launch them, so the launcher is
// written into the file, like --keep-original's: K_tdr_launch runs K or the
// plan, and the launch sites of K after its definition call it.
//
// Nothing before launch tells whether the plan pays (it depends on the
// paths the data takes), so only a measurement picks it: the first
// launches of each bucket alternate K and the plan, timed with events
// (TDR_CHOOSE=model runs K).  The plan is wrong where a buffer it reads
// before the branch is memory the kernel writes (a later part would read
// what an earlier one wrote), so a launch passing one allocation as both,
// or a pointer whose allocation the driver cannot name, runs K.
//
//===----------------------------------------------------------------------===//
#include "CudaLauncher.h"
#include "clang/AST/ASTContext.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tdrc {

namespace {

std::string join(const std::vector<std::string> &Kernels,
                 const std::string &Cfg, const std::string &Indent) {
  std::string Out;
  for (const std::string &K : Kernels)
    Out += Indent + K + Cfg;
  return Out;
}

/// The test that sends a launch to K: a parameter read before the branch
/// that may be memory a written one is; empty when there is none to make,
/// nullopt when a parameter is not a pointer the test can compare.
std::optional<std::string> aliasTest(const FunctionDecl *K,
                                     const KernelSequence &S) {
  std::string Test;
  for (unsigned R : S.Reads)
    for (unsigned W : S.Writes) {
      if (R == W)
        continue;
      if (R >= K->getNumParams() || W >= K->getNumParams())
        return std::nullopt;
      const ParmVarDecl *PR = K->getParamDecl(R), *PW = K->getParamDecl(W);
      if (!PR->getType()->isPointerType() || !PW->getType()->isPointerType())
        return std::nullopt;
      Test += std::string(Test.empty() ? "" : " ||\n      ") +
              "tdr_choice::tdr_may_overlap(" + PR->getNameAsString() + ", " +
              PW->getNameAsString() + ")";
    }
  return Test;
}

} // namespace

CudaLaunches cudaSplitLauncher(ASTContext &Ctx, const FunctionDecl *K,
                               const KernelSequence &S, const KernelText &T,
                               bool WithSupport, bool External) {
  CudaLaunches Out;
  std::string N = K->getNameAsString(), Launcher = N + "_tdr_launch";
  std::string Params, Args;
  if (!launcherParams(Ctx, K, Params, Args)) {
    Out.Note = NoLauncher;
    return Out;
  }
  std::optional<std::string> Alias = aliasTest(K, S);
  if (!Alias) {
    Out.Note = "no launcher: a parameter read before the branch or written "
               "is not a pointer, so one buffer passed as both could not be "
               "told";
    return Out;
  }
  std::string Inline;
  if (!placeChoiceSupport(Ctx, K, WithSupport, Out, Inline))
    return Out;
  const std::string Launch = "<<<tdr_grid, tdr_block, tdr_shmem, tdr_stream>>>";
  std::string Cfg = Launch + "(" + Args + ");\n";
  std::string ListCfg =
      Launch + "(" + Args + (Args.empty() ? "" : ", ") + "tdr_lists);\n";
  std::string Plan = "'" + S.Parts.front() + "' ..";
  if (!S.List.empty())
    Plan = "'" + S.List + "' then '" + S.ListParts.front() + "' .., or " + Plan;
  auto Note = [&](unsigned Bit, const std::string &Text) {
    return "tdr_choice::tdr_note(tdr_said, " + std::to_string(Bit) + "u, \"" + N +
           "\", \"" + Text + "\");\n";
  };
  std::string Body =
      "  static tdr_choice::TdrKernel tdr_kernel(\"" + N + "\", 0.99f, true);\n"
      "  static std::atomic<unsigned> tdr_said(0u); /* TDR_LOG: what ran */\n";
  if (!Alias->empty())
    Body += "  /* one allocation read before the branch and written: a later "
            "part would read what an earlier one wrote */\n"
            "  if (" + *Alias + ") {\n    " +
            Note(8, "a buffer read before the branch is in the allocation of "
                    "one it writes: runs unsplit") +
            "    " + N + Cfg + "    return;\n  }\n";
  Body += "  const unsigned tdr_wg = tdr_block.x * tdr_block.y * "
          "tdr_block.z;\n" +
          bucketKey("") + beginLaunch("true");
  if (!S.List.empty()) {
    std::vector<std::string> Listed{S.List};
    Listed.insert(Listed.end(), S.ListParts.begin(), S.ListParts.end());
    Body += "  static tdr_choice::TdrLists tdr_lists_of;\n"
            "  std::unique_lock<std::mutex> tdr_hold;\n"
            "  unsigned int *tdr_lists = tdr_l.tdr_remapped ? tdr_lists_of.tdr_get(" +
            std::to_string(S.Parts.size()) +
            "u, tdr_grid, tdr_block, tdr_stream, tdr_hold) : nullptr;\n"
            "  if (tdr_lists) {\n    " +
            Note(4, "runs the split plan over per-path lists") +
            join(Listed, ListCfg, "    ") + "  } else if (tdr_l.tdr_remapped) {\n";
  } else {
    Body += "  if (tdr_l.tdr_remapped) {\n";
  }
  Body += "    " + Note(2, "runs the split plan's path kernels") +
          join(S.Parts, Cfg, "    ") + "  } else {\n    " +
          Note(1, "runs unsplit") + "    " + N + Cfg + "  }\n";
  if (!S.List.empty())
    Body += "  if (tdr_hold.owns_lock())\n    tdr_hold.unlock();\n";
  Body += "  tdr_kernel.tdr_end(tdr_l, tdr_stream);\n}\n";
  Out.Launcher = "\n" + Inline + "/* tdrc: runs '" + N + "' or its split plan (" +
                 Plan + "), whichever is faster for this launch */\n" +
                 launcherHead(Launcher, External, Params) + Body;
  rewriteLaunchSites(Ctx, K, T, Launcher, "they run the kernel unsplit", Out);
  noteOtherUses(Ctx, K, {}, Out);
  return Out;
}

SplitLauncher addSplitLauncher(ASTContext &Ctx, const FunctionDecl *K,
                               const KernelSequence &S, bool WithSupport,
                               bool External, EditList &E) {
  SplitLauncher Out;
  std::optional<KernelText> T =
      kernelText(Ctx.getSourceManager(), K, Out.Note);
  if (!T)
    return Out;
  CudaLaunches L = cudaSplitLauncher(Ctx, K, S, *T, WithSupport, External);
  Out.Note = L.Note;
  if (L.Launcher.empty())
    return Out;
  Out.Written = true;
  Out.Sites = unsigned(L.Sites.size());
  E.insert(T->End, L.Launcher);
  applySites(L, E);
  return Out;
}

} // namespace tdrc
