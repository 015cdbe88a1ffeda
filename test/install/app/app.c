/* The install test's application: runs the kernels tdrc_add_kernels rewrote
 * (COPY: files next to the binary; EMBED, app_embed.cpp: the generated
 * headers) on the default OpenCL device and checks every output against a CPU
 * computation.  TDR_DISABLE=1 runs the originals instead.  Valid C and C++.
 * Exit status: 0 all outputs match, 1 a mismatch, 2 setup error. */
#include "tdr/cl_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef APP_EMBED
#include "divergent.tdr.h"
#include "scale.tdr.h"
#endif

enum { N = 4096, LOCAL = 64 };

/* The CPU references, written independently of the kernels. */
static int ref_divergent(int x) {
  int r = x * 2 + 7;
  if (x > 0)
    for (int i = 0; i < 20; ++i)
      r = (r * 7 + i) % 10007;
  return r;
}
static int ref_scale(int x) { return x < 0 ? -x * 5 : x + 1; }

/* The kernel's source: embedded, or read from next to the executable. */
static char *kernel_source(const char *exe, const char *name, int original) {
#ifdef APP_EMBED
  (void)exe;
  const char *text = NULL;
  if (!strcmp(name, "divergent"))
    text = original ? tdrc_divergent_cl : tdrc_divergent_tdr_cl;
  else
    text = original ? tdrc_scale_cl : tdrc_scale_tdr_cl;
  size_t len = strlen(text);
  char *copy = (char *)malloc(len + 1);
  if (copy)
    memcpy(copy, text, len + 1);
  return copy;
#else
  char path[4096];
  const char *slash = strrchr(exe, '/');
  int dir = slash ? (int)(slash - exe) : 1;
  snprintf(path, sizeof path, "%.*s/%s.%s", dir, slash ? exe : ".", name,
           original ? "cl" : "tdr.cl");
  return tdrcl_read_file(path, NULL);
#endif
}

/* Builds and runs kernel `name` over in[], returns the number of outputs
 * that differ from ref (or -1 on an OpenCL error). */
static int run(tdrcl_env *env, const char *exe, const char *name, int original,
               const int *in, int (*ref)(int)) {
  char *src = kernel_source(exe, name, original);
  if (!src)
    return -1;
  /* The rewrite must have happened (or not, for the original). */
  if ((strstr(src, "tdrc: round") != NULL) == original) {
    fprintf(stderr, "app: %s: the %s source %s tdrc's code\n", name,
            original ? "original" : "rewritten",
            original ? "contains" : "lacks");
    free(src);
    return -1;
  }
  cl_int err;
  const char *srcs[1] = {src};
  cl_program prog = clCreateProgramWithSource(env->context, 1, srcs, NULL, &err);
  free(src);
  if (err == CL_SUCCESS)
    err = clBuildProgram(prog, 1, &env->device, "-I " APP_INCLUDE_DIR, NULL, NULL);
  if (err != CL_SUCCESS) {
    char log[8192] = "";
    if (prog)
      clGetProgramBuildInfo(prog, env->device, CL_PROGRAM_BUILD_LOG, sizeof log, log, NULL);
    fprintf(stderr, "app: %s: build failed: %s\n%s\n", name, tdrcl_error_string(err), log);
    return -1;
  }
  cl_kernel k = clCreateKernel(prog, name, &err);
  cl_mem bin = clCreateBuffer(env->context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                              N * sizeof(int), (void *)in, &err);
  cl_mem bout = clCreateBuffer(env->context, CL_MEM_WRITE_ONLY, N * sizeof(int), NULL, &err);
  static int out[N];
  size_t global = N, local = LOCAL;
  clSetKernelArg(k, 0, sizeof bin, &bin);
  clSetKernelArg(k, 1, sizeof bout, &bout);
  err = clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &global, &local, 0, NULL, NULL);
  if (err == CL_SUCCESS)
    err = clEnqueueReadBuffer(env->queue, bout, CL_TRUE, 0, N * sizeof(int), out, 0, NULL, NULL);
  clReleaseMemObject(bin);
  clReleaseMemObject(bout);
  clReleaseKernel(k);
  clReleaseProgram(prog);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "app: %s: %s\n", name, tdrcl_error_string(err));
    return -1;
  }
  int bad = 0;
  for (int i = 0; i < N; ++i)
    if (out[i] != ref(in[i]) && bad++ < 3)
      fprintf(stderr, "app: %s: out[%d] = %d, expected %d\n", name, i, out[i], ref(in[i]));
  return bad;
}

int main(int argc, char **argv) {
  (void)argc;
  const char *off = getenv("TDR_DISABLE");
  int original = off && *off && strcmp(off, "0") != 0;
  tdrcl_env env;
  if (tdrcl_env_init(&env, 0) != 0)
    return 2;
  static int in[N];
  unsigned seed = 12345;
  for (int i = 0; i < N; ++i) { /* deterministic, both signs */
    seed = seed * 1103515245u + 12345u;
    in[i] = (int)((seed >> 16) % 101) - 50;
  }
  int a = run(&env, argv[0], "divergent", original, in, ref_divergent);
  int b = run(&env, argv[0], "scale", original, in, ref_scale);
  if (a < 0 || b < 0) {
    tdrcl_env_release(&env);
    return 2;
  }
  printf("app: %s %s kernels on %s: divergent %s, scale %s\n",
#ifdef APP_EMBED
         "embedded",
#else
         "copied",
#endif
         original ? "original" : "rewritten", env.device_name,
         a ? "MISMATCH" : "ok", b ? "MISMATCH" : "ok");
  tdrcl_env_release(&env);
  return a || b;
}
