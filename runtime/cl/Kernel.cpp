//===- Kernel.cpp - Launch helper and feedback loop -----------------------===//
#include "tdrc/runtime/Kernel.h"
#include "ProgramState.h"
#include "tdrc/runtime/FeedbackLayout.h"
#include <map>
#include <optional>

namespace tdrc::rt {

struct Kernel::State {
  std::shared_ptr<Program::State> Prog;
  std::string Name;
  std::map<unsigned, cl_kernel> Objects; // by requested N (0: default build)
  unsigned Next = 0;       // requested N of the next launch
  unsigned DefaultN = 0;   // N the default build reported
  cl_uint UserArgs = 0;
  bool Feedback = false, FeedbackOn = true;
  struct Arg {
    size_t Size = 0;
    std::vector<unsigned char> Bytes; // empty with a null value (local memory)
    bool Null = false;
  };
  std::vector<std::optional<Arg>> Args;
  cl_kernel Applied = nullptr; // the object that has every Arg
  std::optional<Buffer> Words;
  CostModel Model;
  std::vector<RoundFeedback> Last;
  std::vector<unsigned> Used;

  ~State() {
    for (auto &[N, K] : Objects)
      clReleaseKernel(K);
  }
  cl_kernel object(unsigned N);
  void apply(cl_kernel K, cl_uint Index, const Arg &A) {
    check(clSetKernelArg(K, Index, A.Size, A.Null ? nullptr : A.Bytes.data()),
          "clSetKernelArg");
  }
};

namespace {

/// Whether K's last parameter is tdrc's tdr_feedback.
bool lastIsFeedback(cl_kernel K, cl_uint NumArgs, const std::string &Source) {
  if (!NumArgs)
    return false;
  char Name[64] = "";
  cl_int Err = clGetKernelArgInfo(K, NumArgs - 1, CL_KERNEL_ARG_NAME,
                                  sizeof Name, Name, nullptr);
  if (Err == CL_KERNEL_ARG_INFO_NOT_AVAILABLE &&
      Source.find("tdr_feedback") == std::string::npos)
    return false; // no tdrc --feedback kernel in this program anyway
  if (Err == CL_INVALID_VALUE) // a longer name than tdr_feedback
    return false;
  check(Err, "clGetKernelArgInfo(CL_KERNEL_ARG_NAME)");
  return std::string(Name) == "tdr_feedback";
}

} // namespace

cl_kernel Kernel::State::object(unsigned N) {
  if (auto It = Objects.find(N); It != Objects.end())
    return It->second;
  cl_int Err = CL_SUCCESS;
  cl_kernel K =
      clCreateKernel(Program::State::wrap(Prog).build(N), Name.c_str(), &Err);
  check(Err, ("clCreateKernel(\"" + Name + "\")").c_str());
  Objects[N] = K;
  return K;
}

Kernel::Kernel(std::shared_ptr<Program::State> P, const std::string &Name)
    : S(std::make_shared<State>()) {
  S->Prog = std::move(P);
  S->Name = Name;
  cl_kernel K = S->object(0);
  cl_uint N = 0;
  check(clGetKernelInfo(K, CL_KERNEL_NUM_ARGS, sizeof N, &N, nullptr),
        "clGetKernelInfo(CL_KERNEL_NUM_ARGS)");
  S->Feedback = lastIsFeedback(K, N, S->Prog->Source);
  S->UserArgs = N - (S->Feedback ? 1 : 0);
  S->Args.resize(S->UserArgs);
  S->Applied = K;
}

const std::string &Kernel::name() const { return S->Name; }
cl_uint Kernel::numArgs() const { return S->UserArgs; }
bool Kernel::hasFeedback() const { return S->Feedback; }
unsigned Kernel::neighbors() const { return S->Next; }
const std::vector<unsigned> &Kernel::neighborsUsed() const { return S->Used; }
const std::vector<RoundFeedback> &Kernel::lastFeedback() const { return S->Last; }
cl_kernel Kernel::get() const { return S->object(S->Next); }
void Kernel::setFeedback(bool On) { S->FeedbackOn = On; }
void Kernel::setCostModel(const CostModel &M) { S->Model = M; }

void Kernel::setArg(cl_uint Index, size_t Size, const void *Value) {
  if (S->Feedback && Index == S->UserArgs)
    throw Error("kernel '" + S->Name + "': argument " + std::to_string(Index) +
                " is tdr_feedback, which the runtime sets");
  State::Arg A;
  A.Size = Size;
  A.Null = !Value;
  if (Value)
    A.Bytes.assign(static_cast<const unsigned char *>(Value),
                   static_cast<const unsigned char *>(Value) + Size);
  S->apply(get(), Index, A); // OpenCL judges the index, size and value
  S->Args[Index] = std::move(A);
}

void Kernel::launch(const std::vector<size_t> &Global,
                    const std::vector<size_t> &Local) {
  if (Global.empty() || Global.size() > 3 ||
      (!Local.empty() && Local.size() != Global.size()))
    throw Error("kernel '" + S->Name + "': launch wants 1 to 3 global sizes "
                "and as many local sizes, or none");
  cl_kernel K = get();
  if (K != S->Applied) { // a build for another N: the arguments so far
    for (cl_uint I = 0; I < S->UserArgs; ++I)
      if (S->Args[I])
        S->apply(K, I, *S->Args[I]);
    S->Applied = K;
  }
  bool Report = S->Feedback && S->FeedbackOn;
  if (S->Feedback) {
    cl_mem M = nullptr;
    if (Report) {
      if (!S->Words)
        S->Words.emplace(S->Prog->Ctx, TDR_FEEDBACK_WORDS * sizeof(uint32_t));
      std::vector<uint32_t> Zero(TDR_FEEDBACK_WORDS, 0);
      S->Words->write(Zero.data(), Zero.size() * sizeof(uint32_t));
      M = S->Words->get();
    }
    check(clSetKernelArg(K, S->UserArgs, sizeof M, Report ? &M : nullptr),
          "clSetKernelArg(tdr_feedback)");
  }
  check(clEnqueueNDRangeKernel(S->Prog->Ctx.queue(), K, cl_uint(Global.size()),
                               nullptr, Global.data(),
                               Local.empty() ? nullptr : Local.data(), 0,
                               nullptr, nullptr),
        "clEnqueueNDRangeKernel");
  if (!Report)
    return;
  std::vector<uint32_t> W(TDR_FEEDBACK_WORDS);
  S->Words->read(W.data(), W.size() * sizeof(uint32_t));
  S->Last = parseFeedback(W.data(), W.size());
  unsigned Used = reportedNeighbors(S->Last);
  if (!Used)
    return; // no DGI round ran: nothing to learn
  S->Used.push_back(Used);
  if (!S->Next)
    S->DefaultN = Used;
  unsigned Choice = chooseNeighbors(S->Last, Used, S->Model);
  S->Next = Choice == S->DefaultN ? 0 : Choice;
}

} // namespace tdrc::rt
