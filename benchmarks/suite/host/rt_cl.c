/* The suite's OpenCL runtime: device and program setup through tdrcl
 * (runtime/cl), kernel times from profiling events.  A kernel file with
 * tdrc-variants descriptors (tdrc's default output, the original kept) is
 * launched through runtime/cl's per-launch choice (rt_cl_choice.h). */
#include "rt.h"
#include "rt_cl_choice.h"

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

/* What rt_run launches: a kernel by name, or through the choice. */
typedef struct launcher {
  cl_program prog;
  cl_kernel k;
  rtc_kernel *choice;
} launcher;

static int open_launcher(rt *r, const bench *b, const char *file, const char *options, launcher *l) {
  cl_int err;
  int choice = rtc_has_choice(file);
  if (choice < 0) return -1;
  if (choice) {
    l->choice = rtc_load(r->env.context, r->env.device, r->env.queue, file, b->kernel, options);
    return l->choice ? 0 : -1;
  }
  l->prog = tdrcl_build_file(&r->env, file, options);
  if (!l->prog) return -1;
  l->k = clCreateKernel(l->prog, b->kernel, &err);
  if (err == CL_SUCCESS) return 0;
  fprintf(stderr, "suite: clCreateKernel(%s): %s\n", b->kernel, tdrcl_error_string(err));
  return -1;
}

static void close_launcher(launcher *l) {
  if (l->k) clReleaseKernel(l->k);
  if (l->prog) clReleaseProgram(l->prog);
  rtc_free(l->choice);
}

static int set_args(const bench *b, launcher *l, cl_mem *mem) {
  for (int i = 0; i < b->narg; ++i) {
    const sarg *a = &b->arg[i];
    size_t size = a->kind == ARG_BUF ? sizeof(cl_mem) : a->kind == ARG_INT ? sizeof(cl_int) : sizeof(cl_float);
    const void *v = a->kind == ARG_BUF ? (const void *)&mem[a->buf] : a->kind == ARG_INT ? (const void *)&a->i
                                                                                         : (const void *)&a->f;
    if (l->choice) {
      if (rtc_set_arg(l->choice, (cl_uint)i, size, v) != 0) return -1;
      continue;
    }
    cl_int err = clSetKernelArg(l->k, (cl_uint)i, size, v);
    if (err != CL_SUCCESS) {
      fprintf(stderr, "suite: %s: argument %d: %s\n", b->name, i, tdrcl_error_string(err));
      return -1;
    }
  }
  return 0;
}

static int launch(rt *r, launcher *l, size_t gsz, size_t lsz, cl_event *ev) {
  if (l->choice) return rtc_launch(l->choice, gsz, lsz, ev);
  cl_int err = clEnqueueNDRangeKernel(r->env.queue, l->k, 1, NULL, &gsz, &lsz, 0, NULL, ev);
  if (err == CL_SUCCESS) return 0;
  fprintf(stderr, "suite: clEnqueueNDRangeKernel: %s\n", tdrcl_error_string(err));
  return -1;
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

/* With the choice, the timed launches must all be the variant it settled
 * on: one that alternates was still exploring (too few warm-ups). */
static int check_choice(const bench *b, const char *file, const launcher *l, const char *first, int same, int warmup) {
  if (!same) {
    fprintf(stderr, "suite: %s: %s: the choice still explored in the timed launches (%d warm-ups)\n", b->name, file,
            warmup);
    return -1;
  }
  fprintf(stderr, "suite: %s: %s: the choice ran %s in every timed launch (%u original, %u rewritten launches)\n",
          b->name, file, first, rtc_launches(l->choice, 0), rtc_launches(l->choice, 1));
  return 0;
}

int rt_run(rt *r, const bench *b, const char *kernel_file, const char *options, void *const *host, int warmup,
           int reps, double *median_ms, void *const *out) {
  int rc = -1, same = 1;
  cl_int err;
  cl_mem mem[SUITE_MAX_BUF] = {0};
  launcher l = {0};
  cl_event *ev = calloc((size_t)reps, sizeof *ev);
  double *ms = calloc((size_t)reps, sizeof *ms);
  size_t gsz = b->global, lsz = b->wg;
  int launched = 0;
  const char *first = NULL;
  if (!ev || !ms || open_launcher(r, b, kernel_file, options, &l) != 0) goto fail;
  /* The choice's exploration launches belong to the warm-up. */
  if (l.choice && warmup < rtc_exploration_launches(l.choice)) warmup = rtc_exploration_launches(l.choice);
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
  if (set_args(b, &l, mem) != 0) goto fail;
  for (int i = 0; i < warmup; ++i)
    if (reset_bufs(r, b, mem, host) != 0 || launch(r, &l, gsz, lsz, NULL) != 0) goto fail;
  for (; launched < reps; ++launched) {
    if (reset_bufs(r, b, mem, host) != 0 || launch(r, &l, gsz, lsz, &ev[launched]) != 0) goto fail;
    if (!l.choice) continue;
    if (!first) first = rtc_last_variant(l.choice);
    same &= !strcmp(first, rtc_last_variant(l.choice));
  }
  CHECK(clFinish(r->env.queue));
  if (l.choice && check_choice(b, kernel_file, &l, first, same, warmup) != 0) goto fail;
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
  close_launcher(&l);
  free(ev);
  free(ms);
  return rc;
}
