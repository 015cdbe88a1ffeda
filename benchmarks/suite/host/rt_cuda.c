/* The suite's CUDA runtime: the driver API loads a cubin/PTX that nvcc built
 * from the benchmark's .cu (generated from its .cl by cl2cu.py), so the same
 * argument lists serve both runtimes; kernel times from CUDA events. */
#include "rt.h"

#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rt {
  CUdevice dev;
  CUcontext ctx;
};

static int check(CUresult res, const char *what) {
  if (res == CUDA_SUCCESS) return 0;
  const char *name = NULL;
  cuGetErrorName(res, &name);
  fprintf(stderr, "suite: %s failed: %s (%d)\n", what, name ? name : "?", (int)res);
  return -1;
}

#define CHECK(call)                         \
  do {                                      \
    if (check((call), #call) != 0) goto fail; \
  } while (0)

rt *rt_open(char *device, size_t device_len, char *api, size_t api_len) {
  rt *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  CHECK(cuInit(0));
  CHECK(cuDeviceGet(&r->dev, 0));
  /* The primary context: cuCtxCreate's signature changed in CUDA 13. */
  CHECK(cuDevicePrimaryCtxRetain(&r->ctx, r->dev));
  CHECK(cuCtxSetCurrent(r->ctx));
  CHECK(cuDeviceGetName(device, (int)device_len, r->dev));
  snprintf(api, api_len, "cuda");
  return r;
fail:
  free(r);
  return NULL;
}

void rt_close(rt *r) {
  if (!r) return;
  cuDevicePrimaryCtxRelease(r->dev);
  free(r);
}

static int reset_bufs(const bench *b, CUdeviceptr *mem, void *const *host) {
  for (int k = 0; k < b->nbuf; ++k) {
    const sbuf *s = &b->buf[k];
    if (s->reset && check(cuMemcpyHtoD(mem[k], host[k] ? host[k] : s->host, s->count * s->elem), "reset") != 0)
      return -1;
  }
  return 0;
}

int rt_run(rt *r, const bench *b, const char *kernel_file, const char *options, void *const *host, int warmup,
           int reps, double *median_ms, void *const *out) {
  int rc = -1, nev = 0;
  CUmodule mod = NULL;
  CUfunction fn;
  CUdeviceptr mem[SUITE_MAX_BUF] = {0};
  void *params[SUITE_MAX_ARG];
  CUevent *ev = calloc(2 * (size_t)reps, sizeof *ev);
  double *ms = calloc((size_t)reps, sizeof *ms);
  unsigned grid = (unsigned)(b->global / b->wg), block = (unsigned)b->wg;
  if (options && *options)
    fprintf(stderr, "suite: CUDA ignores build options '%s' (they go to nvcc)\n", options);
  if (!ev || !ms) goto fail;
  CHECK(cuCtxSetCurrent(r->ctx));
  CHECK(cuModuleLoad(&mod, kernel_file));
  CHECK(cuModuleGetFunction(&fn, mod, b->kernel));
  for (int i = 0; i < b->nbuf; ++i) {
    const sbuf *s = &b->buf[i];
    size_t bytes = s->count * s->elem;
    CHECK(cuMemAlloc(&mem[i], bytes));
    if (s->output && !s->reset)
      CHECK(cuMemsetD8(mem[i], 0xFF, bytes));
    else
      CHECK(cuMemcpyHtoD(mem[i], host[i] ? host[i] : s->host, bytes));
  }
  for (int i = 0; i < b->narg; ++i) {
    const sarg *a = &b->arg[i];
    params[i] = a->kind == ARG_BUF ? (void *)&mem[a->buf] : a->kind == ARG_INT ? (void *)&a->i : (void *)&a->f;
  }
  for (int i = 0; i < warmup; ++i) {
    if (reset_bufs(b, mem, host) != 0) goto fail;
    CHECK(cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, NULL, params, NULL));
  }
  for (; nev < 2 * reps; nev += 2) {
    if (reset_bufs(b, mem, host) != 0) goto fail;
    CHECK(cuEventCreate(&ev[nev], CU_EVENT_DEFAULT));
    CHECK(cuEventCreate(&ev[nev + 1], CU_EVENT_DEFAULT));
    CHECK(cuEventRecord(ev[nev], NULL));
    CHECK(cuLaunchKernel(fn, grid, 1, 1, block, 1, 1, 0, NULL, params, NULL));
    CHECK(cuEventRecord(ev[nev + 1], NULL));
  }
  CHECK(cuCtxSynchronize());
  for (int i = 0; i < reps; ++i) {
    float t = 0;
    CHECK(cuEventElapsedTime(&t, ev[2 * i], ev[2 * i + 1]));
    ms[i] = t;
  }
  *median_ms = rt_median(ms, (size_t)reps);
  for (int i = 0; i < b->nbuf; ++i)
    if (b->buf[i].output) CHECK(cuMemcpyDtoH(out[i], mem[i], b->buf[i].count * b->buf[i].elem));
  rc = 0;
fail:
  if (rc != 0) fprintf(stderr, "suite: %s: %s failed\n", b->name, kernel_file);
  cuCtxSynchronize();
  for (int i = 0; i < nev; ++i)
    if (ev[i]) cuEventDestroy(ev[i]);
  for (int i = 0; i < b->nbuf; ++i)
    if (mem[i]) cuMemFree(mem[i]);
  if (mod) cuModuleUnload(mod);
  free(ev);
  free(ms);
  return rc;
}
