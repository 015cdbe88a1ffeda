/* A stand-in for libcuda.so on machines without a GPU, for the NVRTC
 * interception test (run_nvrtc_test.sh).  It implements every driver call
 * declared in runtime/intercept/nvrtc/CudaApi.h, on host memory:
 *
 *  - device memory is malloc'd host memory (a CUdeviceptr is the pointer);
 *    launches check that their buffers are allocations large enough;
 *  - a module keeps a copy of its image, the text fake_nvrtc.c writes
 *    ("// fake ptx\n// options: ...\n" and the CUDA source);
 *    cuModuleGetFunction(mod, NAME) succeeds iff the text contains
 *    "__global__ void NAME(" (blanks allowed around the words), else
 *    CUDA_ERROR_NOT_FOUND;
 *  - cuLaunchKernel "runs" any function as the signature
 *    (const int *kind, const float *in, float *out, int n, int len):
 *    out[i] = in[i] * len + (kind[i] & 1) for i < n and i < the threads
 *    launched, so that the original (NAME_tdr_original) and the rewrite
 *    (NAME) write the same bytes, as they should.  With FAKE_CUDA_WRONG set,
 *    a rewrite (a name not ending in _tdr_original, from a module whose text
 *    holds "tdrc-variants") writes something else: the test's proof that a
 *    wrong rewrite would be seen;
 *  - events: cuEventRecord notes the last function launched;
 *    cuEventElapsedTime(a, b) is 1 ms when the function launched between a
 *    and b is a rewrite, 2 ms for an original (swapped with
 *    FAKE_CUDA_ORIGINAL_FASTER=1), 0 when nothing was launched between;
 *  - with FAKE_CUDA_LOG=FILE, each module load appends
 *    "load tdrc=0|1[ hostchooses=1]" (tdrc=1: the image holds "tdrc-variants";
 *    hostchooses=1: its options line defines TDR_HOST_CHOOSES) and each
 *    launch "launch NAME len=L".
 *
 * Calls before cuInit fail with CUDA_ERROR_NOT_INITIALIZED, and those that
 * need a context without one with CUDA_ERROR_INVALID_CONTEXT, as the
 * driver's do.
 *
 * Build: cc -std=c99 -shared -fPIC -Wl,-soname,libcuda.so \
 *          -I runtime/intercept/nvrtc -o FAKE_DIR/libcuda.so fake_cuda.c
 */
#define _POSIX_C_SOURCE 200809L
#include "CudaApi.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* cuda.h's codes that CudaApi.h does not declare (the driver's stable ABI). */
#define FAKE_CUDA_ERROR_NOT_INITIALIZED 3
#define FAKE_CUDA_ERROR_INVALID_DEVICE 101
#define FAKE_CUDA_ERROR_INVALID_CONTEXT 201
#define FAKE_CUDA_ERROR_INVALID_PTX 218
#define FAKE_CUDA_ERROR_INVALID_HANDLE 400
#define FAKE_CUDA_ERROR_ILLEGAL_ADDRESS 700
#define FAKE_CU_EVENT_DISABLE_TIMING 0x2

struct CUctx_st {
  CUdevice device;
};

struct CUfunc_st {
  struct CUfunc_st *next;
  struct CUmod_st *module;
  char *name;
  int original; /* the name ends in _tdr_original */
};

struct CUmod_st {
  char *text;
  int tdrc; /* the image holds "tdrc-variants" */
  struct CUfunc_st *functions;
};

struct CUevent_st {
  unsigned flags;
  int recorded;
  unsigned long long launches; /* launches before the record */
  int original;                /* the last launched before it was an original */
};

struct allocation {
  struct allocation *next;
  char *base;
  size_t size;
};

static int initialized;
static struct CUctx_st *current;
static struct allocation *allocations;
static unsigned long long launches;
static int last_original;

static void log_line(const char *fmt, ...) {
  const char *path = getenv("FAKE_CUDA_LOG");
  if (!path || !*path)
    return;
  FILE *f = fopen(path, "a");
  if (!f)
    return;
  va_list ap;
  va_start(ap, fmt);
  vfprintf(f, fmt, ap);
  va_end(ap);
  fputc('\n', f);
  fclose(f);
}

static int env_set(const char *name) {
  const char *v = getenv(name);
  return v && *v && strcmp(v, "0") != 0;
}

static CUresult need_context(void) {
  if (!initialized)
    return FAKE_CUDA_ERROR_NOT_INITIALIZED;
  return current ? CUDA_SUCCESS : FAKE_CUDA_ERROR_INVALID_CONTEXT;
}

/* The allocation holding [p, p + size), or NULL. */
static struct allocation *find_allocation(const void *p, size_t size) {
  const char *c = p;
  for (struct allocation *a = allocations; a; a = a->next)
    if (c >= a->base && c <= a->base + a->size &&
        size <= (size_t)(a->base + a->size - c))
      return a;
  return NULL;
}

CUresult cuInit(unsigned int Flags) {
  if (Flags != 0)
    return CUDA_ERROR_INVALID_VALUE;
  initialized = 1;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGet(CUdevice *device, int ordinal) {
  if (!initialized)
    return FAKE_CUDA_ERROR_NOT_INITIALIZED;
  if (!device)
    return CUDA_ERROR_INVALID_VALUE;
  if (ordinal != 0)
    return FAKE_CUDA_ERROR_INVALID_DEVICE;
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceComputeCapability(int *major, int *minor, CUdevice dev) {
  if (!initialized)
    return FAKE_CUDA_ERROR_NOT_INITIALIZED;
  if (!major || !minor)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return FAKE_CUDA_ERROR_INVALID_DEVICE;
  *major = 9;
  *minor = 0;
  return CUDA_SUCCESS;
}

CUresult cuCtxCreate_v2(CUcontext *pctx, unsigned int flags, CUdevice dev) {
  (void)flags;
  if (!initialized)
    return FAKE_CUDA_ERROR_NOT_INITIALIZED;
  if (!pctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (dev != 0)
    return FAKE_CUDA_ERROR_INVALID_DEVICE;
  struct CUctx_st *ctx = calloc(1, sizeof *ctx);
  if (!ctx)
    return CUDA_ERROR_INVALID_VALUE;
  ctx->device = dev;
  current = ctx;
  *pctx = ctx;
  return CUDA_SUCCESS;
}

CUresult cuCtxDestroy_v2(CUcontext ctx) {
  if (!initialized)
    return FAKE_CUDA_ERROR_NOT_INITIALIZED;
  if (!ctx)
    return CUDA_ERROR_INVALID_VALUE;
  if (ctx == current)
    current = NULL;
  free(ctx);
  return CUDA_SUCCESS;
}

CUresult cuCtxSynchronize(void) { return need_context(); }

/* Whether the image's options line ("// options: ...", its second line)
 * defines TDR_HOST_CHOOSES: -DTDR_HOST_CHOOSES[=V], -D TDR_HOST_CHOOSES,
 * --define-macro=... or --define-macro .... */
static int defines_host_chooses(const char *text) {
  const char *line = strchr(text, '\n');
  if (!line || strncmp(line + 1, "// options:", 11) != 0)
    return 0;
  line += 1 + 11;
  const char *end = strchr(line, '\n');
  if (!end)
    end = line + strlen(line);
  int after_d = 0; /* the previous word was -D or --define-macro */
  while (line < end) {
    while (line < end && isspace((unsigned char)*line))
      ++line;
    const char *w = line;
    while (line < end && !isspace((unsigned char)*line))
      ++line;
    size_t n = (size_t)(line - w);
    if (!n)
      break;
    const char *macro = NULL;
    if (after_d)
      macro = w;
    else if (n > 2 && !strncmp(w, "-D", 2))
      macro = w + 2;
    else if (n > 15 && !strncmp(w, "--define-macro=", 15))
      macro = w + 15;
    after_d = (n == 2 && !strncmp(w, "-D", 2)) ||
              (n == 14 && !strncmp(w, "--define-macro", 14));
    if (macro) {
      size_t m = strlen("TDR_HOST_CHOOSES");
      if ((size_t)(line - macro) >= m && !strncmp(macro, "TDR_HOST_CHOOSES", m) &&
          (macro + m == line || macro[m] == '='))
        return 1;
    }
  }
  return 0;
}

CUresult cuModuleLoadDataEx(CUmodule *module, const void *image,
                            unsigned int numOptions, CUjit_option *options,
                            void **optionValues) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!module || !image || (numOptions && (!options || !optionValues)))
    return CUDA_ERROR_INVALID_VALUE;
  const char *text = image;
  if (strncmp(text, "// fake ptx\n", 12) != 0)
    return FAKE_CUDA_ERROR_INVALID_PTX; /* not what fake_nvrtc.c writes */
  struct CUmod_st *m = calloc(1, sizeof *m);
  size_t n = strlen(text) + 1;
  if (!m || !(m->text = malloc(n))) {
    free(m);
    return CUDA_ERROR_INVALID_VALUE;
  }
  memcpy(m->text, text, n);
  m->tdrc = strstr(text, "tdrc-variants") != NULL;
  log_line("load tdrc=%d%s", m->tdrc,
           defines_host_chooses(text) ? " hostchooses=1" : "");
  *module = m;
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  return cuModuleLoadDataEx(module, image, 0, NULL, NULL);
}

CUresult cuModuleUnload(CUmodule hmod) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!hmod)
    return FAKE_CUDA_ERROR_INVALID_HANDLE;
  for (struct CUfunc_st *f = hmod->functions, *next; f; f = next) {
    next = f->next;
    free(f->name);
    free(f);
  }
  free(hmod->text);
  free(hmod);
  return CUDA_SUCCESS;
}

static int is_ident(char c) {
  return isalnum((unsigned char)c) || c == '_';
}

/* Whether text holds "__global__ void NAME(", blanks allowed between. */
static int defines_kernel(const char *text, const char *name) {
  size_t len = strlen(name);
  for (const char *p = strstr(text, "__global__"); p;
       p = strstr(p + 1, "__global__")) {
    const char *q = p + 10;
    if (!isspace((unsigned char)*q))
      continue;
    while (isspace((unsigned char)*q))
      ++q;
    if (strncmp(q, "void", 4) != 0 || !isspace((unsigned char)q[4]))
      continue;
    q += 4;
    while (isspace((unsigned char)*q))
      ++q;
    if (strncmp(q, name, len) != 0 || is_ident(q[len]))
      continue;
    q += len;
    while (isspace((unsigned char)*q))
      ++q;
    if (*q == '(')
      return 1;
  }
  return 0;
}

static int ends_with(const char *s, const char *suffix) {
  size_t n = strlen(s), m = strlen(suffix);
  return n >= m && !strcmp(s + n - m, suffix);
}

CUresult cuModuleGetFunction(CUfunction *hfunc, CUmodule hmod,
                             const char *name) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!hfunc || !name)
    return CUDA_ERROR_INVALID_VALUE;
  if (!hmod)
    return FAKE_CUDA_ERROR_INVALID_HANDLE;
  for (struct CUfunc_st *f = hmod->functions; f; f = f->next)
    if (!strcmp(f->name, name)) {
      *hfunc = f; /* the same handle for the same name, as the driver's */
      return CUDA_SUCCESS;
    }
  if (!*name || !defines_kernel(hmod->text, name))
    return CUDA_ERROR_NOT_FOUND;
  struct CUfunc_st *f = calloc(1, sizeof *f);
  size_t n = strlen(name) + 1;
  if (!f || !(f->name = malloc(n))) {
    free(f);
    return CUDA_ERROR_INVALID_VALUE;
  }
  memcpy(f->name, name, n);
  f->module = hmod;
  f->original = ends_with(name, "_tdr_original");
  f->next = hmod->functions;
  hmod->functions = f;
  *hfunc = f;
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernel(CUfunction f, unsigned int gridDimX,
                        unsigned int gridDimY, unsigned int gridDimZ,
                        unsigned int blockDimX, unsigned int blockDimY,
                        unsigned int blockDimZ, unsigned int sharedMemBytes,
                        CUstream hStream, void **kernelParams, void **extra) {
  (void)sharedMemBytes;
  (void)hStream;
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!f)
    return FAKE_CUDA_ERROR_INVALID_HANDLE;
  /* Only kernelParams is supported (the test application's way). */
  if (!kernelParams || extra)
    return CUDA_ERROR_INVALID_VALUE;
  if (!gridDimX || !gridDimY || !gridDimZ || !blockDimX || !blockDimY ||
      !blockDimZ ||
      (unsigned long long)blockDimX * blockDimY * blockDimZ > 1024)
    return CUDA_ERROR_INVALID_VALUE;
  for (int i = 0; i < 5; ++i)
    if (!kernelParams[i])
      return CUDA_ERROR_INVALID_VALUE;
  const int *kind = (const int *)(uintptr_t) * (CUdeviceptr *)kernelParams[0];
  const float *in = (const float *)(uintptr_t) * (CUdeviceptr *)kernelParams[1];
  float *out = (float *)(uintptr_t) * (CUdeviceptr *)kernelParams[2];
  int n = *(int *)kernelParams[3];
  int len = *(int *)kernelParams[4];
  unsigned long long threads = (unsigned long long)gridDimX * gridDimY *
                               gridDimZ * blockDimX * blockDimY * blockDimZ;
  size_t count = n > 0 ? (size_t)n : 0;
  if (count > threads)
    count = (size_t)threads;
  if (count && (!find_allocation(kind, count * sizeof *kind) ||
                !find_allocation(in, count * sizeof *in) ||
                !find_allocation(out, count * sizeof *out)))
    return FAKE_CUDA_ERROR_ILLEGAL_ADDRESS;
  float wrong = !f->original && f->module->tdrc && env_set("FAKE_CUDA_WRONG")
                    ? 0.5f
                    : 0.0f;
  for (size_t i = 0; i < count; ++i)
    out[i] = in[i] * (float)len + (float)(kind[i] & 1) + wrong;
  ++launches;
  last_original = f->original;
  log_line("launch %s len=%d", f->name, len);
  return CUDA_SUCCESS;
}

CUresult cuMemAlloc_v2(CUdeviceptr *dptr, size_t bytesize) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!dptr || !bytesize)
    return CUDA_ERROR_INVALID_VALUE;
  struct allocation *a = malloc(sizeof *a);
  if (!a || !(a->base = malloc(bytesize))) {
    free(a);
    return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
  }
  a->size = bytesize;
  a->next = allocations;
  allocations = a;
  *dptr = (CUdeviceptr)(uintptr_t)a->base;
  return CUDA_SUCCESS;
}

CUresult cuMemFree_v2(CUdeviceptr dptr) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  char *p = (char *)(uintptr_t)dptr;
  for (struct allocation **a = &allocations; *a; a = &(*a)->next)
    if ((*a)->base == p) {
      struct allocation *dead = *a;
      *a = dead->next;
      free(dead->base);
      free(dead);
      return CUDA_SUCCESS;
    }
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuMemcpyHtoD_v2(CUdeviceptr dstDevice, const void *srcHost,
                         size_t ByteCount) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  void *dst = (void *)(uintptr_t)dstDevice;
  if (!srcHost || !find_allocation(dst, ByteCount))
    return CUDA_ERROR_INVALID_VALUE;
  memcpy(dst, srcHost, ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuMemcpyDtoH_v2(void *dstHost, CUdeviceptr srcDevice,
                         size_t ByteCount) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  const void *src = (const void *)(uintptr_t)srcDevice;
  if (!dstHost || !find_allocation(src, ByteCount))
    return CUDA_ERROR_INVALID_VALUE;
  memcpy(dstHost, src, ByteCount);
  return CUDA_SUCCESS;
}

CUresult cuEventCreate(CUevent *phEvent, unsigned int Flags) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!phEvent)
    return CUDA_ERROR_INVALID_VALUE;
  struct CUevent_st *e = calloc(1, sizeof *e);
  if (!e)
    return CUDA_ERROR_INVALID_VALUE;
  e->flags = Flags;
  *phEvent = e;
  return CUDA_SUCCESS;
}

CUresult cuEventRecord(CUevent hEvent, CUstream hStream) {
  (void)hStream;
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!hEvent)
    return FAKE_CUDA_ERROR_INVALID_HANDLE;
  hEvent->recorded = 1;
  hEvent->launches = launches;
  hEvent->original = last_original;
  return CUDA_SUCCESS;
}

CUresult cuEventSynchronize(CUevent hEvent) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  return hEvent ? CUDA_SUCCESS : FAKE_CUDA_ERROR_INVALID_HANDLE;
}

CUresult cuEventElapsedTime(float *pMilliseconds, CUevent hStart,
                            CUevent hEnd) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!pMilliseconds)
    return CUDA_ERROR_INVALID_VALUE;
  if (!hStart || !hEnd || !hStart->recorded || !hEnd->recorded ||
      ((hStart->flags | hEnd->flags) & FAKE_CU_EVENT_DISABLE_TIMING))
    return FAKE_CUDA_ERROR_INVALID_HANDLE;
  if (hEnd->launches <= hStart->launches) {
    *pMilliseconds = 0.0f;
    return CUDA_SUCCESS;
  }
  int original_faster = env_set("FAKE_CUDA_ORIGINAL_FASTER");
  int fast = hEnd->original ? original_faster : !original_faster;
  *pMilliseconds = fast ? 1.0f : 2.0f;
  return CUDA_SUCCESS;
}

CUresult cuEventDestroy_v2(CUevent hEvent) {
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!hEvent)
    return FAKE_CUDA_ERROR_INVALID_HANDLE;
  free(hEvent);
  return CUDA_SUCCESS;
}

CUresult cuStreamIsCapturing(CUstream hStream, int *captureStatus) {
  (void)hStream;
  CUresult r = need_context();
  if (r != CUDA_SUCCESS)
    return r;
  if (!captureStatus)
    return CUDA_ERROR_INVALID_VALUE;
  *captureStatus = 0; /* CU_STREAM_CAPTURE_STATUS_NONE */
  return CUDA_SUCCESS;
}
