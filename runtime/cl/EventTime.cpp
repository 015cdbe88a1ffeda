//===- EventTime.cpp - A profiled launch's time ---------------------------===//
//
// Apart from Kernel.cpp, so that what only times launches (the interceptor,
// tdrc-calibrate) links this and not the whole Kernel.
//
//===----------------------------------------------------------------------===//
#include "tdrc/runtime/Kernel.h"

namespace tdrc::rt {

double eventMillis(cl_event E) {
  check(clWaitForEvents(1, &E), "clWaitForEvents");
  cl_ulong Start = 0, End = 0;
  check(clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_START, sizeof Start,
                                &Start, nullptr),
        "clGetEventProfilingInfo(CL_PROFILING_COMMAND_START)");
  check(clGetEventProfilingInfo(E, CL_PROFILING_COMMAND_END, sizeof End, &End,
                                nullptr),
        "clGetEventProfilingInfo(CL_PROFILING_COMMAND_END)");
  return double(End - Start) * 1e-6;
}

} // namespace tdrc::rt
