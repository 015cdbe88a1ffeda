#include "Pipeline.h"
#include <clblast.h>
#include <cmath>
#include <random>

using namespace tdrc::rt;

namespace {
constexpr size_t GroupSize = 256; // tdrc's default --max-workgroup-size

size_t roundUp(size_t N) { return (N + GroupSize - 1) / GroupSize * GroupSize; }

cl_ulong timestamp(cl_event E, cl_profiling_info What) {
  cl_ulong T = 0;
  check(clGetEventProfilingInfo(E, What, sizeof T, &T, nullptr),
        "clGetEventProfilingInfo");
  return T;
}

double millis(cl_ulong From, cl_ulong To) { return double(To - From) * 1e-6; }

// Through the runtime's launch: with tdrc --keep-original it picks, per
// launch, the rewrite or the original, whichever is faster here.
cl_event enqueue(const Context &, Kernel &K, size_t Global0,
                 size_t Global1 = 1) {
  cl_event E = nullptr;
  K.launch({roundUp(Global0), Global1}, {GroupSize, 1}, &E);
  return E;
}

// Sets a kernel's arguments in order (buffers and ints, as declared).
template <typename... Args> void bind(Kernel &K, const Args &...A) {
  cl_uint I = 0;
  (K.setArg(I++, A), ...);
}

std::vector<float> uniform(size_t N, float Scale, std::mt19937 &Rng) {
  std::uniform_real_distribution<float> D(-Scale, Scale);
  std::vector<float> V(N);
  for (float &X : V)
    X = D(Rng);
  return V;
}
} // namespace

const char *stageName(Stage S) {
  static const char *Names[] = {"im2col", "GEMM (CLBlast)", "bias + ReLU",
                                "max-pool forward", "max-pool backward"};
  return Names[S];
}

const char *kernelName(Stage S) {
  static const char *Names[] = {"im2col", "", "bias_relu", "maxpool_forward",
                                "maxpool_backward"};
  return Names[S];
}

Inputs Inputs::random(const Shapes &S, unsigned Seed) {
  std::mt19937 Rng(Seed);
  Inputs In;
  In.X = uniform(S.inputSize(), 1.0f, Rng);
  // Scaled like He initialisation, so that about half of z + bias is > 0.
  In.W = uniform(S.filters * S.taps(), std::sqrt(6.0f / S.taps()), Rng);
  In.Bias = uniform(S.filters, 0.1f, Rng);
  In.Dout = uniform(S.pooledSize(), 1.0f, Rng);
  return In;
}

Buffers::Buffers(const Context &C, const Shapes &S, const Inputs &In)
    : X(C, In.X), W(C, In.W), Bias(C, In.Bias), Dout(C, In.Dout),
      Col(C, S.taps() * S.pixels() * sizeof(float)),
      Z(C, S.convSize() * sizeof(float)), Y(C, S.convSize() * sizeof(float)),
      Pooled(C, S.pooledSize() * sizeof(float)),
      Argmax(C, S.pooledSize() * sizeof(int)),
      Dz(C, S.convSize() * sizeof(float)) {}

Outputs Outputs::read(const Buffers &B) {
  return {B.Col.read<float>(),    B.Z.read<float>(), B.Y.read<float>(),
          B.Pooled.read<float>(), B.Dz.read<float>(), B.Argmax.read<int>()};
}

KernelSet::KernelSet(const Context &C, const Shapes &S, const Buffers &B,
                     const std::string &Dir, const std::string &Suffix)
    : C(C), Sh(S), B(B) {
  for (int St = 0; St < NumStages; ++St) {
    if (St == Gemm) { // placeholders keep the vectors indexed by Stage
      Programs.push_back(Programs.front());
      Kernels.push_back(Kernels.front());
      continue;
    }
    std::string Name = kernelName(Stage(St));
    Programs.push_back(Program::fromFile(C, Dir + "/" + Name + Suffix));
    Kernels.push_back(Programs.back().kernel(Name));
  }
  const int H = S.outH(), W = S.outW(), PH = S.pooledH(), PW = S.pooledW();
  const int Conv = int(S.convSize());
  bind(Kernels[Im2col], B.X, B.Col, S.batch, S.channels, S.height, S.width,
       S.ksize, S.pad, H, W);
  bind(Kernels[BiasRelu], B.Z, B.Bias, B.Y, int(S.pixels()), Conv);
  bind(Kernels[PoolForward], B.Y, B.Pooled, B.Argmax, H, W, PH, PW, S.pool,
       S.stride, int(S.pooledSize()));
  bind(Kernels[PoolBackward], B.Y, B.Argmax, B.Dout, B.Dz, H, W, PH, PW,
       S.pool, S.stride, Conv);
}

StageTimes KernelSet::run() {
  cl_event E[NumStages];
  E[Im2col] = enqueue(C, Kernels[Im2col], Sh.pixels(), Sh.taps());
  cl_command_queue Q = C.queue();
  auto Status = clblast::Gemm<float>(
      clblast::Layout::kRowMajor, clblast::Transpose::kNo,
      clblast::Transpose::kNo, Sh.filters, Sh.pixels(), Sh.taps(), 1.0f,
      B.W.get(), 0, Sh.taps(), B.Col.get(), 0, Sh.pixels(), 0.0f, B.Z.get(), 0,
      Sh.pixels(), &Q, &E[Gemm]);
  if (Status != clblast::StatusCode::kSuccess)
    throw Error("clblast::Gemm failed with status " +
                std::to_string(int(Status)));
  E[BiasRelu] = enqueue(C, Kernels[BiasRelu], Sh.convSize());
  E[PoolForward] = enqueue(C, Kernels[PoolForward], Sh.pooledSize());
  E[PoolBackward] = enqueue(C, Kernels[PoolBackward], Sh.convSize());
  C.finish();

  StageTimes T;
  for (int St = 0; St < NumStages; ++St)
    T[St] = millis(timestamp(E[St], CL_PROFILING_COMMAND_START),
                   timestamp(E[St], CL_PROFILING_COMMAND_END));
  // CLBlast's event is its last kernel's; the queue is in order, so the
  // GEMM's kernels all run between the end of im2col and that event's end.
  T[Gemm] = millis(timestamp(E[Im2col], CL_PROFILING_COMMAND_END),
                   timestamp(E[Gemm], CL_PROFILING_COMMAND_END));
  for (cl_event Ev : E)
    clReleaseEvent(Ev);
  return T;
}

const std::string &KernelSet::source(Stage S) const {
  return Programs[S].source();
}
