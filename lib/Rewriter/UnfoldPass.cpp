//===- UnfoldPass.cpp - Which parse's output stands -----------------------===//
#include "UnfoldPass.h"
#include "llvm/ADT/STLExtras.h"

namespace tdrc {

namespace {
unsigned unfoldCount(const std::map<std::string, unsigned> &M,
                     const std::string &K) {
  auto I = M.find(K);
  return I == M.end() ? 0 : I->second;
}
} // namespace

UnfoldVerdict unfoldVerdict(const UnfoldPass &First, const UnfoldPass &Second,
                            llvm::ArrayRef<const KernelUnfolds *> All) {
  bool Changed = false;
  for (const KernelUnfolds *K : All) {
    if (llvm::is_contained(First.Changed, K->Kernel)) {
      unsigned Before = unfoldCount(First.Statements, K->Kernel);
      unsigned After = unfoldCount(Second.Statements, K->Kernel);
      if (After < Before)
        return UnfoldVerdict::First;
      Changed |= After > Before;
      continue;
    }
    Changed |= llvm::is_contained(Second.Changed, K->Kernel) ||
               unfoldCount(Second.Added, K->Kernel) >
                   unfoldCount(First.Added, K->Kernel);
  }
  return Changed ? UnfoldVerdict::Unfolded : UnfoldVerdict::Neither;
}

} // namespace tdrc
