/* One runtime (OpenCL or CUDA) behind the suite's driver: rt_cl.c and
 * rt_cuda.c implement it; a host binary links one of them. */
#ifndef TDR_SUITE_RT_H
#define TDR_SUITE_RT_H

#include "suite.h"

typedef struct rt rt;

/* Opens the default device; its name and the runtime's into the strings. */
rt *rt_open(char *device, size_t device_len, char *api, size_t api_len);
void rt_close(rt *r);

/* One variant: builds `kernel_file` (OpenCL source with build `options`, or
 * a CUDA cubin/PTX), uploads the buffers (`host[k]` where non-NULL, else
 * b->buf[k].host), runs `warmup` + `reps` launches (restoring reset buffers
 * before each; output buffers start as 0xFF bytes), stores the median kernel
 * time in ms, and reads every output buffer k into out[k].  0 or -1. */
int rt_run(rt *r, const bench *b, const char *kernel_file, const char *options, void *const *host, int warmup,
           int reps, double *median_ms, void *const *out);

/* Median of v[0..n) (sorts v). */
double rt_median(double *v, size_t n);

#endif
