//===- occupancy_sweep.cu - tdrc's occupancy model against CUDA's ---------===//
//
// On an NVIDIA GPU: for kernels with many distinct register counts, every
// block size from 32 to 1024 and a range of dynamic shared memory sizes,
// compare cudaOccupancyMaxActiveBlocksPerMultiprocessor with tdrc's model
// (lib/Occupancy) evaluated at the kernel's real numRegs, using the table
// entry of the GPU's compute capability -- and check that entry against the
// device's properties.
//
// With --calculator, no GPU is needed: the model is compared with the CUDA
// occupancy calculator header (cuda_occupancy.h) for every NVIDIA entry of
// the table, at every register count.
//
// Build (test/device/run_occupancy_sweep.sh does it), from the repository root:
//   nvcc -O2 -std=c++17 -arch=sm_90 -I include
//     test/device/occupancy_sweep.cu lib/Occupancy/Occupancy.cpp
//     lib/Occupancy/GpuTable.cpp
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/GpuTable.h"
#include "tdrc/Occupancy/Occupancy.h"
#include <cstdio>
#include <cstring>
#include <cuda_occupancy.h>
#include <cuda_runtime.h>
#include <set>
#include <vector>

using namespace tdrc;

// Register pressure: 256 floats stay live across a loop, so ptxas uses every
// register __maxnreg__ allows (and spills the rest); the real count is read
// back with cudaFuncGetAttributes, never assumed.
template <int MaxRegs>
__global__ void __maxnreg__(MaxRegs)
    pressure(const float *__restrict__ In, float *__restrict__ Out, int N) {
  constexpr int Live = 256;
  float V[Live];
#pragma unroll
  for (int I = 0; I < Live; ++I)
    V[I] = In[threadIdx.x + I * blockDim.x];
  for (int It = 0; It < N; ++It) {
#pragma unroll
    for (int I = 0; I < Live; ++I)
      V[I] = fmaf(V[I], V[(I + 1) % Live], V[(I + 17) % Live]);
  }
  float S = 0;
#pragma unroll
  for (int I = 0; I < Live; ++I)
    S += V[I] * (I + 1);
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

// Below ptxas's lower bound for __maxnreg__ (24 on sm_90): small kernels
// with a few live values.
template <int Live>
__global__ void light(const float *__restrict__ In, float *__restrict__ Out,
                      int N) {
  float V[Live];
#pragma unroll
  for (int I = 0; I < Live; ++I)
    V[I] = In[threadIdx.x + I * blockDim.x];
  for (int It = 0; It < N; ++It) {
#pragma unroll
    for (int I = 0; I < Live; ++I)
      V[I] = fmaf(V[I], V[(I + 1) % Live], 1.0f);
  }
  float S = 0;
#pragma unroll
  for (int I = 0; I < Live; ++I)
    S += V[I];
  Out[blockIdx.x * blockDim.x + threadIdx.x] = S;
}

namespace {

struct Kernel {
  const void *Fn;
  const char *Name;
};

#define PRESSURE(N)                                                            \
  { (const void *)pressure<N>, "pressure<" #N ">" }
#define LIGHT(N)                                                               \
  { (const void *)light<N>, "light<" #N ">" }
const Kernel Kernels[] = {
    LIGHT(1),      LIGHT(4),      LIGHT(8),      LIGHT(12),     PRESSURE(24),
    PRESSURE(25),  PRESSURE(31),  PRESSURE(32),  PRESSURE(33),  PRESSURE(40),
    PRESSURE(47),  PRESSURE(48),  PRESSURE(56),  PRESSURE(63),  PRESSURE(64),
    PRESSURE(72),  PRESSURE(80),  PRESSURE(88),  PRESSURE(96),  PRESSURE(104),
    PRESSURE(112), PRESSURE(120), PRESSURE(127), PRESSURE(128), PRESSURE(129),
    PRESSURE(136), PRESSURE(144), PRESSURE(152), PRESSURE(160), PRESSURE(168),
    PRESSURE(176), PRESSURE(184), PRESSURE(192), PRESSURE(200), PRESSURE(208),
    PRESSURE(216), PRESSURE(224), PRESSURE(232), PRESSURE(240), PRESSURE(248),
    PRESSURE(254), PRESSURE(255),
};

// Dynamic shared memory per block (sm_90 arithmetic: 228 KiB per SM, 1 KiB
// reserved, 128-byte units): round sizes; 32 KiB, 6 blocks only because of
// the reserved kilobyte; 20096, 11 blocks only in 128-byte units; one byte
// past the edges of 11, 5, 3, 2 and 1 blocks.
const size_t DefaultSmem[] = {0,     1024,  8192,  20096, 20097, 20480,
                              32768, 40961, 45568, 45569, 49152};
const size_t OptInSmem[] = {0,      1024,   8192,   20096,  20097,
                            32768,  49152,  50000,  76800,  76801,
                            102400, 115712, 115713, 232448, 232449};

struct Tally {
  long Points = 0, Agree = 0, CudaErrors = 0;
  void add(bool Ok) {
    ++Points;
    Agree += Ok;
  }
  long disagree() const { return Points - Agree; }
};

int fieldCheck(const char *Field, long Device, long Table) {
  if (Device == Table)
    return 0;
  std::printf("table mismatch: %s device=%ld table=%ld\n", Field, Device,
              Table);
  return 1;
}

int checkTable(const cudaDeviceProp &D, const GpuParams &P) {
  return fieldCheck("warpSize", D.warpSize, P.WarpSize) +
         fieldCheck("maxThreadsPerBlock", D.maxThreadsPerBlock,
                    P.MaxThreadsPerBlock) +
         fieldCheck("maxThreadsPerMultiProcessor",
                    D.maxThreadsPerMultiProcessor, P.MaxThreadsPerSM) +
         fieldCheck("maxBlocksPerMultiProcessor", D.maxBlocksPerMultiProcessor,
                    P.MaxBlocksPerSM) +
         fieldCheck("regsPerMultiprocessor", D.regsPerMultiprocessor,
                    P.RegsPerSM) +
         fieldCheck("regsPerBlock", D.regsPerBlock, P.RegsPerBlock) +
         fieldCheck("sharedMemPerMultiprocessor",
                    long(D.sharedMemPerMultiprocessor), P.SharedPerSM) +
         fieldCheck("sharedMemPerBlock", long(D.sharedMemPerBlock),
                    P.SharedPerBlock) +
         fieldCheck("sharedMemPerBlockOptin", long(D.sharedMemPerBlockOptin),
                    P.SharedPerBlockOptIn) +
         fieldCheck("reservedSharedMemPerBlock",
                    long(D.reservedSharedMemPerBlock),
                    P.SharedReservedPerBlock);
}

/// One point: CUDA's answer (an API error counts as 0 blocks, since the
/// launch is impossible either way) against the model's.
bool comparePoint(Tally &T, const GpuParams &P, const char *Phase,
                  const Kernel &K, const cudaFuncAttributes &A, int Block,
                  size_t Smem, bool OptIn) {
  int Cuda = 0;
  cudaError_t E =
      cudaOccupancyMaxActiveBlocksPerMultiprocessor(&Cuda, K.Fn, Block, Smem);
  if (E != cudaSuccess) {
    cudaGetLastError();
    Cuda = 0;
    ++T.CudaErrors;
  }
  OccupancyResult R = computeOccupancy(
      P, Block, A.numRegs, unsigned(A.sharedSizeBytes + Smem), OptIn);
  if (int(R.BlocksPerSM) == Cuda)
    return true;
  std::printf("DISAGREE %s %s block=%d regs=%d smem=%zu cuda=%d%s model=%u "
              "[%s]\n",
              Phase, K.Name, Block, A.numRegs, Smem, Cuda,
              E != cudaSuccess ? " (error)" : "", R.BlocksPerSM,
              describeOccupancy(P, R).c_str());
  return false;
}

int gpuSweep() {
  cudaDeviceProp D;
  if (cudaGetDeviceProperties(&D, 0) != cudaSuccess) {
    std::printf("occupancy sweep: no CUDA device\n");
    return 2;
  }
  const GpuParams *P = findNvidiaGpu(D.major, D.minor);
  std::printf("device: %s, compute capability %d.%d, table entry %s\n", D.name,
              D.major, D.minor, P ? P->Name : "(none)");
  if (!P) {
    std::printf("occupancy sweep: no table entry for sm_%d%d (have %s)\n",
                D.major, D.minor, gpuNameList().c_str());
    return 2;
  }
  int TableBad = checkTable(D, *P);

  Tally T;
  std::set<int> Regs;
  std::vector<cudaFuncAttributes> Attrs;
  for (const Kernel &K : Kernels) {
    cudaFuncAttributes A;
    if (cudaFuncGetAttributes(&A, K.Fn) != cudaSuccess) {
      std::printf("cudaFuncGetAttributes failed for %s\n", K.Name);
      return 2;
    }
    std::printf("kernel %s: numRegs=%d static smem=%zu maxThreadsPerBlock=%d\n",
                K.Name, A.numRegs, A.sharedSizeBytes, A.maxThreadsPerBlock);
    Regs.insert(A.numRegs);
    Attrs.push_back(A);
  }

  // Phase 1: the default dynamic limit (48 KiB), as OpenCL sees it.
  for (size_t I = 0; I < Attrs.size(); ++I)
    for (int Block = 32; Block <= 1024; Block += 32)
      for (size_t Smem : DefaultSmem)
        T.add(comparePoint(T, *P, "default", Kernels[I], Attrs[I], Block, Smem,
                           false));

  // Phase 2: opted in to the largest dynamic shared memory.
  for (size_t I = 0; I < Attrs.size(); ++I) {
    int Max = int(D.sharedMemPerBlockOptin - Attrs[I].sharedSizeBytes);
    if (cudaFuncSetAttribute(Kernels[I].Fn,
                             cudaFuncAttributeMaxDynamicSharedMemorySize,
                             Max) != cudaSuccess) {
      std::printf("cudaFuncSetAttribute failed for %s\n", Kernels[I].Name);
      return 2;
    }
    for (int Block = 32; Block <= 1024; Block += 32)
      for (size_t Smem : OptInSmem)
        if (Smem <= D.sharedMemPerBlockOptin + 1)
          T.add(comparePoint(T, *P, "opt-in", Kernels[I], Attrs[I], Block, Smem,
                             true));
  }

  std::printf("distinct register counts: %zu (", Regs.size());
  for (int R : Regs)
    std::printf(" %d", R);
  std::printf(" )\n");
  std::printf("cuda errors (counted as 0 blocks): %ld\n", T.CudaErrors);
  if (TableBad)
    std::printf("table: %d field(s) differ from the device\n", TableBad);
  std::printf("occupancy sweep: %ld points, %ld agree, %ld disagree\n",
              T.Points, T.Agree, T.disagree());
  return T.disagree() || TableBad ? 1 : 0;
}

/// The model against cuda_occupancy.h, fed the table's own values, so this
/// checks the arithmetic and the per-architecture constants (blocks per SM,
/// allocation units, register banks) that the header derives itself.
struct Calculator {
  const GpuParams &P;
  cudaOccDeviceProp Prop;
  cudaOccDeviceState State;
  Tally &T;
  long Disagree = 0;

  Calculator(const GpuParams &P, Tally &T) : P(P), T(T) {
    Prop.computeMajor = int(P.ComputeCapability / 10);
    Prop.computeMinor = int(P.ComputeCapability % 10);
    Prop.maxThreadsPerBlock = int(P.MaxThreadsPerBlock);
    Prop.maxThreadsPerMultiprocessor = int(P.MaxThreadsPerSM);
    Prop.regsPerBlock = int(P.RegsPerBlock);
    Prop.regsPerMultiprocessor = int(P.RegsPerSM);
    Prop.warpSize = int(P.WarpSize);
    Prop.sharedMemPerBlock = P.SharedPerBlock;
    Prop.sharedMemPerMultiprocessor = P.SharedPerSM;
    Prop.numSms = 1;
    Prop.sharedMemPerBlockOptin = P.SharedPerBlockOptIn;
    Prop.reservedSharedMemPerBlock = P.SharedReservedPerBlock;
  }

  void point(int Block, int Regs, size_t Smem, bool OptIn) {
    cudaOccFuncAttributes Attr;
    Attr.maxThreadsPerBlock = int(P.MaxThreadsPerBlock);
    Attr.numRegs = Regs;
    Attr.sharedSizeBytes = 0;
    Attr.partitionedGCConfig = PARTITIONED_GC_OFF;
    Attr.shmemLimitConfig =
        OptIn ? FUNC_SHMEM_LIMIT_OPTIN : FUNC_SHMEM_LIMIT_DEFAULT;
    Attr.maxDynamicSharedSizeBytes =
        OptIn ? P.SharedPerBlockOptIn : P.SharedPerBlock;
    Attr.numBlockBarriers = 1;
    Attr.virtualResourceCount = 0;
    cudaOccResult Res;
    int Calc = 0;
    if (cudaOccMaxActiveBlocksPerMultiprocessor(
            &Res, &Prop, &Attr, &State, Block, Smem) == CUDA_OCC_SUCCESS)
      Calc = Res.activeBlocksPerMultiprocessor;
    OccupancyResult R = computeOccupancy(P, Block, Regs, unsigned(Smem), OptIn);
    bool Ok = int(R.BlocksPerSM) == Calc;
    T.add(Ok);
    if (!Ok && ++Disagree <= 20)
      std::printf("DISAGREE %s%s block=%d regs=%d smem=%zu calculator=%d "
                  "model=%u [%s]\n",
                  P.Name, OptIn ? " opt-in" : "", Block, Regs, Smem, Calc,
                  R.BlocksPerSM, describeOccupancy(P, R).c_str());
  }
};

int calculatorSweep() {
  std::vector<int> Blocks;
  for (int B = 1; B <= 64; ++B)
    Blocks.push_back(B);
  for (int B = 96; B <= 1024; B += 32)
    Blocks.push_back(B);
  for (int B : {65, 100, 255, 257, 500, 999, 1023, 1025})
    Blocks.push_back(B);

  Tally T;
  for (const GpuParams &P : allGpus()) {
    if (P.Vendor != GpuVendor::NVIDIA)
      continue;
    Calculator C(P, T);
    // Every register count, with the fixed shared memory sizes.
    for (int Regs = 0; Regs <= 255; ++Regs)
      for (int Block : Blocks) {
        for (size_t Smem : DefaultSmem)
          C.point(Block, Regs, Smem, false);
        for (size_t Smem : OptInSmem)
          C.point(Block, Regs, Smem, true);
      }
    // Shared memory on both sides of the edge of every block count.
    std::vector<size_t> Edges;
    for (unsigned N = 1; N <= 40; ++N)
      for (int Delta : {-257, -256, -129, -128, -1, 0, 1}) {
        long S = long(P.SharedPerSM / N) - P.SharedReservedPerBlock + Delta;
        if (S >= 0)
          Edges.push_back(size_t(S));
      }
    for (int Regs : {0, 32, 64, 128})
      for (int Block : Blocks)
        for (size_t Smem : Edges)
          for (bool OptIn : {false, true})
            C.point(Block, Regs, Smem, OptIn);
    std::printf("%s: %ld disagreements\n", P.Name, C.Disagree);
  }
  std::printf("calculator sweep: %ld points, %ld agree, %ld disagree\n",
              T.Points, T.Agree, T.disagree());
  return T.disagree() ? 1 : 0;
}

} // namespace

int main(int argc, char **argv) {
  if (argc > 1 && !std::strcmp(argv[1], "--calculator"))
    return calculatorSweep();
  return gpuSweep();
}
