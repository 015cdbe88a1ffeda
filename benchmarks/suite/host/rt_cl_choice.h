/* The suite's door to runtime/cl's per-launch choice: a C interface over the
 * C++ runtime (rt_cl_choice.cpp), for the kernel files that tdrc wrote in
 * its default mode, with the original kept (tdrc-variants descriptors).
 * rt_cl.c launches those through it, as an application would; every other
 * file it launches by name.  Errors are printed; no exception crosses. */
#ifndef TDR_SUITE_RT_CL_CHOICE_H
#define TDR_SUITE_RT_CL_CHOICE_H

#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120 /* as runtime/cl */
#endif
#include <CL/cl.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct rtc_kernel rtc_kernel;

/* 1 when the file carries a tdrc-variants descriptor, 0 when not, -1 when
 * it cannot be read. */
int rtc_has_choice(const char *file);

/* Builds the file (runtime/cl adds its own options before `options`) on the
 * caller's context and queue (a profiling queue: launches are timed by
 * event) and makes the kernel; NULL on failure. */
rtc_kernel *rtc_load(cl_context context, cl_device_id device, cl_command_queue queue, const char *file,
                     const char *kernel, const char *options);
void rtc_free(rtc_kernel *k);

int rtc_set_arg(rtc_kernel *k, cl_uint index, size_t size, const void *value); /* 0 or -1 */

/* One 1-D launch of the variant the choice picks; *event: that launch's
 * event (the caller releases it).  0 or -1. */
int rtc_launch(rtc_kernel *k, size_t global, size_t local, cl_event *event);

/* Launches the choice may spend exploring one bucket: each variant's timed
 * samples plus each kernel object's untimed first launch. */
int rtc_exploration_launches(const rtc_kernel *k);

/* "rewritten" or "original": what the last launch ran ("none" before one). */
const char *rtc_last_variant(const rtc_kernel *k);

/* Launches of each variant so far. */
unsigned rtc_launches(const rtc_kernel *k, int rewritten);

#ifdef __cplusplus
}
#endif

#endif
