// split_main.cu: times two kernels as written (K) against the plan the
// split transform made of them (K__p0, K__p1, ... launched one after another
// with K's grid, block and arguments on the same stream, between the same
// two events): split_synth (a heavy path of ~128 registers against a light
// one of a few FMAs) over n = 1<<24 items, blocks of 256 and 128, with the
// heavy items a fraction of {0 .. 100}% of the items, placed at random
// (each item on its own) or sorted (the first fraction of the items); and
// lbm_step (D2Q9 lattice Boltzmann, fluid cells heavy, obstacle cells
// light) on 2048x2048 and 1024x1024 grids with 0 .. 50% random obstacles.
// Every row compares the plan's output with K's bit for bit (MISMATCH and
// exit 1 on any difference).
//
// Two more ways to run the same kernel, each checked bit for bit too: the
// plan over per-path lists (K__list puts each item on its path's list, then
// K__w0, K__w1, ... run only their list's items; the counts are zeroed with
// cudaMemsetAsync between the same events), and tdrc's default rewrite of K
// (the on-GPU Head-or-Tail rounds, tdrc --force --keep-original=false).
// Columns T_lists and T_remap, and lists_x = T_K / T_lists, remap_x =
// T_K / T_remap.  The ideal (the items sorted by path) is the "sorted" row
// of the same percentage.
//
// With the times it prints the seed's prediction (Carrillo, Siegel & Li,
// CF'09): a part's time scales with the inverse of its occupancy, so
//
//   predicted plan time = sum over parts i of t_i(rho_K) * rho_K / rho_i
//                         + overhead (taken as 0)
//
// where rho is the occupancy (resident threads per SM / the SM's maximum)
// and t_i(rho_K) is part i timed alone with its blocks per SM forced down
// to K's by dynamic shared memory it does not use (the carveout set to its
// largest for that launch alone).  A part that cannot run more blocks per SM
// than K needs no forcing: its own time is its term.  Columns:
//   T_K, T_plan      medians of 15 launches after 2 warm-ups (ms)
//   tI@K, tI         part I forced to K's blocks/SM, and as it runs (ms)
//   pred             the predicted plan time (ms)
//   pred_x, meas_x   T_K / pred and T_K / T_plan
//   gain             (meas_x - 1) / (pred_x - 1), where pred_x > 1.02
//
// `split_main small` runs one small configuration of each kernel (partial
// blocks, 1 launch each) and compares: for compute-sanitizer.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <random>
#include <string>
#include <vector>

// Each rewritten file holds K unchanged and its parts after it.
namespace synth {
#include "split_synth.split.cu"
}
namespace lbm {
#include "split_lbm.split.cu"
}
// tdrc's default rewrite of each kernel (the remap rounds).
namespace synth_remap {
#include "split_synth.remap.cu"
}
namespace lbm_remap {
#include "split_lbm.remap.cu"
}

#define CK(call)                                                              \
  do {                                                                        \
    cudaError_t e_ = (call);                                                  \
    if (e_ != cudaSuccess) {                                                  \
      fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,          \
              cudaGetErrorString(e_));                                        \
      exit(2);                                                                \
    }                                                                         \
  } while (0)

static cudaDeviceProp Prop;
static int Reps = 15, Warm = 2;

// A kernel with its register count and occupancy at one block size.
struct Fn {
  const char *name;
  const void *fn;
  int regs = 0, blocks = 0; // blocks per SM
  double occ = 0;           // rho: resident threads / max threads per SM
  size_t force = 0;         // dynamic shared memory that brings it to K's blocks/SM
  int forcedBlocks = 0;     // the blocks per SM it runs at with `force`
};

static int blocksPerSM(const void *fn, int block, size_t smem) {
  int b = 0;
  CK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&b, fn, block, smem));
  return b;
}

static double occupancy(int blocks, int block) {
  return double(blocks) * block / Prop.maxThreadsPerMultiProcessor;
}

// The attributes forcing sets, and their values as compiled.
static void forceOn(const void *fn, size_t smem) {
  CK(cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout,
                          cudaSharedmemCarveoutMaxShared));
  CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, int(smem)));
}
static void forceOff(const void *fn, const cudaFuncAttributes &a) {
  CK(cudaFuncSetAttribute(fn, cudaFuncAttributePreferredSharedMemoryCarveout,
                          a.preferredShmemCarveout));
  CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize,
                          a.maxDynamicSharedSizeBytes));
}

static Fn describe(const char *name, const void *fn, int block) {
  Fn f{name, fn};
  cudaFuncAttributes a;
  CK(cudaFuncGetAttributes(&a, fn));
  f.regs = a.numRegs;
  f.blocks = blocksPerSM(fn, block, 0);
  f.occ = occupancy(f.blocks, block);
  return f;
}

// The least dynamic shared memory that brings part p down to `target`
// blocks per SM (none where it runs no more than that): a binary search on
// the occupancy calculator, with the carveout at its largest.
static void forceTo(Fn &p, int block, int target) {
  p.force = 0;
  p.forcedBlocks = p.blocks;
  if (p.blocks <= target)
    return;
  cudaFuncAttributes a;
  CK(cudaFuncGetAttributes(&a, p.fn));
  size_t lo = 0, hi = Prop.sharedMemPerBlockOptin - a.sharedSizeBytes;
  forceOn(p.fn, hi);
  if (blocksPerSM(p.fn, block, hi) > target) { // cannot: keep it as it runs
    forceOff(p.fn, a);
    return;
  }
  while (hi - lo > 1) { // blocks(lo) > target >= blocks(hi)
    size_t mid = (lo + hi) / 2;
    (blocksPerSM(p.fn, block, mid) > target ? lo : hi) = mid;
  }
  p.force = hi;
  p.forcedBlocks = blocksPerSM(p.fn, block, hi);
  forceOff(p.fn, a);
}

// One kernel (K or a part) and how it is launched.
struct Launch {
  dim3 grid, block;
  void **args;
  void operator()(const void *fn, size_t smem = 0) const {
    CK(cudaLaunchKernel(fn, grid, block, args, smem, 0));
  }
};

template <class F> static float medianMs(F run) {
  cudaEvent_t a, b;
  CK(cudaEventCreate(&a));
  CK(cudaEventCreate(&b));
  std::vector<float> t;
  for (int r = 0; r < Reps + Warm; ++r) {
    CK(cudaEventRecord(a));
    run();
    CK(cudaEventRecord(b));
    CK(cudaEventSynchronize(b));
    float ms;
    CK(cudaEventElapsedTime(&ms, a, b));
    if (r >= Warm)
      t.push_back(ms);
  }
  CK(cudaEventDestroy(a));
  CK(cudaEventDestroy(b));
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

// K and its parts at one block size; the plan over per-path lists and the
// remap rewrite.
struct Plan {
  Fn k;
  std::vector<Fn> parts;
  const void *list = nullptr;
  std::vector<const void *> listParts;
  const void *remap = nullptr;
};

// The lists plan's launches: K's arguments and the lists buffer.
struct ListsLaunch {
  const Launch &L;
  unsigned *lists;
  void operator()(const Plan &p) const {
    void *args[16];
    int n = 0;
    while (L.args[n])
      args[n] = L.args[n], ++n;
    void *buf = lists;
    args[n] = &buf;
    CK(cudaMemsetAsync(lists, 0, p.listParts.size() * sizeof(unsigned)));
    CK(cudaLaunchKernel(p.list, L.grid, L.block, args, 0, 0));
    for (const void *f : p.listParts)
      CK(cudaLaunchKernel(f, L.grid, L.block, args, 0, 0));
  }
};

static Plan makePlan(const char *kname, const void *k,
                     std::vector<std::pair<const char *, const void *>> parts, int block) {
  Plan p{describe(kname, k, block), {}};
  for (auto &pr : parts) {
    p.parts.push_back(describe(pr.first, pr.second, block));
    forceTo(p.parts.back(), block, p.k.blocks);
  }
  return p;
}

static void printPlan(const Plan &p) {
  printf("# %-18s %5s %9s %9s %10s %13s\n", "kernel", "regs", "blocks/SM", "occupancy",
         "force-smem", "forced-blocks");
  printf("# %-18s %5d %9d %9.3f %10s %13s\n", p.k.name, p.k.regs, p.k.blocks, p.k.occ, "-",
         "-");
  for (const Fn &f : p.parts)
    printf("# %-18s %5d %9d %9.3f %10zu %13d%s\n", f.name, f.regs, f.blocks, f.occ, f.force,
           f.forcedBlocks,
           f.blocks < p.k.blocks    ? "  (fewer than K's: its own time is its term)"
           : f.force == 0 && f.blocks > p.k.blocks ? "  (cannot be forced: its own time is its term)"
           : f.forcedBlocks != p.k.blocks ? "  (K's missed: scaled from the forced occupancy)"
                                          : "");
}

static void printHeader(const char *first, const char *second, size_t nparts) {
  printf("%-9s %6s %9s %9s", first, second, "T_K", "T_plan");
  for (size_t i = 0; i < nparts; ++i) {
    char a[32], b[32];
    snprintf(a, sizeof a, "t%zu@K", i);
    snprintf(b, sizeof b, "t%zu", i);
    printf(" %9s %9s", a, b);
  }
  printf(" %9s %7s %7s %7s %9s %7s %9s %7s  %s\n", "pred", "pred_x", "meas_x", "gain", "T_lists",
         "lists_x", "T_remap", "remap_x", "check");
}

// One row: K, the plan, each part forced to K's occupancy and as it runs,
// the prediction, and the bit-for-bit check of the plan against K (out is
// the buffer the launch writes: filled with 0x00 before K, 0xff before the
// plan, so that a word the plan leaves unwritten differs).  Returns false on
// a mismatch.
// Runs `run` on `out` filled with 0xff and compares with want; prints the
// first differing word.
template <class F>
static bool same(const char *first, const char *second, const char *what, F run, void *out,
                 const std::vector<unsigned char> &want) {
  size_t bytes = want.size();
  std::vector<unsigned char> got(bytes);
  CK(cudaMemset(out, 0xff, bytes));
  run();
  CK(cudaMemcpy(got.data(), out, bytes, cudaMemcpyDeviceToHost));
  if (!memcmp(want.data(), got.data(), bytes))
    return true;
  size_t w = 0;
  while (w + 4 <= bytes && !memcmp(want.data() + w, got.data() + w, 4))
    w += 4;
  unsigned a, b;
  memcpy(&a, want.data() + w, 4);
  memcpy(&b, got.data() + w, 4);
  printf("%-9s %6s MISMATCH: word %zu is 0x%08x after the kernel, 0x%08x after %s\n", first,
         second, w / 4, a, b, what);
  return false;
}

static bool row(const char *first, const char *second, const Plan &p, const Launch &L,
                void *out, size_t bytes, unsigned *lists) {
  std::vector<unsigned char> want(bytes);
  auto plan = [&] {
    for (const Fn &f : p.parts)
      L(f.fn);
  };
  ListsLaunch LL{L, lists};
  auto listsPlan = [&] { LL(p); };
  auto remap = [&] { L(p.remap); };
  CK(cudaMemset(out, 0x00, bytes));
  L(p.k.fn);
  CK(cudaMemcpy(want.data(), out, bytes, cudaMemcpyDeviceToHost));
  if (!same(first, second, "its parts", plan, out, want) ||
      !same(first, second, "its lists plan", listsPlan, out, want) ||
      !same(first, second, "its remap rewrite", remap, out, want))
    return false;
  float tK = medianMs([&] { L(p.k.fn); });
  float tPlan = medianMs(plan);
  float tLists = medianMs(listsPlan);
  float tRemap = medianMs(remap);
  double pred = 0;
  std::vector<float> at(p.parts.size()), own(p.parts.size());
  for (size_t i = 0; i < p.parts.size(); ++i) {
    const Fn &f = p.parts[i];
    own[i] = medianMs([&] { L(f.fn); });
    if (f.force) {
      cudaFuncAttributes a;
      CK(cudaFuncGetAttributes(&a, f.fn));
      forceOn(f.fn, f.force);
      at[i] = medianMs([&] { L(f.fn, f.force); });
      forceOff(f.fn, a);
      // t_i(rho_K) * rho_K / rho_i; where the forcing missed K's blocks per
      // SM, the time at the occupancy it reached scales the same way.
      pred += at[i] * occupancy(f.forcedBlocks, L.block.x * L.block.y) / f.occ;
    } else {
      at[i] = own[i]; // it runs at K's blocks/SM (or fewer) as it is
      pred += own[i];
    }
  }
  double px = tK / pred, mx = tK / tPlan;
  printf("%-9s %6s %9.4f %9.4f", first, second, tK, tPlan);
  for (size_t i = 0; i < p.parts.size(); ++i)
    printf(" %9.4f %9.4f", at[i], own[i]);
  printf(" %9.4f %7.3f %7.3f ", pred, px, mx);
  if (px > 1.02)
    printf("%7.3f", (mx - 1) / (px - 1));
  else
    printf("%7s", "-");
  printf(" %9.4f %7.3f %9.4f %7.3f  same\n", tLists, tK / tLists, tRemap, tK / tRemap);
  fflush(stdout);
  return true;
}

// ---- split_synth ----------------------------------------------------------

static bool runSynth(int n, const std::vector<int> &blocks, const std::vector<int> &percents,
                     bool sortedToo) {
  float *in, *out;
  int *mask;
  CK(cudaMalloc(&in, n * sizeof(float)));
  CK(cudaMalloc(&mask, n * sizeof(int)));
  CK(cudaMalloc(&out, n * sizeof(float)));
  {
    std::mt19937 g(7);
    std::uniform_real_distribution<float> u(-1.0f, 1.0f);
    std::vector<float> h(n);
    for (float &x : h)
      x = u(g);
    CK(cudaMemcpy(in, h.data(), n * sizeof(float), cudaMemcpyHostToDevice));
  }
  unsigned *lists;
  CK(cudaMalloc(&lists, (2 + 2 * size_t(n + 256)) * sizeof(unsigned)));
  void *args[] = {&in, &mask, &out, &n, nullptr};
  bool ok = true;
  std::vector<int> m(n);
  for (int block : blocks) {
    Plan p = makePlan("split_synth", (const void *)synth::split_synth,
                      {{"split_synth__p0", (const void *)synth::split_synth__p0},
                       {"split_synth__p1", (const void *)synth::split_synth__p1}},
                      block);
    p.list = (const void *)synth::split_synth__list;
    p.listParts = {(const void *)synth::split_synth__w0, (const void *)synth::split_synth__w1};
    p.remap = (const void *)synth_remap::split_synth;
    printf("\n## split_synth: n=%d block=%d, heavy items (mask > 0) random or sorted "
           "(first) at each percentage; overhead = 0\n",
           n, block);
    printPlan(p);
    printHeader("dist", "heavy%", p.parts.size());
    Launch L{dim3((n + block - 1) / block), dim3(block), args};
    for (int sorted = 0; sorted <= (sortedToo ? 1 : 0); ++sorted)
      for (int pc : percents) {
        if (sorted) {
          long long heavy = (long long)n * pc / 100;
          for (int i = 0; i < n; ++i)
            m[i] = i < heavy ? 1 : 0;
        } else {
          std::mt19937 g(1000 + pc);
          unsigned long long thr = (unsigned long long)(pc / 100.0 * 4294967296.0);
          for (int &x : m)
            x = (unsigned long long)g() < thr ? 1 : 0;
        }
        CK(cudaMemcpy(mask, m.data(), n * sizeof(int), cudaMemcpyHostToDevice));
        std::string pcs = std::to_string(pc);
        if (!(ok = row(sorted ? "sorted" : "random", pcs.c_str(), p, L, out,
                       n * sizeof(float), lists)))
          goto done;
      }
  }
done:
  CK(cudaFree(lists));
  CK(cudaFree(in));
  CK(cudaFree(mask));
  CK(cudaFree(out));
  return ok;
}

// ---- lbm_step -------------------------------------------------------------

static bool runLbm(const std::vector<std::pair<int, int>> &sizes, dim3 block,
                   const std::vector<int> &percents) {
  static const float W[9] = {4.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9,
                             1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36};
  bool ok = true;
  int threads = block.x * block.y;
  Plan p = makePlan("lbm_step", (const void *)lbm::lbm_step,
                    {{"lbm_step__p0", (const void *)lbm::lbm_step__p0},
                     {"lbm_step__p1", (const void *)lbm::lbm_step__p1}},
                    threads);
  p.list = (const void *)lbm::lbm_step__list;
  p.listParts = {(const void *)lbm::lbm_step__w0, (const void *)lbm::lbm_step__w1};
  p.remap = (const void *)lbm_remap::lbm_step;
  printf("\n## lbm_step: block=%ux%u, obstacle cells (flags <= 0, the light path) at "
         "random; overhead = 0\n",
         block.x, block.y);
  printPlan(p);
  printHeader("grid", "obst%", p.parts.size());
  for (auto [w, h] : sizes) {
    size_t cells = size_t(w) * h;
    float *src, *dst;
    int *flags;
    CK(cudaMalloc(&src, 9 * cells * sizeof(float)));
    CK(cudaMalloc(&dst, 9 * cells * sizeof(float)));
    CK(cudaMalloc(&flags, cells * sizeof(int)));
    {
      // Near rest: each distribution its weight, within 5%.
      std::mt19937 g(11);
      std::uniform_real_distribution<float> u(-0.05f, 0.05f);
      std::vector<float> f(9 * cells);
      for (int q = 0; q < 9; ++q)
        for (size_t c = 0; c < cells; ++c)
          f[q * cells + c] = W[q] * (1.0f + u(g));
      CK(cudaMemcpy(src, f.data(), f.size() * sizeof(float), cudaMemcpyHostToDevice));
    }
    void *args[] = {&src, &dst, &flags, &w, &h, nullptr};
    Launch L{dim3((w + block.x - 1) / block.x, (h + block.y - 1) / block.y), block, args};
    size_t launched = size_t(L.grid.x) * L.grid.y * threads;
    unsigned *lists;
    CK(cudaMalloc(&lists, (2 + 2 * launched) * sizeof(unsigned)));
    std::string grid = std::to_string(w) + "x" + std::to_string(h);
    std::vector<int> fl(cells);
    for (int pc : percents) {
      std::mt19937 g(2000 + pc);
      unsigned long long thr = (unsigned long long)(pc / 100.0 * 4294967296.0);
      for (int &x : fl)
        x = (unsigned long long)g() < thr ? 0 : 1;
      CK(cudaMemcpy(flags, fl.data(), cells * sizeof(int), cudaMemcpyHostToDevice));
      std::string pcs = std::to_string(pc);
      if (!(ok = row(grid.c_str(), pcs.c_str(), p, L, dst, 9 * cells * sizeof(float), lists)))
        break;
    }
    CK(cudaFree(lists));
    CK(cudaFree(src));
    CK(cudaFree(dst));
    CK(cudaFree(flags));
    if (!ok)
      break;
  }
  return ok;
}

int main(int argc, char **argv) {
  bool small = argc == 2 && !strcmp(argv[1], "small");
  if (argc > 1 && !small) {
    fprintf(stderr, "usage: %s [small]\n", argv[0]);
    return 2;
  }
  CK(cudaGetDeviceProperties(&Prop, 0));
  int rt = 0, drv = 0;
  CK(cudaRuntimeGetVersion(&rt));
  CK(cudaDriverGetVersion(&drv));
  char date[64];
  time_t now = time(nullptr);
  strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S UTC", gmtime(&now));
  printf("# split_main%s: %s (sm_%d%d, %d SMs, %d threads/SM, %d regs/SM, %zu B shared/SM), "
         "CUDA runtime %d, driver %d, %s\n",
         small ? " small" : "", Prop.name, Prop.major, Prop.minor, Prop.multiProcessorCount,
         Prop.maxThreadsPerMultiProcessor, Prop.regsPerMultiprocessor,
         Prop.sharedMemPerMultiprocessor, rt, drv, date);
  bool ok;
  if (small) {
    // Partial blocks and a partial grid; one launch of everything.
    Reps = 1;
    Warm = 0;
    ok = runSynth(100003, {128}, {50}, false) && runLbm({{67, 45}}, dim3(32, 8), {30});
  } else {
    printf("# medians of %d launches after %d warm-ups; times in ms\n", Reps, Warm);
    ok = runSynth(1 << 24, {256, 128}, {0, 1, 5, 10, 25, 50, 75, 90, 100}, true) &&
         runLbm({{2048, 2048}, {1024, 1024}}, dim3(32, 8), {0, 10, 30, 50});
  }
  CK(cudaDeviceSynchronize());
  printf(ok ? "\nRESULT: every plan computed what its kernel computes\n"
            : "\nRESULT: MISMATCH\n");
  return ok ? 0 : 1;
}
