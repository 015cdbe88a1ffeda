//===- TestAST.cpp --------------------------------------------------------===//
#include "TestAST.h"
#include "tdrc/Rewriter/CudaParsing.h"
#include "clang/ASTMatchers/ASTMatchFinder.h"
#include "clang/ASTMatchers/ASTMatchers.h"
#include "clang/Tooling/Tooling.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace clang::ast_matchers;

namespace tdrc::test {

ParsedCL parseCL(const std::string &Code) {
  ParsedCL P;
  P.AST = tooling::buildASTFromCodeWithArgs(
      Code, {"-xcl", "-cl-std=CL1.2", "-resource-dir=" TDRC_CLANG_RESOURCE_DIR},
      "input.cl");
  return P;
}

ParsedCL parseCUDA(const std::string &Code) {
  CudaSetup Setup = cudaSetup("", /*ForcePrelude=*/true, {});
  std::vector<std::string> Args = Setup.Flags;
  Args.push_back("-w");
  Args.push_back("-resource-dir=" TDRC_CLANG_RESOURCE_DIR);
  ParsedCL P;
  P.AST = tooling::buildASTFromCodeWithArgs(
      Code, Args, "input.cu", "clang-tool",
      std::make_shared<PCHContainerOperations>(),
      tooling::getClangStripDependencyFileAdjuster(), Setup.Files);
  return P;
}

const FunctionDecl *ParsedCL::function(const std::string &Name) {
  auto M = match(functionDecl(hasName(Name), isDefinition()).bind("f"), ctx());
  return M.empty() ? nullptr : M.front().getNodeAs<FunctionDecl>("f");
}

std::vector<const IfStmt *> ParsedCL::ifs(const std::string &Function) {
  std::vector<const IfStmt *> Out;
  auto M = match(
      ifStmt(hasAncestor(functionDecl(hasName(Function)))).bind("if"), ctx());
  for (auto &N : M)
    Out.push_back(N.getNodeAs<IfStmt>("if"));
  std::sort(Out.begin(), Out.end(), [&](const IfStmt *A, const IfStmt *B) {
    return ctx().getSourceManager().isBeforeInTranslationUnit(
        A->getBeginLoc(), B->getBeginLoc());
  });
  return Out;
}

std::vector<Dep> conditionClasses(ParsedCL &P) {
  EXPECT_TRUE(P.AST);
  const FunctionDecl *K = P.AST ? P.function("k") : nullptr;
  EXPECT_TRUE(K);
  std::vector<Dep> Out;
  if (!K)
    return Out;
  ThreadDependence TD(P.ctx(), K);
  TD.run();
  for (const IfStmt *If : P.ifs("k"))
    Out.push_back(TD.exprDep(If->getCond()).Level);
  return Out;
}

Planned planned(ParsedCL P, const PlannerOptions &Opts) {
  Planned R{std::move(P), {}};
  EXPECT_TRUE(R.P.AST);
  if (R.P.AST)
    R.Plan = planKernel(R.P.ctx(), R.P.function("k"), Opts);
  return R;
}

std::string liveSummary(const RemapRound &R) {
  std::string S;
  for (const LiveVar &L : R.Live)
    S += (L.How == LiveVar::Migrate ? "m:" : "r:") + L.name() + " ";
  return S;
}

} // namespace tdrc::test
