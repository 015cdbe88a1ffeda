/* A small CUDA application that knows nothing of tdrc, for the NVRTC
 * interception test (run_nvrtc_test.sh): it compiles a kernel `classify`
 * from source with NVRTC, loads the PTX with the driver API and launches it
 * 6 times for each of four loop lengths, writing every launch's output, in
 * order, to OUT.
 *
 *   nvrtc_app SRC.cu OUT.bin [NVRTC options...]
 *
 * The kernel: extern "C" __global__ void classify(const int *kind,
 *   const float *in, float *out, int n, int len).
 * Environment: NVRTC_APP_N (elements, default 65536), NVRTC_APP_REPS
 * (launches per length, default 6), NVRTC_APP_TIMES (K > 0: the compile's
 * wall time and, per length, K more launches timed with events, on stderr;
 * they write nothing to OUT), NVRTC_APP_HEADER (a file passed to NVRTC as
 * the in-memory header named by its base name, as Jitify passes headers).
 * stdout: one line per length,
 * "len=L checksum=X".  Any failed call: a message naming it, exit 1.
 *
 * Only the calls declared in runtime/intercept/nvrtc/CudaApi.h are used:
 *   cc -std=c99 -Wall -Wextra -I runtime/intercept/nvrtc nvrtc_app.c \
 *      -o nvrtc_app -lnvrtc -lcuda
 */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include "CudaApi.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define BLOCK 256

static void nvrtc_check(nvrtcResult r, const char *call) {
  if (r != NVRTC_SUCCESS) {
    fprintf(stderr, "nvrtc_app: %s failed: %d (%s)\n", call, (int)r,
            nvrtcGetErrorString(r));
    exit(1);
  }
}

static void cu_check(CUresult r, const char *call) {
  if (r != CUDA_SUCCESS) {
    fprintf(stderr, "nvrtc_app: %s failed: %d\n", call, (int)r);
    exit(1);
  }
}

#define NVRTC(call) nvrtc_check((call), #call)
#define CU(call) cu_check((call), #call)

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static void *xmalloc(size_t size) {
  void *p = malloc(size ? size : 1);
  if (!p) {
    fprintf(stderr, "nvrtc_app: out of memory\n");
    exit(1);
  }
  return p;
}

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  if (fseek(f, 0, SEEK_END) != 0) {
    perror(path);
    exit(1);
  }
  long size = ftell(f);
  if (size < 0 || fseek(f, 0, SEEK_SET) != 0) {
    perror(path);
    exit(1);
  }
  char *text = xmalloc((size_t)size + 1);
  if (fread(text, 1, (size_t)size, f) != (size_t)size) {
    fprintf(stderr, "nvrtc_app: cannot read %s\n", path);
    exit(1);
  }
  text[size] = 0;
  fclose(f);
  return text;
}

static int env_int(const char *name, int fallback) {
  const char *v = getenv(name);
  if (!v || !*v)
    return fallback;
  char *end;
  long x = strtol(v, &end, 10);
  if (*end || x <= 0 || x > (1L << 28)) {
    fprintf(stderr, "nvrtc_app: bad %s='%s'\n", name, v);
    exit(2);
  }
  return (int)x;
}

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: %s SRC.cu OUT.bin [nvrtc options...]\n", argv[0]);
    return 2;
  }
  const int n = env_int("NVRTC_APP_N", 1 << 16);
  const int reps = env_int("NVRTC_APP_REPS", 6);
  const int timed = env_int("NVRTC_APP_TIMES", 0);
  const int lens[] = {2, 16, 64, 300};
  const int nlens = (int)(sizeof lens / sizeof lens[0]);

  /* Compile with NVRTC. */
  char *source = read_file(argv[1]);
  double t0 = now_ms();
  nvrtcProgram prog;
  const char *header_path = getenv("NVRTC_APP_HEADER");
  char *header = NULL;
  const char *header_name = NULL;
  if (header_path && *header_path) {
    header = read_file(header_path);
    header_name = strrchr(header_path, '/') ? strrchr(header_path, '/') + 1
                                            : header_path;
  }
  NVRTC(nvrtcCreateProgram(&prog, source, "classify.cu", header ? 1 : 0,
                           (const char *const *)&header,
                           &header_name));
  NVRTC(nvrtcAddNameExpression(prog, "classify"));
  int nopts = argc - 3;
  const char *const *opts = (const char *const *)(argv + 3);
  nvrtcResult compiled = nvrtcCompileProgram(prog, nopts, opts);
  size_t log_size = 0;
  NVRTC(nvrtcGetProgramLogSize(prog, &log_size));
  char *log = xmalloc(log_size + 1);
  NVRTC(nvrtcGetProgramLog(prog, log));
  log[log_size] = 0;
  if (compiled != NVRTC_SUCCESS) {
    fprintf(stderr, "nvrtc_app: nvrtcCompileProgram failed: %d (%s)\n%s\n",
            (int)compiled, nvrtcGetErrorString(compiled), log);
    return 1;
  }
  free(log);
  const char *lowered = NULL;
  NVRTC(nvrtcGetLoweredName(prog, "classify", &lowered));
  /* The lowered name dies with the program: copy it first. */
  char *name = xmalloc(strlen(lowered) + 1);
  strcpy(name, lowered);
  size_t ptx_size = 0;
  NVRTC(nvrtcGetPTXSize(prog, &ptx_size));
  char *ptx = xmalloc(ptx_size);
  NVRTC(nvrtcGetPTX(prog, ptx));
  NVRTC(nvrtcDestroyProgram(&prog));
  free(source);
  free(header);
  if (timed > 0)
    fprintf(stderr, "nvrtc_app: compile %.1f ms\n", now_ms() - t0);

  /* Load it with the driver API. */
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  CUfunction fn;
  CU(cuInit(0));
  CU(cuDeviceGet(&dev, 0));
  CU(cuCtxCreate_v2(&ctx, 0, dev));
  CU(cuModuleLoadDataEx(&mod, ptx, 0, NULL, NULL));
  CU(cuModuleGetFunction(&fn, mod, name));

  /* Kinds 0..7 at random: both sides of `kind & 1` in every warp. */
  int *kind = xmalloc((size_t)n * sizeof *kind);
  float *in = xmalloc((size_t)n * sizeof *in);
  float *out = xmalloc((size_t)n * sizeof *out);
  float *poison = xmalloc((size_t)n * sizeof *poison);
  uint32_t seed = 12345u;
  for (int i = 0; i < n; ++i) {
    seed = seed * 1103515245u + 12345u;
    kind[i] = (int)((seed >> 16) & 7u);
    seed = seed * 1103515245u + 12345u;
    in[i] = (float)((seed >> 8) & 0xffffu) / 65536.0f;
    poison[i] = -1.0f;
  }
  CUdeviceptr dkind, din, dout;
  CU(cuMemAlloc_v2(&dkind, (size_t)n * sizeof *kind));
  CU(cuMemAlloc_v2(&din, (size_t)n * sizeof *in));
  CU(cuMemAlloc_v2(&dout, (size_t)n * sizeof *out));
  CU(cuMemcpyHtoD_v2(dkind, kind, (size_t)n * sizeof *kind));
  CU(cuMemcpyHtoD_v2(din, in, (size_t)n * sizeof *in));

  FILE *bin = fopen(argv[2], "wb");
  if (!bin) {
    perror(argv[2]);
    return 1;
  }
  int nn = n, len = 0;
  void *params[5] = {&dkind, &din, &dout, &nn, &len};
  unsigned grid = (unsigned)((n + BLOCK - 1) / BLOCK);
  for (int l = 0; l < nlens; ++l) {
    len = lens[l];
    uint32_t checksum = 0;
    for (int rep = 0; rep < reps; ++rep) {
      /* A launch that writes nothing must not pass for one that did. */
      CU(cuMemcpyHtoD_v2(dout, poison, (size_t)n * sizeof *poison));
      CU(cuLaunchKernel(fn, grid, 1, 1, BLOCK, 1, 1, 0, NULL, params, NULL));
      CU(cuMemcpyDtoH_v2(out, dout, (size_t)n * sizeof *out));
      if (fwrite(out, sizeof *out, (size_t)n, bin) != (size_t)n) {
        fprintf(stderr, "nvrtc_app: cannot write %s\n", argv[2]);
        return 1;
      }
      for (int i = 0; i < n; ++i) {
        uint32_t bits;
        memcpy(&bits, &out[i], sizeof bits);
        checksum = checksum * 31u + bits;
      }
    }
    printf("len=%d checksum=%08x\n", len, (unsigned)checksum);
    if (timed > 0) { /* the chosen variant, settled by now */
      CUevent a, b;
      float ms = 0.0f;
      CU(cuEventCreate(&a, 0));
      CU(cuEventCreate(&b, 0));
      CU(cuEventRecord(a, NULL));
      for (int rep = 0; rep < timed; ++rep)
        CU(cuLaunchKernel(fn, grid, 1, 1, BLOCK, 1, 1, 0, NULL, params, NULL));
      CU(cuEventRecord(b, NULL));
      CU(cuEventSynchronize(b));
      CU(cuEventElapsedTime(&ms, a, b));
      fprintf(stderr, "nvrtc_app: len=%d %.4f ms per launch\n", len,
              (double)ms / timed);
      CU(cuEventDestroy_v2(a));
      CU(cuEventDestroy_v2(b));
    }
  }
  if (fclose(bin) != 0) {
    perror(argv[2]);
    return 1;
  }

  CU(cuMemFree_v2(dkind));
  CU(cuMemFree_v2(din));
  CU(cuMemFree_v2(dout));
  CU(cuModuleUnload(mod));
  CU(cuCtxDestroy_v2(ctx));
  free(kind);
  free(in);
  free(out);
  free(poison);
  free(ptx);
  free(name);
  return 0;
}
