/* tdrcl: minimal OpenCL 1.2 host helpers (see include/tdr/cl_host.h). */
#include "tdr/cl_host.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* First device of `type` on platform p, or 0 if it has none. */
static int first_device(cl_platform_id p, cl_device_type type, cl_device_id *out) {
  cl_uint n = 0;
  return clGetDeviceIDs(p, type, 1, out, &n) == CL_SUCCESS && n > 0;
}

/* Picks platform + device per the policy in the header; 0 on success. */
static int select_device(tdrcl_env *env) {
  cl_uint np = 0;
  cl_int err = clGetPlatformIDs(0, NULL, &np);
  if (err != CL_SUCCESS || np == 0) {
    fprintf(stderr, "tdrcl: no OpenCL platform found (clGetPlatformIDs: %s)\n",
            err != CL_SUCCESS ? tdrcl_error_string(err) : "0 platforms");
    return -1;
  }
  cl_platform_id *ps = malloc(np * sizeof *ps);
  if (!ps || (err = clGetPlatformIDs(np, ps, NULL)) != CL_SUCCESS) {
    fprintf(stderr, "tdrcl: clGetPlatformIDs failed: %s\n",
            ps ? tdrcl_error_string(err) : "out of memory");
    free(ps);
    return -1;
  }

  const char *want = getenv("TDR_CL_PLATFORM");
  int found = 0;
  if (want && *want) {
    /* An explicit platform choice is honoured strictly: no fallback to others. */
    for (cl_uint i = 0; i < np && !found; i++) {
      char name[256] = "";
      clGetPlatformInfo(ps[i], CL_PLATFORM_NAME, sizeof name, name, NULL);
      if (!strstr(name, want))
        continue;
      if (!first_device(ps[i], CL_DEVICE_TYPE_GPU, &env->device) &&
          !first_device(ps[i], CL_DEVICE_TYPE_ALL, &env->device)) {
        fprintf(stderr, "tdrcl: platform \"%s\" (TDR_CL_PLATFORM=%s) has no devices\n", name, want);
        free(ps);
        return -1;
      }
      env->platform = ps[i];
      found = 1;
    }
    if (!found)
      fprintf(stderr, "tdrcl: no OpenCL platform name contains \"%s\" (TDR_CL_PLATFORM)\n", want);
  } else {
    /* Prefer a GPU anywhere before settling for any device. */
    for (cl_uint i = 0; i < np && !found; i++)
      if (first_device(ps[i], CL_DEVICE_TYPE_GPU, &env->device))
        env->platform = ps[i], found = 1;
    for (cl_uint i = 0; i < np && !found; i++)
      if (first_device(ps[i], CL_DEVICE_TYPE_ALL, &env->device))
        env->platform = ps[i], found = 1;
    if (!found)
      fprintf(stderr, "tdrcl: no OpenCL device found on %u platform(s)\n", np);
  }
  free(ps);
  return found ? 0 : -1;
}

int tdrcl_env_init(tdrcl_env *env, int profiling) {
  memset(env, 0, sizeof *env);
  if (select_device(env) != 0)
    return -1;
  clGetPlatformInfo(env->platform, CL_PLATFORM_NAME, sizeof env->platform_name,
                    env->platform_name, NULL);
  clGetDeviceInfo(env->device, CL_DEVICE_NAME, sizeof env->device_name, env->device_name, NULL);

  cl_int err;
  cl_context_properties props[] = {CL_CONTEXT_PLATFORM, (cl_context_properties)env->platform, 0};
  env->context = clCreateContext(props, 1, &env->device, NULL, NULL, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "tdrcl: clCreateContext on %s failed: %s\n", env->device_name,
            tdrcl_error_string(err));
    env->context = NULL;
    return -1;
  }
  /* In-order (no OUT_OF_ORDER flag): callers rely on enqueue order. */
  cl_command_queue_properties qp = profiling ? CL_QUEUE_PROFILING_ENABLE : 0;
  env->queue = clCreateCommandQueue(env->context, env->device, qp, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "tdrcl: clCreateCommandQueue on %s failed: %s\n", env->device_name,
            tdrcl_error_string(err));
    env->queue = NULL;
    tdrcl_env_release(env);
    return -1;
  }
  return 0;
}

void tdrcl_env_release(tdrcl_env *env) {
  if (env->queue)
    clReleaseCommandQueue(env->queue);
  if (env->context)
    clReleaseContext(env->context);
  env->queue = NULL;
  env->context = NULL;
}

char *tdrcl_read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "tdrcl: cannot open %s: %s\n", path, strerror(errno));
    return NULL;
  }
  /* Grow-as-you-go rather than fseek/ftell so pipes and /dev/stdin work too. */
  size_t cap = 4096, n = 0;
  char *buf = malloc(cap);
  while (buf) {
    n += fread(buf + n, 1, cap - 1 - n, f);
    if (n < cap - 1)
      break;
    char *bigger = realloc(buf, cap *= 2);
    if (!bigger)
      free(buf);
    buf = bigger;
  }
  int failed = !buf || ferror(f);
  fclose(f);
  if (failed) {
    fprintf(stderr, "tdrcl: cannot read %s: %s\n", path, buf ? "I/O error" : "out of memory");
    free(buf);
    return NULL;
  }
  buf[n] = '\0';
  if (len)
    *len = n;
  return buf;
}

cl_program tdrcl_build_file(tdrcl_env *env, const char *path, const char *options) {
  size_t len;
  char *src = tdrcl_read_file(path, &len);
  if (!src)
    return NULL;
  cl_int err;
  const char *srcs[] = {src};
  cl_program prog = clCreateProgramWithSource(env->context, 1, srcs, &len, &err);
  free(src);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "tdrcl: %s: clCreateProgramWithSource failed: %s\n", path,
            tdrcl_error_string(err));
    return NULL;
  }
  err = clBuildProgram(prog, 1, &env->device, options, NULL, NULL);
  if (err != CL_SUCCESS) {
    size_t log_len = 0;
    clGetProgramBuildInfo(prog, env->device, CL_PROGRAM_BUILD_LOG, 0, NULL, &log_len);
    char *log = malloc(log_len + 1);
    if (log && clGetProgramBuildInfo(prog, env->device, CL_PROGRAM_BUILD_LOG, log_len, log,
                                     NULL) != CL_SUCCESS)
      log_len = 0;
    if (log)
      log[log_len] = '\0';
    fprintf(stderr, "tdrcl: %s: clBuildProgram(\"%s\") failed: %s\n%s\n", path,
            options ? options : "", tdrcl_error_string(err), log ? log : "(no build log)");
    free(log);
    clReleaseProgram(prog);
    return NULL;
  }
  return prog;
}

const char *tdrcl_error_string(cl_int err) {
  switch (err) {
#define E(x) \
  case x:    \
    return #x;
    E(CL_SUCCESS)
    E(CL_DEVICE_NOT_FOUND)
    E(CL_DEVICE_NOT_AVAILABLE)
    E(CL_COMPILER_NOT_AVAILABLE)
    E(CL_MEM_OBJECT_ALLOCATION_FAILURE)
    E(CL_OUT_OF_RESOURCES)
    E(CL_OUT_OF_HOST_MEMORY)
    E(CL_PROFILING_INFO_NOT_AVAILABLE)
    E(CL_MEM_COPY_OVERLAP)
    E(CL_IMAGE_FORMAT_MISMATCH)
    E(CL_IMAGE_FORMAT_NOT_SUPPORTED)
    E(CL_BUILD_PROGRAM_FAILURE)
    E(CL_MAP_FAILURE)
    E(CL_MISALIGNED_SUB_BUFFER_OFFSET)
    E(CL_EXEC_STATUS_ERROR_FOR_EVENTS_IN_WAIT_LIST)
    E(CL_COMPILE_PROGRAM_FAILURE)
    E(CL_LINKER_NOT_AVAILABLE)
    E(CL_LINK_PROGRAM_FAILURE)
    E(CL_DEVICE_PARTITION_FAILED)
    E(CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    E(CL_INVALID_VALUE)
    E(CL_INVALID_DEVICE_TYPE)
    E(CL_INVALID_PLATFORM)
    E(CL_INVALID_DEVICE)
    E(CL_INVALID_CONTEXT)
    E(CL_INVALID_QUEUE_PROPERTIES)
    E(CL_INVALID_COMMAND_QUEUE)
    E(CL_INVALID_HOST_PTR)
    E(CL_INVALID_MEM_OBJECT)
    E(CL_INVALID_IMAGE_FORMAT_DESCRIPTOR)
    E(CL_INVALID_IMAGE_SIZE)
    E(CL_INVALID_SAMPLER)
    E(CL_INVALID_BINARY)
    E(CL_INVALID_BUILD_OPTIONS)
    E(CL_INVALID_PROGRAM)
    E(CL_INVALID_PROGRAM_EXECUTABLE)
    E(CL_INVALID_KERNEL_NAME)
    E(CL_INVALID_KERNEL_DEFINITION)
    E(CL_INVALID_KERNEL)
    E(CL_INVALID_ARG_INDEX)
    E(CL_INVALID_ARG_VALUE)
    E(CL_INVALID_ARG_SIZE)
    E(CL_INVALID_KERNEL_ARGS)
    E(CL_INVALID_WORK_DIMENSION)
    E(CL_INVALID_WORK_GROUP_SIZE)
    E(CL_INVALID_WORK_ITEM_SIZE)
    E(CL_INVALID_GLOBAL_OFFSET)
    E(CL_INVALID_EVENT_WAIT_LIST)
    E(CL_INVALID_EVENT)
    E(CL_INVALID_OPERATION)
    E(CL_INVALID_GL_OBJECT)
    E(CL_INVALID_BUFFER_SIZE)
    E(CL_INVALID_MIP_LEVEL)
    E(CL_INVALID_GLOBAL_WORK_SIZE)
    E(CL_INVALID_PROPERTY)
    E(CL_INVALID_IMAGE_DESCRIPTOR)
    E(CL_INVALID_COMPILER_OPTIONS)
    E(CL_INVALID_LINKER_OPTIONS)
    E(CL_INVALID_DEVICE_PARTITION_COUNT)
#undef E
  case -1001: /* CL_PLATFORM_NOT_FOUND_KHR: ICD loader found no platforms */
    return "CL_PLATFORM_NOT_FOUND_KHR";
  default:
    return "unknown OpenCL error";
  }
}
