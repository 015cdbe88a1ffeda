/* split_plan: tdr_exec's side of tdrc's split transform (branch splitting).
 * The transform leaves kernel K as it is and appends path kernels with K's
 * parameters; before the first of them, a block comment on a line of its own
 * says how to launch them in K's place. Its text is
 *
 *   tdrc-split: kernel=K parts=K__p0,K__p1 reads=1,2 writes=0
 *
 * Running the parts one after another (same NDRange, arguments and buffers,
 * in-order queue) must compute what K computes. Only kernel= and parts= are
 * read; other fields (reads=, writes=, any a later tdrc adds) are skipped. A
 * descriptor is a line that starts, after blanks, with the comment opener and
 * then "tdrc-split:" (blanks between allowed); text elsewhere that merely
 * mentions the marker is not one.
 *
 * The plan over per-path lists has its own descriptor,
 *
 *   tdrc-split-lists: kernel=K list=K__list parts=K__w0,K__w1
 *
 * whose kernels take one more parameter, the lists buffer (P counts, zero
 * before the list kernel runs, then P lists of N entries, N the NDRange's
 * work-items); the list kernel runs first, then the parts. */
#ifndef TDR_EXEC_SPLIT_PLAN_H
#define TDR_EXEC_SPLIT_PLAN_H

enum { SPLIT_MAX_PARTS = 64, SPLIT_NAME_MAX = 128 };

typedef struct {
  char kernel[SPLIT_NAME_MAX];
  char list[SPLIT_NAME_MAX]; /* the list kernel; "" in a split plan */
  int nparts;
  char part[SPLIT_MAX_PARTS][SPLIT_NAME_MAX]; /* in launch order */
} split_plan;

/* Looks through text (the source of path) for kernel's descriptor (with
 * lists, its tdrc-split-lists one, which must have list=). Returns 1
 * and fills *plan if there is one, 0 if there is none, and -1 after printing
 * why to stderr if any descriptor of text is malformed (no closer, no
 * kernel= or parts=, an empty or non-identifier part, a part named like its
 * kernel, too many parts) or kernel has two. */
int split_plan_find(const char *text, const char *path, const char *kernel, int lists,
                    split_plan *plan);

#endif
