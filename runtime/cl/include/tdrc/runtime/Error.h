//===- Error.h - What the tdrc runtime throws ------------------------------===//
//
// Every failure is an exception, never a status to forget: ClError for an
// OpenCL call that did not return CL_SUCCESS (its code, the call, and for
// clBuildProgram the whole build log), Error for the rest (a file that cannot
// be read, TDR_DISABLE without an original to load, a bad feedback buffer).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_ERROR_H
#define TDRC_RUNTIME_ERROR_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <stdexcept>
#include <string>

namespace tdrc::rt {

class Error : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

class ClError : public Error {
public:
  /// What() reads "CALL failed: CL_NAME (CODE)", then the build log if any.
  ClError(cl_int Code, std::string Call, std::string BuildLog = "");
  cl_int code() const { return Code; }
  const std::string &call() const { return Call; }
  /// The device's complete build log (clBuildProgram failures), else "".
  const std::string &buildLog() const { return BuildLog; }

private:
  cl_int Code;
  std::string Call, BuildLog;
};

/// The symbolic name of an OpenCL error code, e.g. "CL_INVALID_VALUE".
const char *errorName(cl_int Code);

/// P's build log on D, for error messages (never throws).
std::string buildLog(cl_program P, cl_device_id D);

/// Throws ClError(Code, Call) unless Code is CL_SUCCESS.
inline void check(cl_int Code, const char *Call) {
  if (Code != CL_SUCCESS)
    throw ClError(Code, Call);
}

} // namespace tdrc::rt

#endif
