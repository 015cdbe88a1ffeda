/* feedback_check: see feedback_check.h. */
#include "feedback_check.h"
#include "tdrc/runtime/FeedbackLayout.h"

#include <stdint.h>
#include <stdio.h>

cl_mem fb_create(cl_context ctx, const char *file) {
  static const uint32_t zero[TDR_FEEDBACK_WORDS];
  cl_int err;
  cl_mem fb = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, sizeof zero,
                             (void *)zero, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "tdr_exec: %s: clCreateBuffer(tdr_feedback) failed: %s\n", file,
            tdrcl_error_string(err));
    return NULL;
  }
  return fb;
}

static int fb_error(const char *file, const char *kernel, unsigned round, const char *what,
                    unsigned long long a, unsigned long long b) {
  printf("FEEDBACK-ERROR kernel=%s file=%s round=%u: %s (%llu, %llu)\n", kernel, file, round + 1,
         what, a, b);
  return 1;
}

int fb_check(cl_command_queue q, cl_mem fb, size_t wgsize, const char *file, const char *kernel) {
  static uint32_t w[TDR_FEEDBACK_WORDS];
  cl_int err = clEnqueueReadBuffer(q, fb, CL_TRUE, 0, sizeof w, w, 0, NULL, NULL);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "tdr_exec: %s: clEnqueueReadBuffer(tdr_feedback) failed: %s\n", file,
            tdrcl_error_string(err));
    return -1;
  }
  int bad = 0;
  if (w[0] > TDR_FEEDBACK_MAX_ROUNDS)
    return fb_error(file, kernel, 0, "too many rounds", w[0], TDR_FEEDBACK_MAX_ROUNDS);
  for (unsigned r = 0; r < TDR_FEEDBACK_MAX_ROUNDS; r++) {
    const uint32_t *b = w + 1 + r * TDR_FEEDBACK_ROUND_WORDS;
    unsigned n = b[TDR_FB_N], floor = b[TDR_FB_FLOOR], keys = b[TDR_FB_KEYS];
    unsigned long long runs = b[TDR_FB_GROUPS];
    if (r >= w[0]) { /* no block: every word stays zero */
      for (unsigned i = 0; i < TDR_FEEDBACK_ROUND_WORDS; i++)
        if (b[i])
          bad += fb_error(file, kernel, r, "write past the reported rounds", i, b[i]);
      continue;
    }
    if (!n)
      continue; /* the round did not run */
    if ((n != 16 && n != 32 && n != 64) || n < floor)
      bad += fb_error(file, kernel, r, "N, floor", n, floor);
    if (!keys || keys > TDR_FEEDBACK_MAX_KEYS || !runs)
      bad += fb_error(file, kernel, r, "keys, runs", keys, runs);
    if (bad)
      continue;
    unsigned long long items = 0, cells = 0;
    unsigned long long hoods = runs * ((wgsize + n - 1) / n);
    for (unsigned p = 0; p < keys; p++) {
      unsigned long long i = b[TDR_FB_KEY + 2 * p], c = b[TDR_FB_KEY + 2 * p + 1];
      if (c > i || c > hoods)
        bad += fb_error(file, kernel, r, "cells of a key", c, i);
      items += i;
      cells += c;
    }
    if (items != runs * wgsize)
      bad += fb_error(file, kernel, r, "items, runs x work-group size", items, runs * wgsize);
    if (cells < hoods || cells > hoods * keys)
      bad += fb_error(file, kernel, r, "non-empty cells, neighbourhoods", cells, hoods);
  }
  return bad;
}
