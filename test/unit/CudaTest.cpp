//===- CudaTest.cpp - Units for the CUDA front end ------------------------===//
#include "TestAST.h"
#include "tdrc/Rewriter/CudaParsing.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "tdrc/TDR/ThreadDependence.h"
#include "gtest/gtest.h"

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

TEST(CudaBuiltins, FunctionsByName) {
  EXPECT_EQ(classifyCudaBuiltin("__syncthreads"), BuiltinKind::Barrier);
  EXPECT_EQ(classifyCudaBuiltin("__threadfence_block"), BuiltinKind::Barrier);
  EXPECT_EQ(classifyCudaBuiltin("atomicAdd"), BuiltinKind::Atomic);
  EXPECT_EQ(classifyCudaBuiltin("atomicCAS_block"), BuiltinKind::Atomic);
  EXPECT_EQ(classifyCudaBuiltin("malloc"), BuiltinKind::Atomic);
  EXPECT_EQ(classifyCudaBuiltin("__shfl_down_sync"), BuiltinKind::Collective);
  EXPECT_EQ(classifyCudaBuiltin("__ballot_sync"), BuiltinKind::Collective);
  EXPECT_EQ(classifyCudaBuiltin("__syncthreads_count"), BuiltinKind::Collective);
  EXPECT_EQ(classifyCudaBuiltin("__syncwarp"), BuiltinKind::Collective);
  EXPECT_EQ(classifyCudaBuiltin("__ldg"), BuiltinKind::MemoryRead);
  EXPECT_EQ(classifyCudaBuiltin("tex2D"), BuiltinKind::MemoryRead);
  EXPECT_EQ(classifyCudaBuiltin("__nvvm_read_ptx_sreg_tid_x"),
            BuiltinKind::WorkItemLinearId);
  EXPECT_EQ(classifyCudaBuiltin("__nvvm_read_ptx_sreg_laneid"),
            BuiltinKind::WorkItemLinearId);
  EXPECT_EQ(classifyCudaBuiltin("__nvvm_read_ptx_sreg_ntid_y"),
            BuiltinKind::WorkGroupUniform);
  EXPECT_EQ(classifyCudaBuiltin("sinf"), BuiltinKind::Pure);
  EXPECT_EQ(classifyCudaBuiltin(""), BuiltinKind::NotBuiltin);
  EXPECT_TRUE(cudaBuiltinWritesMemory("__stcg"));
  EXPECT_TRUE(cudaBuiltinWritesMemory("surf2Dwrite"));
  EXPECT_FALSE(cudaBuiltinWritesMemory("surf2Dread"));
}

/// The built-in variable reads in kernel `k`, as "name.dim" strings in
/// source order (dim -1: the variable as a whole).
void builtinVars(const Stmt *S, std::vector<std::string> &Out) {
  if (!S)
    return;
  if (CudaVarRef R = cudaBuiltinVar(S)) {
    Out.push_back(std::string(cudaVarName(R.Var)) + "." + std::to_string(R.Dim));
    return; // its parts are the same read
  }
  for (const Stmt *C : S->children())
    builtinVars(C, Out);
}

TEST(CudaBuiltins, BuiltinVariables) {
  ParsedCL P = parseCUDA(R"(
    __global__ void k(int *out) {
      out[threadIdx.y] = blockDim.z + gridDim.x + blockIdx.x + warpSize;
    })");
  ASSERT_TRUE(P.AST);
  std::vector<std::string> Vars;
  builtinVars(P.function("k")->getBody(), Vars);
  EXPECT_EQ(Vars,
            (std::vector<std::string>{"threadIdx.1", "blockDim.2", "gridDim.0",
                                      "blockIdx.0", "warpSize.-1"}));
}

std::vector<Dep> cudaConditionClasses(const std::string &Code) {
  ParsedCL P = parseCUDA(Code);
  return test::conditionClasses(P);
}

TEST(CudaThreadDependence, ThreadIdxIsTheIdBlockValuesAreUniform) {
  auto C = cudaConditionClasses(R"(
    __global__ void k(int *a, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i < n) a[i] = 0;
      if (blockIdx.y > 2 && gridDim.x < warpSize) a[0] = 1;
      if (threadIdx.z == 0) a[1] = 2;
    })");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0], Dep::ThreadId);
  EXPECT_EQ(C[1], Dep::Uniform);
  EXPECT_EQ(C[2], Dep::ThreadId);
}

TEST(CudaThreadDependence, CooperativeGroupsOfTheBlock) {
  // Declared only, as in the toolkit's header: built-ins to tdrc.
  auto C = cudaConditionClasses(R"(
    namespace cooperative_groups {
    class thread_block {
    public:
      __device__ void sync() const;
      __device__ unsigned long long thread_rank() const;
      __device__ unsigned long long size() const;
    };
    __device__ thread_block this_thread_block();
    template <class G> __device__ void sync(const G &g);
    }
    namespace cg = cooperative_groups;
    __global__ void k(int *a) {
      cg::thread_block b = cg::this_thread_block();
      if (b.size() > 64) a[0] = 1;
      if (b.thread_rank() < 5) a[1] = 2;
      b.sync();
      cg::sync(b);
    })");
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[0], Dep::Uniform);  // the block's size: blockDim
  EXPECT_EQ(C[1], Dep::ThreadId); // the thread's rank: its ID
}

TEST(CudaThreadDependence, SharedMemoryAtNeighbourIndexIsData) {
  auto C = cudaConditionClasses(R"(
    __global__ void k(const int *in, int *out) {
      __shared__ int tile[64];
      extern __shared__ int dyn[];
      int l = threadIdx.x;
      tile[l] = in[blockIdx.x * 64 + l];
      dyn[l] = l;
      __syncthreads();
      if (tile[(l + 1) % 64] > 0) out[l] = 1;
      if (tile[0] > 0) out[l] = 2;
      if (dyn[63 - l] > 5) out[l] = 3;
    })");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0], Dep::Data);
  EXPECT_EQ(C[1], Dep::Uniform);
  EXPECT_EQ(C[2], Dep::Data);
}

TEST(CudaThreadDependence, AtomicsAndReferencesAreData) {
  auto C = cudaConditionClasses(R"(
    __device__ void set_to(int &d, int v) { d = v; }
    __global__ void k(int *ctr, int *out) {
      int t = atomicAdd(ctr, 1);
      if (t < 10) out[t] = 1;
      int x = 0;
      set_to(x, 3);           // x escapes through the reference
      if (x > 1) out[0] = 1;
      float s = sqrtf(2.0f);  // a pure built-in of uniform arguments
      if (s > 1.0f) out[1] = 1;
    })");
  ASSERT_EQ(C.size(), 3u);
  EXPECT_EQ(C[0], Dep::Data);
  EXPECT_EQ(C[1], Dep::Data);
  EXPECT_EQ(C[2], Dep::Uniform);
}

Planned planCuda(const std::string &Code,
                 std::optional<Algorithm> A = std::optional<Algorithm>()) {
  PlannerOptions O;
  O.Force = true; // what the analysis allows, not what the model keeps
  O.Algorithm = A;
  return planned(parseCUDA(Code), O);
}

TEST(CudaPlanner, RedirectsThreadIdxInThreeDimensions) {
  auto R = planCuda(R"(
    __global__ void k(const int *in, int *out) {
      int x = blockIdx.x * blockDim.x + threadIdx.x;
      int v = in[x + threadIdx.y];
      if (v > 0) out[x] = threadIdx.z; else out[x] = -v;
    })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_EQ(R.Plan.Dims, 3u);
  ASSERT_EQ(R.Plan.IdRefs.size(), 3u);
  EXPECT_EQ(R.Plan.IdRefs[0].Dim + R.Plan.IdRefs[1].Dim + R.Plan.IdRefs[2].Dim,
            3u);
  EXPECT_FALSE(R.Plan.IdRefs[0].Global);
  EXPECT_EQ(liveSummary(R.Plan.Rounds[0]), "r:x m:v ");
}

TEST(CudaPlanner, LaunchBoundsBoundTheBlock) {
  auto R = planCuda(R"(
    __global__ void __launch_bounds__(96) k(const int *in, int *out) {
      int v = in[threadIdx.x];
      if (v > 0) out[threadIdx.x] = 1; else out[threadIdx.x] = 2;
    })");
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_EQ(R.Plan.MaxWorkGroupSize, 96u);
  EXPECT_TRUE(R.Plan.LaunchBounds);
}

TEST(CudaPlanner, PointersMoveOnlyWhenTheyComeFromOutsideTheThread) {
  // From a kernel parameter and a __shared__ array: they move.
  auto Ok = planCuda(R"(
    __global__ void k(const int *in, int *out, int n) {
      __shared__ int tile[32];
      const int *row = in + threadIdx.x * 5;
      int *t = n > 3 ? tile + threadIdx.x : &tile[threadIdx.x % 4];
      row += n;
      int v = row[0];
      if (v > 0) out[threadIdx.x] = row[1] + t[0]; else out[threadIdx.x] = t[1];
    })");
  ASSERT_EQ(Ok.Plan.Rounds.size(), 1u);
  EXPECT_EQ(liveSummary(Ok.Plan.Rounds[0]), "m:row m:t ");
  // Into a private array: it may not.
  auto Bad = planCuda(R"(
    __global__ void k(const int *in, int *out) {
      int a[4] = {1, 2, 3, 4};
      int *p = a + (in[threadIdx.x] & 3);
      int v = in[threadIdx.x];
      if (v > 0) out[threadIdx.x] = *p; else out[threadIdx.x] = 0;
    })");
  EXPECT_EQ(Bad.Plan.Rounds.size(), 0u);
}

const char *TwoPaths = R"(
    __global__ void k(const int *in, int *out) {
      int v = in[threadIdx.x];
      if (v > 0) out[threadIdx.x] = v * 3; else out[threadIdx.x] = -v;
    })";
const char *FourPaths = R"(
    __global__ void k(const int *in, int *out) {
      int v = in[threadIdx.x];
      if (v > 2) out[threadIdx.x] = v * 3;
      else if (v > 1) out[threadIdx.x] = v + 7;
      else if (v > 0) out[threadIdx.x] = v - 1;
      else out[threadIdx.x] = -v;
    })";

Algorithm algoOf(const char *Code, std::optional<Algorithm> A) {
  auto R = planCuda(Code, A);
  EXPECT_EQ(R.Plan.Rounds.size(), 1u);
  return R.Plan.Rounds.empty() ? Algorithm::DGI : R.Plan.Rounds[0].Algo;
}

// Auto takes the cheapest round of the family the paths allow, with the
// costs measured in CUDA on an H200: Head-or-Tail for two paths (its shared
// atomics beat the warp-aggregated ones there), the ballot partition for more.
TEST(CudaPlanner, AutoPicksTheCheapestRound) {
  EXPECT_EQ(algoOf(TwoPaths, std::optional<Algorithm>()), Algorithm::HeadOrTail);
  EXPECT_EQ(algoOf(FourPaths, std::optional<Algorithm>()), Algorithm::Ballot);
  EXPECT_EQ(planCuda(FourPaths).Plan.Rounds[0].Neighbors, 32u); // a warp
}

TEST(CudaPlanner, ForcedWarpRoundsFollowThePaths) {
  EXPECT_EQ(algoOf(TwoPaths, Algorithm::WarpHeadOrTail),
            Algorithm::WarpHeadOrTail);
  EXPECT_EQ(algoOf(TwoPaths, Algorithm::Ballot), Algorithm::Ballot);
  // Head-or-Tail takes two paths: its warp version falls to the ballot.
  EXPECT_EQ(algoOf(FourPaths, Algorithm::WarpHeadOrTail),
            Algorithm::Ballot);
  EXPECT_EQ(algoOf(FourPaths, Algorithm::DGI), Algorithm::DGI);
}

TEST(CudaPlanner, BallotNeedsFewerCounts) {
  auto B = planCuda(FourPaths, Algorithm::Ballot);
  auto D = planCuda(FourPaths, Algorithm::DGI);
  // Keys x groups: 4 x 256/32 against DGI's 4 x 256/16.
  EXPECT_EQ(B.Plan.MaxDgiCounts, 32u);
  EXPECT_EQ(D.Plan.MaxDgiCounts, 64u);
}

TEST(CudaDialect, Spellings) {
  const Dialect &CL = openCLDialect(), &CU = cudaDialect();
  EXPECT_EQ(CL.barrier(false), "barrier(CLK_LOCAL_MEM_FENCE);");
  EXPECT_EQ(CU.barrier(false), "__syncthreads();");
  EXPECT_EQ(CU.barrier(true), "__syncthreads();"); // it orders global memory too
  EXPECT_EQ(CL.atomicInc("h"), "atomic_inc(&h)");
  EXPECT_EQ(CU.atomicInc("h"), "atomicAdd(&h, 1)");
  EXPECT_EQ(CU.atomicDec("t"), "atomicSub(&t, 1)");
  EXPECT_EQ(CL.localSize(1), "get_local_size(1)");
  EXPECT_EQ(CU.localSize(1), "blockDim.y");
  EXPECT_EQ(CU.localId(2), "threadIdx.z");
  EXPECT_EQ(CU.braceValue("struct S", "s", "{1, 2}"), "decltype(s){1, 2}");
  EXPECT_EQ(CL.braceValue("struct S", "s", "{1, 2}"), "(struct S){1, 2}");
  EXPECT_FALSE(CU.GlobalIds);
  EXPECT_TRUE(CL.GlobalIds);
}

TEST(CudaParsing, InputKind) {
  EXPECT_TRUE(isCudaInput("k.cu", {}));
  EXPECT_TRUE(isCudaInput("k.cuh", {}));
  EXPECT_FALSE(isCudaInput("k.cl", {}));
  EXPECT_TRUE(isCudaInput("k.txt", {"-x", "cuda"}));
  EXPECT_TRUE(isCudaInput("k.txt", {"-xcuda"}));
  EXPECT_FALSE(isCudaInput("k.cu", {"-x", "cl"})); // the last -x wins
  std::string Why;
  EXPECT_FALSE(usableCudaToolkit("/nonexistent/cuda", Why));
  EXPECT_NE(Why.find("/nonexistent/cuda"), std::string::npos);
  CudaSetup S = cudaSetup("/nonexistent/cuda", false, {"--cuda-gpu-arch=sm_80"});
  EXPECT_FALSE(S.Warning.empty());
  EXPECT_TRUE(S.Toolkit.empty());
  EXPECT_EQ(std::count(S.Flags.begin(), S.Flags.end(), "--cuda-gpu-arch=sm_90"),
            0);
  EXPECT_FALSE(cudaPreludeText().empty());
}

// What the model says a round saves ("saves ~N"), from its explanation.
std::string savedBy(ParsedCL P) {
  PlannerOptions O; // the model decides
  KernelPlan Plan = planKernel(P.ctx(), P.function("k"), O);
  for (const Explanation &E : Plan.Explain)
    if (size_t At = E.Text.find("saves ~"); At != std::string::npos)
      return E.Text.substr(At, E.Text.find(' ', At + 7) - At);
  return "none";
}

// A path's reads of __shared__ memory cost what OpenCL's __local reads do:
// in CUDA the address space is an attribute of the variable, not its type.
TEST(CudaProfitability, SharedReadsCostLikeLocalReads) {
  const char *Body = R"(
      float v = in[i], s = 0.0f;
      t[l] = v;
      SYNC;
      if (v > 0.5f) { for (int j = 0; j < 64; ++j) s += t[(l + j) & 255]; }
      else { for (int j = 0; j < 64; ++j) s += t[(l + 3 * j) & 255] * 0.5f; }
      out[i] = s;
    })";
  std::string CL = std::string(R"(#define SYNC barrier(CLK_LOCAL_MEM_FENCE)
    __kernel void k(__global const float *in, __global float *out) {
      __local float t[256];
      int i = get_global_id(0), l = get_local_id(0);)") + Body;
  std::string CU = std::string(R"(#define SYNC __syncthreads()
    __global__ void k(const float *in, float *out) {
      __shared__ float t[256];
      int i = blockIdx.x * blockDim.x + threadIdx.x, l = threadIdx.x;)") + Body;
  std::string Saved = savedBy(parseCL(CL));
  EXPECT_NE(Saved, "none");
  EXPECT_EQ(savedBy(parseCUDA(CU)), Saved);
}

} // namespace
