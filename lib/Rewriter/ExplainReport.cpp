//===- ExplainReport.cpp - --explain as text lines and as JSON ------------===//
#include "tdrc/Rewriter/ExplainReport.h"
#include "tdrc/Rewriter/TemplateKernels.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace tdrc {

std::string ExplainReport::where(const SourceManager &SM, SourceLocation L) {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return "<unknown>";
  return std::string(P.getFilename()) + ":" + std::to_string(P.getLine()) +
         ":" + std::to_string(P.getColumn());
}

llvm::json::Object ExplainReport::location(SourceLocation L) const {
  PresumedLoc P = SM.getPresumedLoc(SM.getExpansionLoc(L));
  if (P.isInvalid())
    return llvm::json::Object{{"file", nullptr}, {"line", 0}, {"column", 0}};
  return llvm::json::Object{{"file", P.getFilename()},
                            {"line", P.getLine()},
                            {"column", P.getColumn()}};
}

static llvm::json::Value orNull(const std::string &S) {
  return S.empty() ? llvm::json::Value(nullptr) : llvm::json::Value(S);
}

static llvm::json::Array strings(const std::vector<std::string> &V) {
  llvm::json::Array A;
  for (const std::string &S : V)
    A.push_back(S);
  return A;
}

/// --keep-original's copy, its launch condition and the CUDA launcher.
static llvm::json::Value original(const KernelOutcome &K) {
  if (!K.Kept)
    return nullptr;
  return llvm::json::Object{
      {"name", K.Kept->Name},
      {"when", K.Launch.When.empty() ? "1" : K.Launch.When},
      {"max_work_group_size", K.Launch.MaxWorkGroupSize},
      {"launcher", K.Kept->Launcher.empty()
                       ? llvm::json::Value(nullptr)
                       : llvm::json::Value(K.Kept->Launcher)},
      {"launches", K.Kept->Launches}};
}

void ExplainReport::add(const KernelOutcome &K) {
  std::string Head = where(SM, K.Kernel->getLocation()) + ": kernel '" +
                     kernelDisplayName(K.Kernel) + "': " + K.Summary;
  Lines.push_back(Head);
  llvm::json::Array Entries;
  for (const Explanation &E : K.Entries) {
    const char *Prefix = E.Note ? "" : E.Remapped ? "remapped: " : "unchanged: ";
    std::string Line = where(SM, E.Loc) + ": " + Prefix + E.Text;
    Lines.push_back(Line);
    llvm::json::Object O{
        {"location", location(E.Loc)},
        {"kind", E.Kind.empty() ? "branch" : E.Kind},
        {"action", E.Note ? "note" : E.Remapped ? "changed" : "unchanged"},
        {"transform", orNull(E.Transform)},
        {"text", Line},
        {"divergence", E.Divergence.empty()
                           ? llvm::json::Value(nullptr)
                           : llvm::json::Object{{"class", E.Divergence},
                                                {"cause", E.Cause}}},
        {"reason", E.Note || E.Remapped ? llvm::json::Value(nullptr)
                                        : orNull(E.Reason)},
        {"strategy", orNull(E.Strategy)},
        {"round", E.Round ? llvm::json::Value(E.Round)
                          : llvm::json::Value(nullptr)},
        {"migrates", strings(E.Migrates)},
        {"recomputes", strings(E.Recomputes)},
        {"global_fence", E.GlobalFence}};
    if (E.BeforeLoop.isValid()) // absent when the round is at its branch
      O["before_loop"] = location(E.BeforeLoop);
    if (E.Profit) {
      llvm::json::Object Est{{"cost", E.Profit->Cost},
                             {"gain", E.Profit->Gain},
                             {"verdict", E.Profit->Verdict},
                             {"condition", orNull(E.Profit->Condition)}};
      if (!E.Profit->Profile.empty()) // only with --cost-profile
        Est["cost_profile"] = E.Profit->Profile;
      O["estimate"] = std::move(Est);
    } else {
      O["estimate"] = nullptr;
    }
    Entries.push_back(std::move(O));
  }
  Kernels.push_back(llvm::json::Object{
      {"name", kernelDisplayName(K.Kernel)},
      {"location", location(K.Kernel->getLocation())},
      {"text", Head},
      {"changed", !K.Changed.empty()},
      {"transforms", strings(K.Changed)},
      {"changed_statements", K.ChangedStatements},
      {"local_memory_bytes", K.LocalBytes},
      {"unchanged_reason", nullptr},
      {"original", original(K)},
      {"entries", std::move(Entries)}});
}

void ExplainReport::addUntouched(const FunctionDecl *K, const std::string &Why) {
  std::string Head = where(SM, K->getLocation()) + ": kernel '" +
                     kernelDisplayName(K) +
                     "': 0 branch(es) remapped (left unchanged: " + Why + ")";
  Lines.push_back(Head);
  Kernels.push_back(llvm::json::Object{
      {"name", kernelDisplayName(K)},
      {"location", location(K->getLocation())},
      {"text", Head},
      {"changed", false},
      {"transforms", llvm::json::Array()},
      {"changed_statements", 0},
      {"local_memory_bytes", 0},
      {"unchanged_reason", Why},
      {"entries", llvm::json::Array()}});
}

llvm::json::Object ExplainReport::json(llvm::StringRef File, bool Cuda) const {
  return llvm::json::Object{{"file", File},
                            {"language", Cuda ? "cuda" : "opencl"},
                            {"kernels", llvm::json::Array(Kernels)}};
}

} // namespace tdrc
