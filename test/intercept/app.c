/* A small OpenCL application that knows nothing of tdrc, for the interception
 * tests (run_intercept_test.sh): it builds shade.cl from source with -D and
 * -I options, creates one kernel with clCreateKernel and the others with
 * clCreateKernelsInProgram, launches the shading pass LAUNCHES times on a
 * profiling queue, and writes the radiance buffer's bytes to OUT.  With
 * INTERCEPT_APP_LINK=1 in the environment it builds with clCompileProgram
 * and clLinkProgram instead of clBuildProgram, as hashcat does.
 *
 *   intercept_app KERNEL.cl INCLUDE_DIR OUT [LAUNCHES]
 */
#define CL_TARGET_OPENCL_VERSION 120
#include <CL/cl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N 16384
#define CHECK(call)                                                        \
  do {                                                                     \
    cl_int e_ = (call);                                                    \
    if (e_ != CL_SUCCESS) {                                                \
      fprintf(stderr, "intercept_app: %s failed: %d\n", #call, (int)e_);   \
      exit(1);                                                             \
    }                                                                      \
  } while (0)

static char *read_file(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)size + 1);
  if (fread(text, 1, (size_t)size, f) != (size_t)size)
    exit(1);
  text[size] = 0;
  fclose(f);
  return text;
}

int main(int argc, char **argv) {
  if (argc < 4) {
    fprintf(stderr, "usage: %s KERNEL.cl INCLUDE_DIR OUT [LAUNCHES]\n", argv[0]);
    return 2;
  }
  int launches = argc > 4 ? atoi(argv[4]) : 8;
  cl_platform_id platform;
  cl_device_id device;
  cl_int err;
  CHECK(clGetPlatformIDs(1, &platform, NULL));
  CHECK(clGetDeviceIDs(platform, CL_DEVICE_TYPE_ALL, 1, &device, NULL));
  cl_context ctx = clCreateContext(NULL, 1, &device, NULL, NULL, &err);
  CHECK(err);
  cl_command_queue q =
      clCreateCommandQueue(ctx, device, CL_QUEUE_PROFILING_ENABLE, &err);
  CHECK(err);

  const char *source = read_file(argv[1]);
  cl_program prog = clCreateProgramWithSource(ctx, 1, &source, NULL, &err);
  CHECK(err);
  char options[4096];
  snprintf(options, sizeof options, "-DITERS=48 -I %s -cl-std=CL1.2", argv[2]);
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  cl_int built;
  const char *link = getenv("INTERCEPT_APP_LINK");
  if (link && !strcmp(link, "1")) {
    built = clCompileProgram(prog, 1, &device, options, 0, NULL, NULL, NULL,
                             NULL);
    cl_program compiled = prog;
    if (built == CL_SUCCESS)
      prog = clLinkProgram(ctx, 1, &device, "", 1, &compiled, NULL, NULL,
                           &built);
    CHECK(clReleaseProgram(compiled));
  } else {
    built = clBuildProgram(prog, 1, &device, options, NULL, NULL);
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  /* The build's wall time, for the interceptor's overhead (docs/intercept.md). */
  fprintf(stderr, "intercept_app: clBuildProgram took %.1f ms\n",
          (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) * 1e-6);
  if (built != CL_SUCCESS) {
    char log[8192] = "";
    clGetProgramBuildInfo(prog, device, CL_PROGRAM_BUILD_LOG, sizeof log, log,
                          NULL);
    fprintf(stderr, "intercept_app: build failed:\n%s\n", log);
    return 1;
  }
  cl_kernel shade = clCreateKernel(prog, "shade", &err);
  CHECK(err);
  cl_kernel all[4], expose = NULL;
  cl_uint count = 0;
  CHECK(clCreateKernelsInProgram(prog, 4, all, &count));
  for (cl_uint i = 0; i < count; ++i) {
    char name[64] = "";
    CHECK(clGetKernelInfo(all[i], CL_KERNEL_FUNCTION_NAME, sizeof name, name,
                          NULL));
    if (!strcmp(name, "expose"))
      expose = all[i];
    else
      CHECK(clReleaseKernel(all[i]));
  }
  if (!expose) {
    fprintf(stderr, "intercept_app: no kernel 'expose'\n");
    return 1;
  }

  /* Materials interleaved at random: every warp diverges. */
  static int material[N];
  static cl_float4 albedo[N];
  static float radiance[N];
  unsigned seed = 12345;
  for (int i = 0; i < N; ++i) {
    seed = seed * 1103515245u + 12345u;
    material[i] = (seed >> 16) & 1;
    for (int c = 0; c < 4; ++c) {
      seed = seed * 1103515245u + 12345u;
      albedo[i].s[c] = (float)((seed >> 8) & 0xffff) / 65536.0f;
    }
  }
  cl_mem dm = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                             sizeof material, material, &err);
  CHECK(err);
  cl_mem da = clCreateBuffer(ctx, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR,
                             sizeof albedo, albedo, &err);
  CHECK(err);
  cl_mem dr = clCreateBuffer(ctx, CL_MEM_READ_WRITE, sizeof radiance, NULL, &err);
  CHECK(err);
  int n = N;
  float scale = 0.5f;
  CHECK(clSetKernelArg(shade, 0, sizeof dm, &dm));
  CHECK(clSetKernelArg(shade, 1, sizeof da, &da));
  CHECK(clSetKernelArg(shade, 2, sizeof dr, &dr));
  CHECK(clSetKernelArg(shade, 3, sizeof n, &n));
  CHECK(clSetKernelArg(expose, 0, sizeof dr, &dr));
  CHECK(clSetKernelArg(expose, 1, sizeof scale, &scale));
  CHECK(clSetKernelArg(expose, 2, sizeof n, &n));
  size_t global = N, local = 64;
  for (int l = 0; l < launches; ++l) {
    cl_event ev;
    CHECK(clEnqueueNDRangeKernel(q, shade, 1, NULL, &global, &local, 0, NULL,
                                 &ev));
    CHECK(clWaitForEvents(1, &ev));
    CHECK(clReleaseEvent(ev));
  }
  CHECK(clEnqueueNDRangeKernel(q, expose, 1, NULL, &global, &local, 0, NULL,
                               NULL));
  CHECK(clEnqueueReadBuffer(q, dr, CL_TRUE, 0, sizeof radiance, radiance, 0,
                            NULL, NULL));
  FILE *out = fopen(argv[3], "wb");
  if (!out || fwrite(radiance, sizeof radiance, 1, out) != 1) {
    perror(argv[3]);
    return 1;
  }
  fclose(out);
  CHECK(clReleaseKernel(shade));
  CHECK(clReleaseKernel(expose));
  CHECK(clReleaseProgram(prog));
  CHECK(clReleaseMemObject(dm));
  CHECK(clReleaseMemObject(da));
  CHECK(clReleaseMemObject(dr));
  CHECK(clReleaseCommandQueue(q));
  CHECK(clReleaseContext(ctx));
  printf("intercept_app: %d launches, radiance written to %s\n", launches,
         argv[3]);
  return 0;
}
