//===- TestAST.h - Parse OpenCL C and CUDA snippets for unit tests --------===//
#ifndef TDRC_TEST_UNIT_TESTAST_H
#define TDRC_TEST_UNIT_TESTAST_H

#include "tdrc/TDR/Remap/RemapPlan.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "tdrc/TDR/ThreadDependence.h"
#include "clang/AST/ASTContext.h"
#include "clang/Frontend/ASTUnit.h"
#include <memory>
#include <string>
#include <vector>

namespace tdrc::test {

/// A translation unit (OpenCL C 1.2 or CUDA) built from a string.
struct ParsedCL {
  std::unique_ptr<clang::ASTUnit> AST;
  clang::ASTContext &ctx() { return AST->getASTContext(); }
  const clang::FunctionDecl *function(const std::string &Name);
  /// The if statements of a function, in source order.
  std::vector<const clang::IfStmt *> ifs(const std::string &Function);
};

ParsedCL parseCL(const std::string &Code);

/// CUDA device code, parsed as tdrc does with its built-in prelude (no
/// toolkit needed).
ParsedCL parseCUDA(const std::string &Code);

/// The class of each if condition in kernel `k`, in source order.
std::vector<Dep> conditionClasses(ParsedCL &P);

/// A translation unit and the plan of its kernel `k`.
struct Planned {
  ParsedCL P;
  KernelPlan Plan;
};

/// Plans kernel `k` of P with Opts.
Planned planned(ParsedCL P, const PlannerOptions &Opts);

/// The live variables of a round: "m:x " (migrated) or "r:x " (recomputed).
std::string liveSummary(const RemapRound &R);

} // namespace tdrc::test

#endif
