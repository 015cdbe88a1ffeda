/* tdrcl: minimal OpenCL 1.2 host helpers shared by the tdrc test harness and
 * benchmarks. Deliberately tiny: pick a device, build a program from a file,
 * turn error codes into names. */
#ifndef TDR_CL_HOST_H
#define TDR_CL_HOST_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif
#include <CL/cl.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct tdrcl_env {
  cl_platform_id platform;
  cl_device_id device;
  cl_context context;
  cl_command_queue queue;
  char device_name[256];
  char platform_name[256];
} tdrcl_env;

/* Default device: if TDR_CL_PLATFORM is set, the first platform whose name
 * contains it (its first GPU, else its first device); otherwise the first GPU
 * of any platform, else the first device of any type. Creates a context and
 * an in-order queue (profiling enabled when profiling != 0).
 * Returns 0, or prints one line to stderr and returns -1. */
int tdrcl_env_init(tdrcl_env *env, int profiling);

/* Releases what tdrcl_env_init created; safe on a zeroed or failed env. */
void tdrcl_env_release(tdrcl_env *env);

/* Whole file, malloc'd and NUL-terminated; *len (if non-NULL) excludes the
 * NUL. NULL plus a message on stderr on error. */
char *tdrcl_read_file(const char *path, size_t *len);

/* Reads, creates and builds a program for env->device. On failure prints the
 * reason (the build log for build errors) to stderr and returns NULL. */
cl_program tdrcl_build_file(tdrcl_env *env, const char *path, const char *options);

/* Symbolic name of an OpenCL error code, e.g. "CL_INVALID_VALUE". */
const char *tdrcl_error_string(cl_int err);

#ifdef __cplusplus
}
#endif

#endif /* TDR_CL_HOST_H */
