/* FeedbackLayout.h - the words a `tdrc --feedback` kernel writes.
 *
 * Shared by the code tdrc emits (lib/TDR/Feedback.cpp), the runtime that
 * reads the buffer (tdrc_runtime) and the test harness (tdr_exec), so C.
 *
 * A kernel with Data Group Indexing rounds gets a last parameter
 * `__global uint *tdr_feedback` of TDR_FEEDBACK_WORDS words, zeroed before
 * the launch (NULL: nothing is written).  Every work-group that runs a DGI
 * round adds to it with atomics, so the buffer holds sums over the launch:
 *
 *   word 0                        DGI rounds with a block (at most
 *                                 TDR_FEEDBACK_MAX_ROUNDS; later rounds are
 *                                 not reported)
 *   block r at 1 + r * TDR_FEEDBACK_ROUND_WORDS, in source order:
 *     + TDR_FB_N                  the neighbouring factor N the round used
 *     + TDR_FB_FLOOR              the smallest N it allows (16, or what a
 *                                 pragma or the local-memory budget set)
 *     + TDR_FB_KEYS               keys K: its paths, plus one for inactive
 *                                 work-items where the round has a region
 *     + TDR_FB_GROUPS             work-groups that ran the round
 *     + TDR_FB_BOUND              the work-group bound its arrays are sized for
 *     + TDR_FB_KEY + 2p           work-items on key p (all groups)
 *     + TDR_FB_KEY + 2p + 1       non-empty (key p, neighbourhood) cells
 */
#ifndef TDRC_RUNTIME_FEEDBACKLAYOUT_H
#define TDRC_RUNTIME_FEEDBACKLAYOUT_H

#define TDR_FEEDBACK_WORDS 1024u
#define TDR_FEEDBACK_MAX_KEYS 33u /* 32 paths and the inactive key */
#define TDR_FB_N 0u
#define TDR_FB_FLOOR 1u
#define TDR_FB_KEYS 2u
#define TDR_FB_GROUPS 3u
#define TDR_FB_BOUND 4u
#define TDR_FB_KEY 5u
#define TDR_FEEDBACK_ROUND_WORDS (TDR_FB_KEY + 2u * TDR_FEEDBACK_MAX_KEYS)
#define TDR_FEEDBACK_MAX_ROUNDS ((TDR_FEEDBACK_WORDS - 1u) / TDR_FEEDBACK_ROUND_WORDS)

#endif /* TDRC_RUNTIME_FEEDBACKLAYOUT_H */
