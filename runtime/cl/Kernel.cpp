//===- Kernel.cpp - Launch helper, feedback loop, choice of variant -------===//
#include "tdrc/runtime/Kernel.h"
#include "KernelChoice.h"
#include "ProgramState.h"
#include "SplitLaunch.h"
#include "tdrc/runtime/FeedbackLayout.h"
#include <cstdio>
#include <chrono>
#include <map>
#include <optional>
#include <set>

namespace tdrc::rt {

struct Kernel::State {
  std::shared_ptr<Program::State> Prog;
  std::string Name;
  /// Kernel objects by requested N (0: default build), by Variant.
  std::map<unsigned, cl_kernel> Objects[2];
  unsigned Next = 0;       // requested N of the next launch
  unsigned DefaultN = 0;   // N the default build reported
  cl_uint UserArgs = 0;
  bool Feedback = false, FeedbackOn = true;
  SetArgs Args;
  cl_kernel Applied[2] = {nullptr, nullptr}; // the objects that have every Arg
  /// With a choice, an argument goes to the variant that launched last; the
  /// other's object gets it when it launches (Pending[V][I]), so that a
  /// settled choice costs no clSetKernelArg beyond the caller's.
  std::vector<bool> Pending[2];
  /// The last untimed decision and the sizes it was for: a launch with the
  /// same sizes and no bucket-keying argument changed since reuses it
  /// without building the bucket again (launch-bound kernels, such as a
  /// bitonic sort's hundreds of short steps, pay for every microsecond).
  struct {
    bool Valid = false;
    std::vector<size_t> Global, Local;
    Variant V = Variant::Original;
  } Memo;
  std::optional<Buffer> Words;
  CostModel Model;
  std::vector<RoundFeedback> Last;
  std::vector<unsigned> Used;
  // tdrc --keep-original: the choice between the two variants.
  std::optional<KernelChoice> Choice;
  // tdrc's split transform: the plan runs as the "rewritten" variant, K
  // itself as the original.
  std::unique_ptr<SplitLaunch> Split;
  std::optional<Variant> LastVariant;
  unsigned Launches[2] = {0, 0};
  bool Profiling = false; // the queue has CL_QUEUE_PROFILING_ENABLE
  cl_event *EventOut = nullptr; // launch's caller wants the launch's event
  /// Kernel objects launched at a local size already: a first launch may
  /// compile (PoCL builds the work-group function then), so its time does
  /// not count.
  std::set<std::pair<cl_kernel, std::vector<size_t>>> Warm;

  ~State() {
    for (auto &Objs : Objects)
      for (auto &[N, K] : Objs)
        clReleaseKernel(K);
  }
  cl_kernel object(unsigned N, Variant V = Variant::Rewritten);
  cl_kernel ready(Variant V);
  ChoicePolicy::Decision decide(const std::vector<size_t> &Global,
                                const std::vector<size_t> &Local, Bucket &B);
  void apply(cl_kernel K, cl_uint Index, const SetArg &A) {
    check(clSetKernelArg(K, Index, A.Size, A.Null ? nullptr : A.Bytes.data()),
          "clSetKernelArg");
  }
  double enqueue(cl_kernel K, const std::vector<size_t> &Global,
                 const std::vector<size_t> &Local, bool Timed);
  double launchRewritten(const std::vector<size_t> &Global,
                         const std::vector<size_t> &Local, bool Timed);
  void initChoice(const VariantDescriptor &D);
  void initSplit(const SplitPlans &Plans);
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

cl_uint kernelNumArgs(cl_kernel K) {
  cl_uint N = 0;
  check(clGetKernelInfo(K, CL_KERNEL_NUM_ARGS, sizeof N, &N, nullptr),
        "clGetKernelInfo(CL_KERNEL_NUM_ARGS)");
  return N;
}

/// Releases an event however the scope is left.
struct EventGuard {
  cl_event E = nullptr;
  ~EventGuard() {
    if (E)
      clReleaseEvent(E);
  }
};

} // namespace

/// The kernel object of variant V in the build for N: the rewrite is the
/// kernel's own name, the original the name its descriptor gives.
cl_kernel Kernel::State::object(unsigned N, Variant V) {
  std::map<unsigned, cl_kernel> &Objs = Objects[int(V)];
  if (auto It = Objs.find(N); It != Objs.end())
    return It->second;
  const std::string &KName =
      V == Variant::Original ? Choice->descriptor().Original : Name;
  cl_int Err = CL_SUCCESS;
  cl_kernel K =
      clCreateKernel(Program::State::wrap(Prog).build(N), KName.c_str(), &Err);
  check(Err, ("clCreateKernel(\"" + KName + "\")").c_str());
  Objs[N] = K;
  return K;
}

/// V's object for the next launch, with every argument set so far.
cl_kernel Kernel::State::ready(Variant V) {
  cl_kernel K = object(Next, V);
  std::vector<bool> &P = Pending[int(V)];
  bool All = K != Applied[int(V)]; // a build for another N: every argument
  for (cl_uint I = 0; I < UserArgs; ++I) {
    if (Args[I] && (All || P[I]))
      apply(K, I, *Args[I]);
    P[I] = false;
  }
  Applied[int(V)] = K;
  return K;
}

/// The variant of a launch with a choice (B: its bucket where it was built).
ChoicePolicy::Decision Kernel::State::decide(const std::vector<size_t> &Global,
                                             const std::vector<size_t> &Local,
                                             Bucket &B) {
  if (Memo.Valid && Memo.Global == Global && Memo.Local == Local)
    return {Memo.V, false};
  std::optional<bool> When;
  B = Choice->bucket(Global, Local, Args, When);
  ChoicePolicy::Decision D = Choice->Policy.choose(B, When);
  Memo.Valid = !D.Timed;
  if (Memo.Valid) {
    Memo.Global = Global;
    Memo.Local = Local;
    Memo.V = D.V;
  }
  return D;
}

void Kernel::State::initChoice(const VariantDescriptor &D) {
  Choice.emplace(object(0), UserArgs, D);
  cl_kernel O = object(0, Variant::Original);
  if (kernelNumArgs(O) != UserArgs)
    throw Error("kernel '" + Name + "' has " + std::to_string(UserArgs) +
                " parameters (without tdr_feedback) but its original '" +
                D.Original + "' has " + std::to_string(kernelNumArgs(O)));
  Applied[int(Variant::Original)] = O;
  cl_command_queue_properties Props = 0;
  check(clGetCommandQueueInfo(Prog->Ctx.queue(), CL_QUEUE_PROPERTIES,
                              sizeof Props, &Props, nullptr),
        "clGetCommandQueueInfo(CL_QUEUE_PROPERTIES)");
  Profiling = Props & CL_QUEUE_PROFILING_ENABLE;
}

/// A split kernel chooses between its plan and itself by measurement alone:
/// no `when` (the model says "measure"), any work-group size.
void Kernel::State::initSplit(const SplitPlans &Plans) {
  VariantDescriptor D;
  D.Kernel = D.Original = Name;
  D.MaxWg = 1u << 20;
  initChoice(D);
  Split = std::make_unique<SplitLaunch>(
      Prog->Ctx, Program::State::wrap(Prog).build(0), Plans, UserArgs);
}

/// Enqueues K; Timed: waits for it and gives its time in milliseconds (the
/// event's with a profiling queue, else the host's around a clFinish, after
/// one that waits for the work queued before).
double Kernel::State::enqueue(cl_kernel K, const std::vector<size_t> &Global,
                              const std::vector<size_t> &Local, bool Timed) {
  cl_command_queue Q = Prog->Ctx.queue();
  auto Enqueue = [&](cl_event *E) {
    check(clEnqueueNDRangeKernel(Q, K, cl_uint(Global.size()), nullptr,
                                 Global.data(),
                                 Local.empty() ? nullptr : Local.data(), 0,
                                 nullptr, E),
          "clEnqueueNDRangeKernel");
  };
  if (!Timed) {
    Enqueue(EventOut);
    return 0;
  }
  if (Profiling) {
    EventGuard G;
    Enqueue(&G.E);
    if (EventOut) { // the caller's reference, beside the guard's
      check(clRetainEvent(G.E), "clRetainEvent");
      *EventOut = G.E;
    }
    return eventMillis(G.E);
  }
  check(clFinish(Q), "clFinish");
  auto T0 = std::chrono::steady_clock::now();
  Enqueue(EventOut);
  check(clFinish(Q), "clFinish");
  std::chrono::duration<double, std::milli> D =
      std::chrono::steady_clock::now() - T0;
  return D.count();
}

Kernel::Kernel(std::shared_ptr<Program::State> P, const std::string &Name)
    : S(std::make_shared<State>()) {
  S->Prog = std::move(P);
  S->Name = Name;
  cl_kernel K = S->object(0);
  cl_uint N = kernelNumArgs(K);
  S->Feedback = lastIsFeedback(K, N, S->Prog->Source);
  S->UserArgs = N - (S->Feedback ? 1 : 0);
  S->Args.resize(S->UserArgs);
  for (std::vector<bool> &P : S->Pending)
    P.assign(S->UserArgs, false);
  S->Applied[int(Variant::Rewritten)] = K;
  if (auto It = S->Prog->Variants.find(Name); It != S->Prog->Variants.end())
    S->initChoice(It->second);
  else if (auto Sp = S->Prog->Splits.find(Name);
           Sp != S->Prog->Splits.end() && !S->Feedback)
    S->initSplit(Sp->second);
}

const std::string &Kernel::name() const { return S->Name; }
cl_uint Kernel::numArgs() const { return S->UserArgs; }
bool Kernel::hasFeedback() const { return S->Feedback; }
unsigned Kernel::neighbors() const { return S->Next; }
const std::vector<unsigned> &Kernel::neighborsUsed() const { return S->Used; }
const std::vector<RoundFeedback> &Kernel::lastFeedback() const { return S->Last; }
cl_kernel Kernel::get() const { return S->ready(Variant::Rewritten); }
void Kernel::setFeedback(bool On) { S->FeedbackOn = On; }
void Kernel::setCostModel(const CostModel &M) { S->Model = M; }
bool Kernel::hasChoice() const { return S->Choice.has_value(); }
const ChoicePolicy *Kernel::choice() const {
  return S->Choice ? &S->Choice->Policy : nullptr;
}
cl_kernel Kernel::getOriginal() const {
  return S->Choice ? S->ready(Variant::Original) : nullptr;
}
std::optional<Variant> Kernel::lastVariant() const { return S->LastVariant; }
unsigned Kernel::launches(Variant V) const { return S->Launches[int(V)]; }

void Kernel::setArg(cl_uint Index, size_t Size, const void *Value) {
  if (S->Feedback && Index == S->UserArgs)
    throw Error("kernel '" + S->Name + "': argument " + std::to_string(Index) +
                " is tdr_feedback, which the runtime sets");
  SetArg A = SetArg::of(Size, Value);
  // OpenCL judges the index, size and value on the variant that launched
  // last (the rewrite before any launch); the other gets it when it runs.
  Variant To = S->Choice ? S->LastVariant.value_or(Variant::Rewritten)
                         : Variant::Rewritten;
  S->apply(S->ready(To), Index, A);
  if (S->Choice) {
    Variant Other =
        To == Variant::Rewritten ? Variant::Original : Variant::Rewritten;
    S->Pending[int(Other)][Index] = true;
    const std::optional<SetArg> &Old = S->Args[Index];
    if (S->Choice->keys(Index) &&
        (!Old || Old->Null != A.Null || Old->Bytes != A.Bytes))
      S->Memo.Valid = false; // the bucket may change
  }
  if (S->Split)
    S->Split->setArg(Index, A);
  S->Args[Index] = std::move(A);
}

/// The rewrite's launch: tdr_feedback, the kernel, the report and the next N.
double Kernel::State::launchRewritten(const std::vector<size_t> &Global,
                                      const std::vector<size_t> &Local,
                                      bool Timed) {
  cl_kernel K = ready(Variant::Rewritten);
  bool Report = Feedback && FeedbackOn;
  if (Feedback) {
    cl_mem M = nullptr;
    if (Report) {
      if (!Words)
        Words.emplace(Prog->Ctx, TDR_FEEDBACK_WORDS * sizeof(uint32_t));
      std::vector<uint32_t> Zero(TDR_FEEDBACK_WORDS, 0);
      Words->write(Zero.data(), Zero.size() * sizeof(uint32_t));
      M = Words->get();
    }
    check(clSetKernelArg(K, UserArgs, sizeof M, Report ? &M : nullptr),
          "clSetKernelArg(tdr_feedback)");
  }
  double Ms = enqueue(K, Global, Local, Timed);
  if (!Report)
    return Ms;
  std::vector<uint32_t> W(TDR_FEEDBACK_WORDS);
  Words->read(W.data(), W.size() * sizeof(uint32_t));
  Last = parseFeedback(W.data(), W.size());
  unsigned UsedN = reportedNeighbors(Last);
  if (!UsedN)
    return Ms; // no DGI round ran: nothing to learn
  Used.push_back(UsedN);
  if (!Next)
    DefaultN = UsedN;
  unsigned NewN = chooseNeighbors(Last, UsedN, Model);
  Next = NewN == DefaultN ? 0 : NewN;
  return Ms;
}

void Kernel::launch(const std::vector<size_t> &Global,
                    const std::vector<size_t> &Local, cl_event *Event) {
  if (Global.empty() || Global.size() > 3 ||
      (!Local.empty() && Local.size() != Global.size()))
    throw Error("kernel '" + S->Name + "': launch wants 1 to 3 global sizes "
                "and as many local sizes, or none");
  if (Event)
    *Event = nullptr;
  struct Reset { // the event pointer is this launch's only
    cl_event *&P;
    ~Reset() { P = nullptr; }
  } R{S->EventOut = Event};
  if (!S->Choice) {
    S->launchRewritten(Global, Local, false);
    return;
  }
  if (S->Split) // a plan that would read what it wrote: K itself
    if (std::string Why = S->Split->aliased(S->Args); !Why.empty()) {
      if (logFromEnvironment())
        std::fprintf(stderr, "tdrc: %s: runs the kernel, not its split plan: "
                             "%s\n", S->Name.c_str(), Why.c_str());
      S->enqueue(S->ready(Variant::Original), Global, Local, false);
      S->LastVariant = Variant::Original;
      ++S->Launches[int(Variant::Original)];
      return;
    }
  Bucket B;
  ChoicePolicy::Decision D = S->decide(Global, Local, B);
  bool Cold = D.Timed && S->Warm.emplace(S->object(S->Next, D.V), Local).second;
  double Ms = D.V == Variant::Original
                  ? S->enqueue(S->ready(Variant::Original), Global, Local,
                               D.Timed)
              : S->Split ? S->Split->launch(Global, Local, D.Timed,
                                            S->Profiling, S->EventOut)
                         : S->launchRewritten(Global, Local, D.Timed);
  S->LastVariant = D.V;
  ++S->Launches[int(D.V)];
  if (D.Timed && !Cold) // a cold launch's time is not reported: the
    S->Choice->Policy.report(B, D.V, Ms); // policy asks for the variant again
}

} // namespace tdrc::rt
