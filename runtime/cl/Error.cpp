//===- Error.cpp ----------------------------------------------------------===//
#include "tdrc/runtime/Error.h"
#include "tdr/cl_host.h"

namespace tdrc::rt {

static std::string describe(cl_int Code, const std::string &Call,
                            const std::string &Log) {
  std::string S = Call + " failed: " + errorName(Code) + " (" +
                  std::to_string(Code) + ")";
  if (!Log.empty())
    S += "\n" + Log;
  return S;
}

ClError::ClError(cl_int Code, std::string Call, std::string BuildLog)
    : Error(describe(Code, Call, BuildLog)), Code(Code), Call(std::move(Call)),
      BuildLog(std::move(BuildLog)) {}

const char *errorName(cl_int Code) { return tdrcl_error_string(Code); }

} // namespace tdrc::rt
