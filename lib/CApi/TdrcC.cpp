//===- TdrcC.cpp - include/tdrc/tdrc.h over the rewriter ------------------===//
//
// The C API is a thin shell: options through OptionValues (the checks the
// tdrc driver uses), the rewrite through rewriteBufferCapturing, and every
// string of the answer owned by the result.  Nothing here may throw or
// abort on bad input: a NULL pointer or a bad option is TDRC_USAGE_ERROR.
//
//===----------------------------------------------------------------------===//
#include "tdrc/tdrc.h"
#include "tdrc/Rewriter/OptionValues.h"
#include "tdrc/Rewriter/TdrcFrontend.h"
#include <mutex>
#include <new>
#include <string>
#include <vector>

#define TDRC_EXPORT extern "C" __attribute__((visibility("default")))

struct tdrc_result {
  int Status = TDRC_USAGE_ERROR;
  std::string Source, Explain, ExplainJson, Diagnostics;
  unsigned Changed = 0;
};

namespace {

tdrc_result *usageError(tdrc_result *R, const std::string &Message) {
  R->Status = TDRC_USAGE_ERROR;
  R->Diagnostics = "tdrc: error: " + Message + "\n";
  return R;
}

std::string joinLines(const std::vector<std::string> &Lines) {
  std::string Text;
  for (const std::string &L : Lines)
    Text += L + "\n";
  return Text;
}

} // namespace

TDRC_EXPORT tdrc_result *tdrc_rewrite(const char *Source, size_t Size,
                                      const char *Name,
                                      const char *const *Options) {
  tdrc_result *R = new (std::nothrow) tdrc_result;
  if (!R)
    return nullptr;
  if (!Source && Size)
    return usageError(R, "the source is NULL");
  if (!Name || !*Name)
    return usageError(R, "the source needs a file name (its extension "
                         "picks the language)");
  std::vector<std::string> Words;
  for (const char *const *O = Options; O && *O; ++O)
    Words.emplace_back(*O);
  tdrc::OptionValues V;
  tdrc::RewriteOptions Opts;
  if (auto E = tdrc::parseOptionWords(Words, V, Opts.ClangArgs))
    return usageError(R, E->Message);
  if (auto E = tdrc::applyOptionValues(V, Opts)) {
    if (E->Diagnostic) { // the cost profile's own file:line:col line
      R->Diagnostics = E->Message + "\n";
      return R;
    }
    return usageError(R, E->Message);
  }
  // One rewrite at a time: the tool was written for one file per process.
  static std::mutex Serial;
  std::unique_lock<std::mutex> Lock(Serial);
  tdrc::RewriteResult Res = tdrc::rewriteBufferCapturing(
      std::string(Source ? Source : "", Size), Name, Opts);
  Lock.unlock();
  R->Diagnostics = Res.Diagnostics;
  for (const std::string &W : Res.Warnings)
    R->Diagnostics += "tdrc: warning: " + W + "\n";
  if (!Res.InternalError.empty())
    return usageError(R, "internal error on '" + std::string(Name) +
                             "': " + Res.InternalError);
  if (!Res.ParsedOK) {
    R->Status = TDRC_INPUT_ERROR;
    return R;
  }
  R->Status = TDRC_OK;
  R->Source = std::move(Res.Output);
  R->Explain = joinLines(Res.Explain);
  R->ExplainJson = std::move(Res.ExplainJson);
  R->Changed = Res.ChangedKernels;
  return R;
}

TDRC_EXPORT int tdrc_result_status(const tdrc_result *R) {
  return R ? R->Status : TDRC_USAGE_ERROR;
}

TDRC_EXPORT const char *tdrc_result_source(const tdrc_result *R,
                                           size_t *Size) {
  if (Size)
    *Size = R ? R->Source.size() : 0;
  return R ? R->Source.c_str() : "";
}

TDRC_EXPORT const char *tdrc_result_explain(const tdrc_result *R) {
  return R ? R->Explain.c_str() : "";
}

TDRC_EXPORT const char *tdrc_result_explain_json(const tdrc_result *R) {
  return R ? R->ExplainJson.c_str() : "";
}

TDRC_EXPORT const char *tdrc_result_diagnostics(const tdrc_result *R) {
  return R ? R->Diagnostics.c_str() : "";
}

TDRC_EXPORT unsigned tdrc_result_kernels_changed(const tdrc_result *R) {
  return R ? R->Changed : 0;
}

TDRC_EXPORT void tdrc_result_free(tdrc_result *R) { delete R; }

TDRC_EXPORT const char *tdrc_version(void) { return "tdrc " TDRC_VERSION; }
