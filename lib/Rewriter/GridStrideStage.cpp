//===- GridStrideStage.cpp - The parse with grid-stride loops rewritten ---===//
#include "GridStrideStage.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace tdrc {

void noteStrideLoops(ASTContext &Ctx, const FunctionDecl *K,
                     KernelOutcome &Outcome, RewriteResult &Result,
                     std::vector<StrideLoop> *Found,
                     llvm::ArrayRef<StrideLoop> Strided) {
  std::vector<SourceLocation> Varying;
  for (const Explanation &E : Outcome.Entries) {
    if (Outcome.Emitted && E.Remapped && E.Transform == "remap") {
      ++Result.RemapBranches;
      ++Result.RemapPerKernel[K->getNameAsString()];
    }
    if (!E.Remapped && E.Transform == "remap" &&
        E.Text.find("trip count varies by") != std::string::npos)
      Varying.push_back(E.Loc);
  }
  if (Found)
    for (StrideLoop &L : findStrideLoops(Ctx, K, Varying))
      Found->push_back(std::move(L));
  Outcome.Summary += strideSummary(Strided, K->getName());
}

RewriteResult withStrideLoops(StrideParser Parse) {
  StrideParse First = Parse(nullptr, {});
  RewriteResult &R1 = First.R;
  if (!R1.ParsedOK || !R1.InternalError.empty() || First.Found.empty())
    return std::move(R1);
  std::vector<StrideLoop> Loops = std::move(First.Found);
  auto Again = [&] {
    std::string Text = applyStrideLoops(First.MainText, Loops);
    return Parse(&Text, Loops).R;
  };
  RewriteResult R2 = Again();
  if (!R2.ParsedOK || !R2.InternalError.empty())
    return std::move(R1);
  // The loops of kernels that did not gain go back as they were written.
  auto Gain = [&](const StrideLoop &L) {
    return R2.RemapPerKernel[L.Kernel] > R1.RemapPerKernel[L.Kernel];
  };
  if (!llvm::all_of(Loops, Gain)) {
    std::vector<StrideLoop> Gained;
    llvm::copy_if(Loops, std::back_inserter(Gained), Gain);
    if (Gained.empty())
      return std::move(R1);
    Loops = std::move(Gained);
    R2 = Again();
    if (!R2.ParsedOK || !R2.InternalError.empty())
      return std::move(R1);
  }
  if (R2.RemapBranches <= R1.RemapBranches)
    return std::move(R1);
  R2.Dependencies = std::move(R1.Dependencies);
  R2.Diagnostics = std::move(R1.Diagnostics);
  R2.Warnings = std::move(R1.Warnings); // the setup's: the same each parse
  return R2;
}

} // namespace tdrc
