//===- TransformRegistry.cpp - The transforms tdrc has, and --transforms= -===//
#include "tdrc/TDR/BranchSplit/BranchSplitTransform.h"
#include "tdrc/TDR/LoopSplit/LoopSplitTransform.h"
#include "tdrc/TDR/Meld/MeldTransform.h"
#include "tdrc/TDR/PathUnify/PathUnifyTransform.h"
#include "tdrc/TDR/Remap/RemapTransform.h"
#include "tdrc/TDR/Transform.h"
#include "tdrc/TDR/WorkPool/WorkPoolTransform.h"
#include "llvm/Support/GlobPattern.h"

namespace tdrc {

// A new transform adds its row here (docs/design.md, "Adding a transform").
static const TransformInfo Registry[] = {
    {"remap",
     "thread-data remapping: regroup a work-group's work-items by the path "
     "they take (Lin, Wang & Liu, TACO 2018)",
     makeRemapTransform, /*Default=*/true},
    {"dwa",
     "dynamic work assignment: a loop whose trip count varies by work-item "
     "takes its items from a pool of several work-groups' items (Kato, Suda "
     "& Tamada)",
     makeWorkPoolTransform, /*Default=*/true},
    {"meld",
     "control-flow melding: the two similar sides of a divergent if/else "
     "become one, differing operands selected (after DARM, CGO'22)",
     makeMeldTransform, /*Default=*/true},
    // Off by default until GPU measurements show where it pays
    // (docs/bpu.md): --transforms=bpu or #pragma tdr transforms(bpu).
    {"bpu",
     "branch path unification: each work-item runs the items of several "
     "work-groups, path by path, so a warp's lanes take one side of a "
     "divergent branch together (Kato, Suda & Tamada)",
     makePathUnifyTransform, /*Default=*/false},
    // Off by default: it pays only where the host runs the launch plan and
    // measures it (docs/split.md): --transforms=split or #pragma tdr split.
    {"split",
     "branch splitting: one kernel per path of a divergent branch, run one "
     "after another, so a light path runs at its own occupancy (Carrillo, "
     "Siegel & Li, CF'09)",
     makeBranchSplitTransform, /*Default=*/false},
    // Off by default: whether it pays is known only after compilation (the
    // registers) and at launch (docs/loopsplit.md): --transforms=loopsplit
    // or `#pragma tdr split` before a loop.
    {"loopsplit",
     "loop splitting: a loop whose statements form independent groups "
     "becomes one loop per group, each carrying only its own state "
     "(Carrillo, Siegel & Li, CF'09)",
     makeLoopSplitTransform, /*Default=*/false},
};

llvm::ArrayRef<TransformInfo> registeredTransforms() { return Registry; }

const TransformInfo *findTransform(llvm::StringRef Name) {
  for (const TransformInfo &T : Registry)
    if (Name == T.Name)
      return &T;
  return nullptr;
}

llvm::Expected<std::vector<std::string>> selectTransforms(llvm::StringRef Spec) {
  std::vector<bool> On;
  for (const TransformInfo &T : Registry)
    On.push_back(T.Default);
  llvm::SmallVector<llvm::StringRef, 4> Items;
  Spec.split(Items, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef Item : Items) {
    Item = Item.trim();
    if (Item.empty())
      continue;
    bool Enable = !Item.consume_front("-");
    llvm::Expected<llvm::GlobPattern> Glob = llvm::GlobPattern::create(Item);
    if (!Glob)
      return Glob.takeError();
    bool Any = false;
    for (size_t I = 0; I < std::size(Registry); ++I)
      if (Glob->match(Registry[I].Name)) {
        On[I] = Enable;
        Any = true;
      }
    if (!Any) {
      std::string Known;
      for (const TransformInfo &T : Registry)
        Known += std::string(Known.empty() ? "" : ", ") + T.Name;
      return llvm::createStringError(
          "'" + Item.str() + "' names no transform (known: " + Known + ")");
    }
  }
  std::vector<std::string> Out;
  for (size_t I = 0; I < std::size(Registry); ++I)
    if (On[I])
      Out.push_back(Registry[I].Name);
  return Out;
}

} // namespace tdrc
