//===- SplitLaunch.cpp - A split kernel's plan, run in its place -----------===//
#include "SplitLaunch.h"
#include <chrono>
#include <cstring>

namespace tdrc::rt {

namespace {

cl_kernel create(cl_program Built, const std::string &Name, cl_uint Args,
                 const std::string &Kernel) {
  cl_int Err = CL_SUCCESS;
  cl_kernel K = clCreateKernel(Built, Name.c_str(), &Err);
  check(Err, ("clCreateKernel(\"" + Name + "\")").c_str());
  cl_uint N = 0;
  check(clGetKernelInfo(K, CL_KERNEL_NUM_ARGS, sizeof N, &N, nullptr),
        "clGetKernelInfo(CL_KERNEL_NUM_ARGS)");
  if (N != Args) {
    clReleaseKernel(K);
    throw Error("split part '" + Name + "' of kernel '" + Kernel + "' has " +
                std::to_string(N) + " parameters, not " + std::to_string(Args));
  }
  return K;
}

/// The cl_mem an argument binds, or null.
cl_mem memOf(const std::optional<SetArg> &A) {
  if (!A || A->Null || A->Size != sizeof(cl_mem))
    return nullptr;
  cl_mem M;
  std::memcpy(&M, A->Bytes.data(), sizeof M);
  return M;
}

cl_ulong profile(cl_event E, cl_profiling_info What) {
  cl_ulong T = 0;
  check(clGetEventProfilingInfo(E, What, sizeof T, &T, nullptr),
        "clGetEventProfilingInfo");
  return T;
}

} // namespace

SplitLaunch::SplitLaunch(const Context &C, cl_program Built,
                         const SplitPlans &Plans, cl_uint UserArgs)
    : Ctx(C), Desc(Plans.Lists ? *Plans.Lists : *Plans.PerPath),
      UserArgs(UserArgs), Pending(UserArgs) {
  cl_uint Args = UserArgs + (lists() ? 1 : 0); // the lists buffer last
  try {
    if (lists())
      List = create(Built, Desc.List, Args, Desc.Kernel);
    for (const std::string &P : Desc.Parts)
      Parts.push_back(create(Built, P, Args, Desc.Kernel));
  } catch (...) {
    if (List)
      clReleaseKernel(List);
    for (cl_kernel K : Parts)
      clReleaseKernel(K);
    throw;
  }
}

SplitLaunch::~SplitLaunch() {
  if (List)
    clReleaseKernel(List);
  for (cl_kernel K : Parts)
    clReleaseKernel(K);
}

void SplitLaunch::setArg(cl_uint Index, const SetArg &A) {
  if (Index < UserArgs)
    Pending[Index] = A;
}

/// The buffer M is, or the one it is a sub-buffer of (sub-buffers of one
/// buffer, or of it, may overlap; OpenCL has no sub-buffers of sub-buffers).
static cl_mem rootOf(cl_mem M) {
  cl_mem Parent = nullptr;
  if (M && clGetMemObjectInfo(M, CL_MEM_ASSOCIATED_MEMOBJECT, sizeof Parent,
                              &Parent, nullptr) == CL_SUCCESS && Parent)
    return Parent;
  return M;
}

std::string SplitLaunch::aliased(const SetArgs &Args) const {
  for (unsigned R : Desc.Reads)
    for (unsigned W : Desc.Writes) {
      cl_mem MR = rootOf(R < Args.size() ? memOf(Args[R]) : nullptr);
      cl_mem MW = rootOf(W < Args.size() ? memOf(Args[W]) : nullptr);
      if (R != W && MR && MR == MW)
        return "one buffer (or sub-buffers of one) is its parameters " + std::to_string(R) +
               " (read before the branch) and " + std::to_string(W) +
               " (written)";
    }
  return "";
}

void SplitLaunch::enqueueAll(const std::vector<size_t> &Global,
                             const std::vector<size_t> &Local,
                             cl_event *First, cl_event *Last) {
  std::vector<cl_kernel> All = Parts;
  if (List)
    All.insert(All.begin(), List);
  for (cl_uint I = 0; I < UserArgs; ++I)
    if (Pending[I]) {
      for (cl_kernel K : All)
        check(clSetKernelArg(K, I, Pending[I]->Size,
                             Pending[I]->Null ? nullptr
                                              : Pending[I]->Bytes.data()),
              "clSetKernelArg");
      Pending[I].reset();
    }
  cl_command_queue Q = Ctx.queue();
  if (List) { // P counts and P lists of one entry per work-item
    size_t Items = 1;
    for (size_t G : Global)
      Items *= G;
    size_t Bytes = (Parts.size() + Parts.size() * Items) * sizeof(cl_uint);
    if (!Lists || Lists->size() < Bytes)
      Lists.emplace(Ctx, Bytes);
    cl_mem M = Lists->get();
    for (cl_kernel K : All)
      check(clSetKernelArg(K, UserArgs, sizeof M, &M), "clSetKernelArg(tdr_lists)");
    cl_uint Zero = 0;
    check(clEnqueueFillBuffer(Q, M, &Zero, sizeof Zero, 0,
                              Parts.size() * sizeof(cl_uint), 0, nullptr, First),
          "clEnqueueFillBuffer(tdr_lists)");
    First = nullptr;
  }
  for (size_t I = 0; I < All.size(); ++I) {
    cl_event *E = I + 1 == All.size() ? Last : I == 0 ? First : nullptr;
    check(clEnqueueNDRangeKernel(Q, All[I], cl_uint(Global.size()), nullptr,
                                 Global.data(),
                                 Local.empty() ? nullptr : Local.data(), 0,
                                 nullptr, E),
          "clEnqueueNDRangeKernel");
  }
}

double SplitLaunch::launch(const std::vector<size_t> &Global,
                           const std::vector<size_t> &Local, bool Timed,
                           bool Profiling, cl_event *EventOut) {
  cl_command_queue Q = Ctx.queue();
  if (!Timed) {
    enqueueAll(Global, Local, nullptr, EventOut);
    return 0;
  }
  if (Profiling) {
    cl_event First = nullptr, Last = nullptr;
    bool One = Parts.size() == 1 && !List; // First and Last the same launch
    enqueueAll(Global, Local, One ? nullptr : &First, &Last);
    check(clWaitForEvents(1, &Last), "clWaitForEvents");
    double Ms =
        double(profile(Last, CL_PROFILING_COMMAND_END) -
               profile(First ? First : Last, CL_PROFILING_COMMAND_START)) *
        1e-6;
    if (First)
      clReleaseEvent(First);
    if (EventOut)
      *EventOut = Last;
    else
      clReleaseEvent(Last);
    return Ms;
  }
  check(clFinish(Q), "clFinish");
  auto T0 = std::chrono::steady_clock::now();
  enqueueAll(Global, Local, nullptr, EventOut);
  check(clFinish(Q), "clFinish");
  std::chrono::duration<double, std::milli> D =
      std::chrono::steady_clock::now() - T0;
  return D.count();
}

} // namespace tdrc::rt
