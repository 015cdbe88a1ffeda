/* The suite's OpenCL runtime: device and program setup through tdrcl
 * (runtime/cl), kernel times from profiling events. */
#include "rt.h"

#include "tdr/cl_host.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct rt {
  tdrcl_env env;
};

#define CHECK(call)                                                                           \
  do {                                                                                        \
    cl_int err_ = (call);                                                                     \
    if (err_ != CL_SUCCESS) {                                                                 \
      fprintf(stderr, "suite: %s failed: %s (%d)\n", #call, tdrcl_error_string(err_), err_); \
      goto fail;                                                                              \
    }                                                                                         \
  } while (0)

rt *rt_open(char *device, size_t device_len, char *api, size_t api_len) {
  rt *r = calloc(1, sizeof *r);
  if (!r || tdrcl_env_init(&r->env, 1) != 0) {
    free(r);
    return NULL;
  }
  snprintf(device, device_len, "%s", r->env.device_name);
  snprintf(api, api_len, "opencl");
  return r;
}

void rt_close(rt *r) {
  if (!r) return;
  tdrcl_env_release(&r->env);
  free(r);
}

static int set_args(const bench *b, cl_kernel k, cl_mem *mem) {
  for (int i = 0; i < b->narg; ++i) {
    const sarg *a = &b->arg[i];
    cl_int err = a->kind == ARG_BUF   ? clSetKernelArg(k, (cl_uint)i, sizeof(cl_mem), &mem[a->buf])
                 : a->kind == ARG_INT ? clSetKernelArg(k, (cl_uint)i, sizeof(cl_int), &a->i)
                                      : clSetKernelArg(k, (cl_uint)i, sizeof(cl_float), &a->f);
    if (err != CL_SUCCESS) {
      fprintf(stderr, "suite: %s: argument %d: %s\n", b->name, i, tdrcl_error_string(err));
      return -1;
    }
  }
  return 0;
}

/* Restores the reset buffers (in queue order, before the next launch). */
static int reset_bufs(rt *r, const bench *b, cl_mem *mem, void *const *host) {
  for (int k = 0; k < b->nbuf; ++k) {
    const sbuf *s = &b->buf[k];
    if (!s->reset) continue;
    const void *src = host[k] ? host[k] : s->host;
    cl_int err = clEnqueueWriteBuffer(r->env.queue, mem[k], CL_FALSE, 0, s->count * s->elem, src, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
      fprintf(stderr, "suite: resetting %s: %s\n", s->name, tdrcl_error_string(err));
      return -1;
    }
  }
  return 0;
}

int rt_run(rt *r, const bench *b, const char *kernel_file, const char *options, void *const *host, int warmup,
           int reps, double *median_ms, void *const *out) {
  int rc = -1;
  cl_int err;
  cl_mem mem[SUITE_MAX_BUF] = {0};
  cl_kernel k = NULL;
  cl_event *ev = calloc((size_t)reps, sizeof *ev);
  double *ms = calloc((size_t)reps, sizeof *ms);
  size_t gsz = b->global, lsz = b->wg;
  int launched = 0;
  cl_program prog = tdrcl_build_file(&r->env, kernel_file, options);
  if (!prog || !ev || !ms) goto fail;
  k = clCreateKernel(prog, b->kernel, &err);
  CHECK(err);
  for (int i = 0; i < b->nbuf; ++i) {
    const sbuf *s = &b->buf[i];
    const void *src = host[i] ? host[i] : s->host;
    size_t bytes = s->count * s->elem;
    mem[i] = clCreateBuffer(r->env.context, CL_MEM_READ_WRITE, bytes, NULL, &err);
    CHECK(err);
    if (s->output && !s->reset) {
      void *poison = malloc(bytes);
      if (!poison) goto fail;
      memset(poison, 0xFF, bytes);
      err = clEnqueueWriteBuffer(r->env.queue, mem[i], CL_TRUE, 0, bytes, poison, 0, NULL, NULL);
      free(poison);
    } else {
      err = clEnqueueWriteBuffer(r->env.queue, mem[i], CL_TRUE, 0, bytes, src, 0, NULL, NULL);
    }
    CHECK(err);
  }
  if (set_args(b, k, mem) != 0) goto fail;
  for (int i = 0; i < warmup; ++i) {
    if (reset_bufs(r, b, mem, host) != 0) goto fail;
    CHECK(clEnqueueNDRangeKernel(r->env.queue, k, 1, NULL, &gsz, &lsz, 0, NULL, NULL));
  }
  for (; launched < reps; ++launched) {
    if (reset_bufs(r, b, mem, host) != 0) goto fail;
    CHECK(clEnqueueNDRangeKernel(r->env.queue, k, 1, NULL, &gsz, &lsz, 0, NULL, &ev[launched]));
  }
  CHECK(clFinish(r->env.queue));
  for (int i = 0; i < launched; ++i) {
    cl_ulong t0 = 0, t1 = 0;
    CHECK(clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL));
    CHECK(clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL));
    ms[i] = (double)(t1 - t0) * 1e-6;
  }
  *median_ms = rt_median(ms, (size_t)reps);
  for (int i = 0; i < b->nbuf; ++i)
    if (b->buf[i].output)
      CHECK(clEnqueueReadBuffer(r->env.queue, mem[i], CL_TRUE, 0, b->buf[i].count * b->buf[i].elem, out[i], 0, NULL,
                                NULL));
  rc = 0;
fail:
  if (rc != 0) fprintf(stderr, "suite: %s: %s failed\n", b->name, kernel_file);
  clFinish(r->env.queue);
  for (int i = 0; i < launched; ++i) clReleaseEvent(ev[i]);
  for (int i = 0; i < b->nbuf; ++i)
    if (mem[i]) clReleaseMemObject(mem[i]);
  if (k) clReleaseKernel(k);
  if (prog) clReleaseProgram(prog);
  free(ev);
  free(ms);
  return rc;
}
