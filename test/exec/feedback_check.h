/* feedback_check: tdr_exec's side of `tdrc --feedback` kernels.  The
 * rewritten kernel's last parameter tdr_feedback gets a zeroed buffer; after
 * the run its report must agree with the launch (FeedbackLayout.h), so the
 * counts the runtime's choice of N rests on are checked, not just the
 * kernel's other outputs. */
#ifndef TDR_EXEC_FEEDBACK_CHECK_H
#define TDR_EXEC_FEEDBACK_CHECK_H

#include "tdr/cl_host.h"

/* A zeroed buffer of TDR_FEEDBACK_WORDS words; NULL after printing why. */
cl_mem fb_create(cl_context ctx, const char *file);

/* Reads fb back and checks every reported round against work-groups of
 * wgsize work-items: N 16/32/64 and not below its floor, at most 33 keys,
 * the items of all keys = runs x wgsize (each work-item of a group that ran
 * the round has exactly one key), non-empty cells between one and K per
 * neighbourhood.  Prints one FEEDBACK-ERROR line per problem; returns how
 * many there were, or -1 when the read failed. */
int fb_check(cl_command_queue q, cl_mem fb, size_t wgsize, const char *file,
             const char *kernel);

#endif
