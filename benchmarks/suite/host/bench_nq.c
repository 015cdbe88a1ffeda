/* NQ (kernels/nq.cl): every placement of the first k rows is a task (dead
 * ones included); the key is whether a task is live. */
#include "suite.h"

#include <stdio.h>

enum { B_TASKS, B_COUNT, B_NEXT };

/* 1 when the task's first k rows do not attack each other (as the kernel). */
static int nq_live(int task, int nq, int k) {
  unsigned cols = 0, ld = 0, rd = 0;
  int ok = 1;
  for (int r = 0; r < k; ++r) {
    int c = (task >> (4 * r)) & 15;
    unsigned bit = 1u << c;
    ok &= c < nq && !(bit & (cols | ld | rd));
    cols |= bit;
    ld = (ld | bit) << 1;
    rd = (rd | bit) >> 1;
  }
  return ok;
}

typedef struct nq_state {
  int nq, k;
} nq_state;

static void nq_keys(const bench *b, int *key) {
  const int *tasks = b->buf[B_TASKS].host;
  const nq_state *s = b->state;
  for (size_t i = 0; i < b->n_items; ++i) key[i] = nq_live(tasks[i], s->nq, s->k);
}

static int nq_setup(bench *b, const bench_opts *o) {
  nq_state *s = suite_alloc(sizeof *s);
  s->nq = o->small ? 8 : 15;
  s->k = o->small ? 3 : 5;
  if (o->scale != 1.0) fprintf(stderr, "suite: nq ignores --scale (the board fixes the work)\n");
  size_t ntask = 1;
  for (int r = 0; r < s->k; ++r) ntask *= (size_t)s->nq;
  size_t n = (ntask + 255) / 256 * 256;
  b->state = s;
  suite_begin(b, "nq", n);
  suite_add_buf(b, "tasks", 4, n, BUF_ITEM, 1, 1);
  suite_add_buf(b, "count", 4, n, BUF_ITEM, 1, 1);
  suite_add_buf(b, "next", 4, 1, BUF_SHARED, 0, 0);
  b->buf[B_COUNT].output = 1;
  b->buf[B_NEXT].reset = 1;
  int *tasks = b->buf[B_TASKS].host;
  for (size_t t = 0; t < n; ++t) {
    /* Task t: its base-nq digits are the columns; padding gets column 15
     * (off the board: dead). */
    int code = 0;
    size_t v = t;
    for (int r = 0; r < s->k; ++r, v /= (size_t)s->nq) code |= (t < ntask ? (int)(v % (size_t)s->nq) : 15) << (4 * r);
    tasks[t] = code;
  }
  suite_arg_bufs(b, b->nbuf);
  suite_arg_int(b, s->nq);
  suite_arg_int(b, s->k);
  suite_set_keys(b, nq_keys, 2);
  snprintf(b->params, sizeof b->params, "queens=%d k=%d tasks=%zu", s->nq, s->k, ntask);
  return 0;
}

const bench_def suite_nq = {"nq", nq_setup, "N-queens backtracking, atomically fetched tasks"};
