//===- Registry.cpp - Shadow programs, paired kernels, mirrored arguments --===//
#include "Registry.h"
#include "RealCL.h"
#include "RewriteCache.h"
#include "ShadowBuild.h"
#include "Settings.h"
#include "Tables.h"
#include "../cl/KernelChoice.h"
#include "tdrc/runtime/Kernel.h"
#include <chrono>
#include <cstdio>
#include <map>
#include <memory>
#include <mutex>

namespace tdrc::intercept {

using rt::KernelChoice;
using rt::SetArg;
using rt::Variant;

namespace {

struct ProgramState {
  cl_context Context = nullptr;
  std::string Source;
  bool Compiled = false;       // clCompileProgram ran, with CompileOptions
  std::string CompileOptions;  // and no embedded headers
  cl_program Shadow = nullptr; // built from tdrc's output; null: none
  std::map<std::string, rt::VariantDescriptor> Variants;
};

struct KernelState {
  std::string Name;
  cl_kernel Rewritten = nullptr;
  std::unique_ptr<KernelChoice> Choice;
  rt::SetArgs Args;
  bool Pinned = false; // the rewrite could not follow: the original only
};

std::mutex Lock;
std::map<cl_program, std::shared_ptr<ProgramState>> Programs;
std::map<cl_kernel, std::shared_ptr<KernelState>> Kernels;

std::string hexHandle(const void *P) {
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%p", P);
  return Buf;
}

cl_uint numArgs(cl_kernel K) {
  cl_uint N = 0;
  if (clGetKernelInfo(K, CL_KERNEL_NUM_ARGS, sizeof N, &N, nullptr) !=
      CL_SUCCESS)
    return ~0u;
  return N;
}

std::string kernelName(cl_kernel K) {
  size_t Size = 0;
  if (clGetKernelInfo(K, CL_KERNEL_FUNCTION_NAME, 0, nullptr, &Size) !=
          CL_SUCCESS ||
      !Size)
    return "";
  std::string Name(Size, '\0');
  clGetKernelInfo(K, CL_KERNEL_FUNCTION_NAME, Size, Name.data(), nullptr);
  Name.resize(Name.find('\0'));
  return Name;
}

template <typename Map>
typename Map::mapped_type find(Map &M, typename Map::key_type H) {
  return findIn(Lock, M, H);
}

// The reference count a handle will drop from; ~0u when it cannot be read.
template <typename Handle, typename Query, typename Param>
cl_uint refCount(Handle H, Query Q, Param What) {
  cl_uint N = ~0u;
  if (Q(H, What, sizeof N, &N, nullptr) != CL_SUCCESS)
    return ~0u;
  return N;
}

} // namespace

void programCreated(cl_program P, cl_context C, cl_uint Count,
                    const char **Strings, const size_t *Lengths) {
  auto S = std::make_shared<ProgramState>();
  S->Context = C;
  for (cl_uint I = 0; I < Count; ++I)
    if (Strings[I])
      S->Source.append(Strings[I], Lengths && Lengths[I]
                                       ? Lengths[I]
                                       : std::char_traits<char>::length(Strings[I]));
  std::lock_guard<std::mutex> G(Lock);
  Programs[P] = std::move(S);
}

void programBuilding(cl_program P, cl_uint NumDevices,
                     const cl_device_id *Devices, const char *Options) {
  std::shared_ptr<ProgramState> S = find(Programs, P);
  if (!S)
    return;
  std::string Opts = Options ? Options : "";
  auto T0 = std::chrono::steady_clock::now();
  ProgramRewrite R = rewriteProgram(S->Source, Opts);
  auto T1 = std::chrono::steady_clock::now();
  std::string Id = "program " + hexHandle(P);
  if (settings().Explain && !R.Explain.empty())
    std::fprintf(stderr, "tdrc-intercept: %s: tdrc --explain\n%s", Id.c_str(),
                 R.Explain.c_str());
  std::string From = R.Cached ? " (cached)" : "";
  if (!R.Changed) {
    logLine(Id + ": original: " + R.Why + From);
    return;
  }
  ShadowBuild B = buildShadow(S->Context, R, NumDevices, Devices, Opts);
  if (!B.Program) {
    logLine(Id + ": original: " + B.Why);
    return;
  }
  cl_program Shadow = B.Program;
  if (B.FromBinary)
    From += R.Cached ? ", binary cached" : " (binary cached)";
  auto Ms = [](auto D) {
    return std::to_string(
        int(std::chrono::duration<double, std::milli>(D).count() + 0.5));
  };
  From += "; rewrite " + Ms(T1 - T0) + " ms, shadow build " +
          Ms(std::chrono::steady_clock::now() - T1) + " ms";
  std::lock_guard<std::mutex> G(Lock);
  if (S->Shadow) // built again: the old shadow goes with the old build
    real().ReleaseProgram(S->Shadow);
  S->Shadow = Shadow;
  S->Variants = rt::parseVariantDescriptors(R.Source);
  logLine(Id + ": rewritten" + From + ", " +
          std::to_string(S->Variants.size()) + " kernel(s) with a choice");
}

void programCompiling(cl_program P, const char *Options, cl_uint NumHeaders) {
  std::shared_ptr<ProgramState> S = find(Programs, P);
  if (!S)
    return;
  if (NumHeaders) { // program objects as headers: text tdrc cannot see
    logLine("program " + hexHandle(P) +
            ": original: clCompileProgram's embedded headers are not "
            "passed to tdrc");
    return;
  }
  std::lock_guard<std::mutex> G(Lock);
  S->Compiled = true;
  S->CompileOptions = Options ? Options : "";
}

void programLinked(cl_program L, cl_context C, cl_uint NumDevices,
                   const cl_device_id *Devices, const char *Options,
                   cl_uint NumInputs, const cl_program *Inputs) {
  if (NumInputs != 1 || !Inputs)
    return; // libraries linked together: no one source to rewrite
  std::shared_ptr<ProgramState> In = find(Programs, Inputs[0]);
  if (!In || !In->Compiled)
    return;
  auto S = std::make_shared<ProgramState>();
  S->Context = C;
  S->Source = In->Source;
  {
    std::lock_guard<std::mutex> G(Lock);
    Programs[L] = S;
  }
  std::string Opts = In->CompileOptions;
  if (Options && *Options)
    Opts += std::string(" ") + Options;
  programBuilding(L, NumDevices, Devices, Opts.c_str());
}

void programReleasing(cl_program P) {
  if (refCount(P, clGetProgramInfo, CL_PROGRAM_REFERENCE_COUNT) != 1)
    return;
  std::shared_ptr<ProgramState> S = takeOut(Lock, Programs, P);
  if (S && S->Shadow)
    real().ReleaseProgram(S->Shadow);
}

void kernelCreated(cl_program P, cl_kernel K) {
  std::shared_ptr<ProgramState> S = find(Programs, P);
  if (!S || !S->Shadow)
    return;
  std::string Name = kernelName(K);
  auto D = S->Variants.find(Name);
  if (D == S->Variants.end())
    return; // tdrc left this kernel as it was
  if (!settings().allows(Name)) {
    logLine("kernel " + Name + ": original (TDR_KERNELS/TDR_SKIP_KERNELS)");
    return;
  }
  auto KS = std::make_shared<KernelState>();
  KS->Name = Name;
  cl_int Err = CL_SUCCESS;
  KS->Rewritten = real().CreateKernel(S->Shadow, Name.c_str(), &Err);
  if (Err != CL_SUCCESS || !KS->Rewritten) {
    logLine("kernel " + Name + ": original (no rewritten kernel object)");
    return;
  }
  cl_uint N = numArgs(K);
  if (numArgs(KS->Rewritten) != N) {
    logLine("kernel " + Name + ": original (the rewrite has other parameters)");
    real().ReleaseKernel(KS->Rewritten);
    return;
  }
  try {
    KS->Choice = std::make_unique<KernelChoice>(KS->Rewritten, N, D->second);
  } catch (const std::exception &E) {
    logLine("kernel " + Name + ": original (" + E.what() + ")");
    real().ReleaseKernel(KS->Rewritten);
    return;
  }
  KS->Args.resize(N);
  logLine("kernel " + Name + ": rewrite and original, chosen per launch");
  std::lock_guard<std::mutex> G(Lock);
  Kernels[K] = std::move(KS);
}

void kernelReleasing(cl_kernel K) {
  if (refCount(K, clGetKernelInfo, CL_KERNEL_REFERENCE_COUNT) != 1)
    return;
  std::shared_ptr<KernelState> S;
  {
    std::lock_guard<std::mutex> G(Lock);
    auto It = Kernels.find(K);
    if (It == Kernels.end())
      return;
    S = It->second;
    Kernels.erase(It);
  }
  real().ReleaseKernel(S->Rewritten);
}

void argumentSet(cl_kernel K, cl_uint Index, size_t Size, const void *Value) {
  std::shared_ptr<KernelState> S = find(Kernels, K);
  if (!S)
    return;
  std::lock_guard<std::mutex> G(Lock);
  if (real().SetKernelArg(S->Rewritten, Index, Size, Value) != CL_SUCCESS) {
    if (!S->Pinned)
      logLine("kernel " + S->Name + ": original from now on (argument " +
              std::to_string(Index) + " does not apply to the rewrite)");
    S->Pinned = true;
    return;
  }
  if (Index >= S->Args.size())
    return;
  S->Args[Index] = SetArg::of(Size, Value);
}

void svmArgumentSet(cl_kernel K, cl_uint Index, const void *Value) {
  std::shared_ptr<KernelState> S = find(Kernels, K);
  if (!S)
    return;
  std::lock_guard<std::mutex> G(Lock);
  if (!real().SetKernelArgSVMPointer ||
      real().SetKernelArgSVMPointer(S->Rewritten, Index, Value) != CL_SUCCESS)
    S->Pinned = true;
}

void execInfoSet(cl_kernel K, cl_kernel_exec_info Name, size_t Size,
                 const void *Value) {
  std::shared_ptr<KernelState> S = find(Kernels, K);
  if (!S)
    return;
  std::lock_guard<std::mutex> G(Lock);
  if (!real().SetKernelExecInfo ||
      real().SetKernelExecInfo(S->Rewritten, Name, Size, Value) != CL_SUCCESS)
    S->Pinned = true;
}

namespace {

struct EventGuard {
  cl_event E = nullptr;
  ~EventGuard() {
    if (E)
      clReleaseEvent(E);
  }
};

// The runtime's timing of a profiled launch, without its exceptions.
double launchMillis(cl_event E) {
  try {
    return rt::eventMillis(E);
  } catch (const rt::Error &) {
    return -1;
  }
}

bool profiling(cl_command_queue Q) {
  cl_command_queue_properties P = 0;
  return clGetCommandQueueInfo(Q, CL_QUEUE_PROPERTIES, sizeof P, &P,
                               nullptr) == CL_SUCCESS &&
         (P & CL_QUEUE_PROFILING_ENABLE);
}

} // namespace

cl_int launch(cl_command_queue Q, cl_kernel K, cl_uint Dims,
              const size_t *Offset, const size_t *Global, const size_t *Local,
              cl_uint NumWait, const cl_event *Wait, cl_event *Event) {
  auto Enqueue = [&](cl_kernel Which, cl_event *E) {
    return real().EnqueueNDRangeKernel(Q, Which, Dims, Offset, Global, Local,
                                       NumWait, Wait, E);
  };
  std::shared_ptr<KernelState> S;
  try {
    S = find(Kernels, K);
  } catch (...) {
  }
  if (!S || S->Pinned || !Global || Dims == 0 || Dims > 3)
    return Enqueue(K, Event);
  rt::Bucket B;
  rt::ChoicePolicy::Decision D{Variant::Original, false};
  try { // nothing is enqueued yet: any failure runs the original
    std::lock_guard<std::mutex> G(Lock);
    std::optional<bool> When;
    B = S->Choice->bucket(std::vector<size_t>(Global, Global + Dims),
                          Local ? std::vector<size_t>(Local, Local + Dims)
                                : std::vector<size_t>(),
                          S->Args, When);
    D = S->Choice->Policy.choose(B, When);
  } catch (const std::exception &E) {
    logLine("kernel " + S->Name + ": original from now on (" + E.what() + ")");
    S->Pinned = true;
    return Enqueue(K, Event);
  }
  cl_kernel Which = D.V == Variant::Rewritten ? S->Rewritten : K;
  // A rewrite the implementation refuses to launch: the original, for good.
  auto Fallback = [&](cl_int Err) {
    if (Err == CL_SUCCESS || Which == K)
      return Err;
    logLine("kernel " + S->Name + ": original from now on (launching the "
            "rewrite failed: " + std::to_string(Err) + ")");
    S->Pinned = true;
    return Enqueue(K, Event);
  };
  if (!D.Timed)
    return Fallback(Enqueue(Which, Event));
  double Ms = -1;
  cl_int Err = CL_SUCCESS;
  if (profiling(Q)) {
    EventGuard Own;
    cl_event *E = Event ? Event : &Own.E;
    Err = Enqueue(Which, E);
    if (Err == CL_SUCCESS)
      Ms = launchMillis(*E);
  } else { // the queue is drained around the launch: the first few only
    clFinish(Q);
    auto T0 = std::chrono::steady_clock::now();
    Err = Enqueue(Which, Event);
    if (Err == CL_SUCCESS && clFinish(Q) == CL_SUCCESS)
      Ms = std::chrono::duration<double, std::milli>(
               std::chrono::steady_clock::now() - T0)
               .count();
  }
  if (Ms >= 0)
    try {
      std::lock_guard<std::mutex> G(Lock);
      S->Choice->Policy.report(B, D.V, Ms);
    } catch (...) { // a lost sample: the bucket is timed again
    }
  return Fallback(Err);
}

} // namespace tdrc::intercept
