// The layer on the device: buffers, and a set of four kernels (tdrc's
// rewrites or the originals) that runs the five stages on them, timed with
// OpenCL profiling events.
#ifndef CNN_PIPELINE_H
#define CNN_PIPELINE_H

#include "Shapes.h"
#include "tdrc/runtime/Runtime.h"
#include <array>
#include <string>
#include <vector>

enum Stage { Im2col, Gemm, BiasRelu, PoolForward, PoolBackward, NumStages };
const char *stageName(Stage S);
// The kernel file of a stage ("im2col"), or "" for the GEMM (CLBlast).
const char *kernelName(Stage S);

// Seeded random inputs: the image, filters, bias and the gradient that
// arrives from the layer above.
struct Inputs {
  std::vector<float> X, W, Bias, Dout;
  static Inputs random(const Shapes &S, unsigned Seed);
};

struct Buffers {
  Buffers(const tdrc::rt::Context &C, const Shapes &S, const Inputs &In);
  tdrc::rt::Buffer X, W, Bias, Dout;           // inputs
  tdrc::rt::Buffer Col, Z, Y, Pooled, Argmax, Dz; // each stage's output
};

// What one run left in the buffers.
struct Outputs {
  std::vector<float> Col, Z, Y, Pooled, Dz;
  std::vector<int> Argmax;
  static Outputs read(const Buffers &B);
};

using StageTimes = std::array<double, NumStages>; // milliseconds

class KernelSet {
public:
  // Loads and builds Dir/<kernel><Suffix> for every kernel stage (Suffix
  // ".tdr.cl": tdrc's rewrites; ".cl": the originals) and binds it to B.
  KernelSet(const tdrc::rt::Context &C, const Shapes &S, const Buffers &B,
            const std::string &Dir, const std::string &Suffix);
  // Runs the five stages in order and waits for them.
  StageTimes run();
  // The source text built for a kernel stage.
  const std::string &source(Stage S) const;

private:
  tdrc::rt::Context C;
  Shapes Sh;
  const Buffers &B;
  std::vector<tdrc::rt::Program> Programs; // indexed by Stage (Gemm: unused)
  std::vector<tdrc::rt::Kernel> Kernels;
};

#endif
