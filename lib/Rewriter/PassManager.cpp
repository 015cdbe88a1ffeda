//===- PassManager.cpp - Run the enabled transforms over one kernel -------===//
#include "tdrc/Rewriter/PassManager.h"
#include "llvm/Support/FormatVariadic.h"
#include "tdrc/TDR/Directives.h"
#include "clang/Basic/SourceManager.h"
#include <algorithm>
#include <cmath>

using namespace clang;

namespace tdrc {

llvm::Expected<PassManager> PassManager::create(llvm::StringRef Spec,
                                                const TransformOptions &Opts) {
  llvm::Expected<std::vector<std::string>> Names = selectTransforms(Spec);
  if (!Names)
    return Names.takeError();
  std::vector<std::unique_ptr<Transform>> T;
  for (const std::string &N : *Names)
    T.push_back(findTransform(N)->Make());
  return PassManager(std::move(T), Opts);
}

/// Whether claim G beats claim O on the models' gains (both in weighted
/// operations per work-item, functions of the loop lengths): at least as
/// large at the model's default length, and keeping at least Keep of O's
/// gain per iteration of every loop, so that a long loop does not turn
/// the choice around.  Keep is below 1 because remap's gain assumes a
/// perfect regrouping, which its rounds reach to 94-97% (the launch-time
/// choice's kernels against the sorted input, docs/benchmarks.md), while a
/// meld's selects are counted.
static bool beats(const SymbolicCost &G, const SymbolicCost &O) {
  constexpr double Keep = 0.9;
  if (G.at(PathCost::DefaultTrips) <= O.at(PathCost::DefaultTrips))
    return false;
  for (const auto &[Key, Coef] : O.Terms) {
    auto It = G.Terms.find(Key);
    double Mine = It == G.Terms.end() ? 0 : It->second;
    if (Coef > 0 && Mine < Keep * Coef)
      return false;
  }
  return true;
}

void PassManager::settleClaims(std::vector<Planned> &Plans, KernelAnalyses &A,
                               std::vector<Explanation> &Notes) {
  for (size_t I = 0; I < Plans.size(); ++I)
    for (size_t J = I + 1; J < Plans.size(); ++J) {
      if (!Plans[I].Plan || !Plans[J].Plan)
        continue;
      // Taken before the loops: a plan that loses a statement may be
      // dropped while they run.
      auto ClaimsI = Plans[I].Plan->claims(), ClaimsJ = Plans[J].Plan->claims();
      for (auto [SI, GI] : ClaimsI)
        for (auto [SJ, GJ] : ClaimsJ) {
          if (!Plans[I].Plan || !Plans[J].Plan ||
              !(A.contains(SI, SJ) || A.contains(SJ, SI)))
            continue;
          // The larger estimated gain keeps it; ties go to registry order.
          // Two gains the models give as functions of the loop lengths
          // are weighed as such.
          std::optional<SymbolicCost> SymI = Plans[I].Plan->claimedGain(SI),
                                      SymJ = Plans[J].Plan->claimedGain(SJ);
          bool JWins = GJ > GI;
          if (SymI && SymJ)
            JWins = beats(*SymJ, *SymI) ? true
                    : beats(*SymI, *SymJ) ? false
                                          : JWins;
          // A gain that only a launch shows (dwa's, bpu's body) yields to
          // one a model estimates above zero (a meld's): MS's merge, melded,
          // ran 0.44x of the original on an H100, and its pool no faster.
          bool UnknownI = !SymI && Plans[I].Plan->launchCondition().MeasuredOnly,
               UnknownJ = !SymJ && Plans[J].Plan->launchCondition().MeasuredOnly;
          bool ModelBeatsLaunch = false;
          if (UnknownI && !UnknownJ && SymJ &&
              SymJ->at(PathCost::DefaultTrips) > 0)
            JWins = ModelBeatsLaunch = true;
          else if (UnknownJ && !UnknownI && SymI &&
                   SymI->at(PathCost::DefaultTrips) > 0) {
            JWins = false;
            ModelBeatsLaunch = true;
          }
          Planned &Win = JWins ? Plans[J] : Plans[I];
          Planned &Lose = JWins ? Plans[I] : Plans[J];
          const Stmt *Lost = JWins ? SI : SJ;
          Explanation E;
          E.Loc = Lost->getBeginLoc();
          E.Kind = "note";
          E.Note = true;
          E.Transform = Lose.T->name().str();
          // A claim of -infinity yields to every other (meld's); one of
          // +infinity is a pragma's request (split's).
          auto Gain = [](double G) {
            return std::isfinite(G) ? llvm::formatv("{0:F0}", G).str()
                   : G > 0          ? std::string("requested by '#pragma tdr'")
                                    : std::string("none");
          };
          std::string WinGain = Gain(JWins ? GJ : GI),
                      LoseGain = Gain(JWins ? GI : GJ);
          if (SymI && SymJ) {
            WinGain = (JWins ? *SymJ : *SymI).brief();
            LoseGain = (JWins ? *SymI : *SymJ).brief();
          } else if (ModelBeatsLaunch) {
            WinGain = (JWins ? *SymJ : *SymI).brief() +
                      " weighted operations per work-item";
            LoseGain = "a gain only a launch shows";
          }
          // Forced plans carry no estimates: the pipeline's order decides.
          std::string Why =
              GI == 0 && GJ == 0 && !SymI && !SymJ
                  ? "no estimates to weigh; the first in the pipeline keeps it"
                  : "estimated gain " + WinGain + " against " + LoseGain +
                        (SymI && SymJ ? " weighted operations per work-item"
                                      : "");
          E.Text = "the '" + Win.T->name().str() + "' transform changes " +
                   (Lost == A.Body ? "the kernel's body" : "the statement") +
                   " at " + A.loc(Lost->getBeginLoc()) + " (" + Why + ")";
          // A claim below every gain (meld's) yields without a note when
          // it gives the statement up alone and no model weighed it.
          bool Yields = !std::isfinite(JWins ? GI : GJ) && !(SymI && SymJ);
          if (!Lose.Plan->release(Lost)) {
            E.Text += "; the '" + Lose.T->name().str() +
                      "' transform leaves the kernel unchanged";
            Lose.Plan.reset();
            Yields = false;
          }
          if (!Yields)
            Notes.push_back(E);
        }
    }
}

/// The kernel pays when any changed plan does; beyond every plan's largest
/// work-group none does; measured only if any plan is.
static void addLaunchCondition(LaunchCondition &All, const LaunchCondition &C,
                               bool First) {
  if (First)
    All.When = C.When;
  else if (All.When.empty() || C.When.empty())
    All.When.clear();
  else
    All.When = "(" + All.When + ") || (" + C.When + ")";
  All.MaxWorkGroupSize = std::max(All.MaxWorkGroupSize, C.MaxWorkGroupSize);
  All.Margin = First ? C.Margin : std::max(All.Margin, C.Margin);
  // One plan the model cannot judge leaves the whole rewrite to measurement.
  All.MeasuredOnly = (!First && All.MeasuredOnly) || C.MeasuredOnly;
}

KernelOutcome PassManager::run(ASTContext &Ctx, const FunctionDecl *K,
                               const Dialect &D, EditList &Edits) {
  KernelOutcome Out;
  Out.Kernel = K;
  KernelAnalyses A(Ctx, K);
  StatementClaims Claims(A);
  SourceLanguage Lang = D.Cuda ? SourceLanguage::CUDA : SourceLanguage::OpenCL;
  // `#pragma tdr transforms(name)` reserves its branch for that transform;
  // a transform that is off by default (bpu, split) then runs on this
  // kernel whatever --transforms says (`#pragma tdr split` on a branch is
  // how one kernel asks for the split transform).  One on by default runs
  // only as --transforms says.
  std::vector<Transform *> Active;
  for (const std::unique_ptr<Transform> &T : Transforms)
    Active.push_back(T.get());
  std::vector<std::unique_ptr<Transform>> ByPragma;
  if (Opts.Directives)
    for (const auto &[B, D] : Opts.Directives->Branches)
      if (A.contains(A.Body, B))
        for (const auto &[Name, On] : D.Transforms) {
          if (!On)
            continue;
          Claims.claim(B, Name);
          bool Known = llvm::any_of(Active, [&](const Transform *T) {
            return T->name() == Name;
          });
          if (const TransformInfo *I = findTransform(Name);
              I && !I->Default && !Known) {
            ByPragma.push_back(I->Make());
            Active.push_back(ByPragma.back().get());
          }
        }
  std::vector<Planned> Plans;
  for (Transform *T : Active) {
    if (!T->supports(Lang))
      continue;
    // Every transform plans against the reservations alone: a statement two
    // plans want is settled below, in one place, from their estimates.
    KernelContext KC{Ctx, A, D, Opts, Claims};
    Plans.push_back({T, T->plan(KC)});
  }
  std::vector<Explanation> Notes;
  settleClaims(Plans, A, Notes);

  // Emission: a plan whose edits cannot all be placed changes nothing, and
  // its entries say so.
  std::string Why;
  for (Planned &P : Plans) {
    if (!P.Plan)
      continue;
    std::string PlanWhy;
    bool Ok = P.Plan->emit(Edits, PlanWhy);
    if (!Ok && Why.empty())
      Why = PlanWhy;
    Out.Emitted &= Ok;
    if (Ok) {
      Out.AddedKernels += P.Plan->addedKernels();
      if (std::optional<KernelSequence> S = P.Plan->launchSequence())
        Out.Sequence = std::move(*S);
    }
    if (Ok && P.Plan->changesKernel()) {
      Out.Changed.push_back(P.T->name().str());
      Out.ChangedStatements += P.Plan->changedStatements();
      Out.LocalBytes += P.Plan->needs().LocalBytes;
      addLaunchCondition(Out.Launch, P.Plan->launchCondition(),
                         Out.Changed.size() == 1);
    }
    // A transform with nothing to do in this kernel says nothing.
    std::string S = P.Plan->summary(Ok);
    if (!S.empty())
      Out.Summary += (Out.Summary.empty() ? "" : "; ") + S;
    for (Explanation E : P.Plan->explain()) {
      if (E.Transform.empty())
        E.Transform = P.T->name().str();
      if (E.Remapped && !Ok) {
        E.Remapped = false;
        E.Text = "(emission failed) " + E.Text;
        E.Reason = "emission failed: " + PlanWhy;
      }
      Out.Entries.push_back(std::move(E));
    }
  }
  if (Out.Summary.empty())
    Out.Summary = "0 branch(es) remapped";
  if (!Out.Emitted)
    Out.Summary += " (left unchanged: " + Why + ")";
  else if (Transforms.empty())
    Out.Summary += " (left unchanged: no transform is enabled)";
  for (Explanation &E : Notes)
    Out.Entries.push_back(std::move(E));
  const SourceManager &SM = Ctx.getSourceManager();
  std::stable_sort(Out.Entries.begin(), Out.Entries.end(),
                   [&](const Explanation &X, const Explanation &Y) {
                     return SM.isBeforeInTranslationUnit(
                         SM.getExpansionLoc(X.Loc), SM.getExpansionLoc(Y.Loc));
                   });
  return Out;
}

} // namespace tdrc
