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

std::string buildLog(cl_program P, cl_device_id D) {
  size_t Size = 0;
  if (clGetProgramBuildInfo(P, D, CL_PROGRAM_BUILD_LOG, 0, nullptr, &Size) !=
      CL_SUCCESS)
    return "(no build log: clGetProgramBuildInfo failed)";
  std::string Log(Size, '\0');
  clGetProgramBuildInfo(P, D, CL_PROGRAM_BUILD_LOG, Size, Log.data(), nullptr);
  while (!Log.empty() && Log.back() == '\0')
    Log.pop_back();
  return Log;
}

} // namespace tdrc::rt
