/* CVP (kernels/cvp.cl): records of NF features, a random forest voting for
 * one of four model classes; the key is the winning class. */
#include "suite.h"

#include <stdio.h>

#define NF 8
#define NT 16
#define DEPTH 6
#define NODES 63
#define LEAVES 64
#define CENTERS 64

enum { B_FEAT, B_NODE_FEAT, B_NODE_THR, B_LEAF_CLS };

/* The class the forest votes for (as the kernel computes it: ties go to the
 * lowest class). */
static int cvp_class(const bench *b, size_t i) {
  const float *feat = b->buf[B_FEAT].host, *thr = b->buf[B_NODE_THR].host;
  const int *nf = b->buf[B_NODE_FEAT].host, *cls = b->buf[B_LEAF_CLS].host;
  size_t n = b->n_items;
  float x[NF];
  int votes[4] = {0, 0, 0, 0}, best = 0;
  for (int f = 0; f < NF; ++f) x[f] = feat[(size_t)f * n + i];
  for (int t = 0; t < NT; ++t) {
    int node = 0;
    for (int d = 0; d < DEPTH; ++d) {
      int k = t * NODES + node;
      node = 2 * node + (x[nf[k]] > thr[k] ? 2 : 1);
    }
    votes[cls[t * LEAVES + node - NODES]]++;
  }
  for (int c = 1; c < 4; ++c)
    if (votes[c] > votes[best]) best = c;
  return best;
}

static void cvp_keys(const bench *b, int *key) {
  for (size_t i = 0; i < b->n_items; ++i) key[i] = cvp_class(b, i);
}

static int cvp_setup(bench *b, const bench_opts *o) {
  uint64_t rng = o->seed;
  size_t n = suite_items(o->small ? 8192 : (size_t)1 << 21, o, 256);
  int iters = o->work > 0 ? o->work : o->small ? 16 : 128;
  suite_begin(b, "cvp", n);
  suite_add_buf(b, "feat", 4, NF * n, BUF_ITEM, NF, 1);
  suite_add_buf(b, "node_feat", 4, NT * NODES, BUF_SHARED, 0, 0);
  suite_add_buf(b, "node_thr", 4, NT * NODES, BUF_SHARED, 0, 0);
  suite_add_buf(b, "leaf_cls", 4, NT * LEAVES, BUF_SHARED, 0, 0);
  int model = suite_add_buf(b, "model", 4, 4 * CENTERS * NF, BUF_SHARED, 0, 0);
  int out = suite_add_buf(b, "out", 4, n, BUF_ITEM, 1, 1);
  b->buf[out].output = b->buf[out].is_float = 1;

  float *feat = b->buf[B_FEAT].host, *thr = b->buf[B_NODE_THR].host, *m = b->buf[model].host;
  int *nf = b->buf[B_NODE_FEAT].host, *cls = b->buf[B_LEAF_CLS].host;
  for (size_t i = 0; i < NF * n; ++i) feat[i] = (float)suite_uniform(&rng);
  for (int k = 0; k < NT * NODES; ++k) {
    nf[k] = (int)(suite_rng(&rng) % NF);
    thr[k] = (float)(0.2 + 0.6 * suite_uniform(&rng));
  }
  for (int k = 0; k < NT * LEAVES; ++k) cls[k] = (int)(suite_rng(&rng) % 4);
  for (int k = 0; k < 4 * CENTERS * NF; ++k) m[k] = (float)suite_uniform(&rng);

  suite_arg_bufs(b, b->nbuf);
  suite_arg_int(b, (int)n);
  suite_arg_int(b, iters);
  suite_set_keys(b, cvp_keys, 4);
  b->cpu_tdr = 1;
  snprintf(b->params, sizeof b->params, "n=%zu iters=%d trees=%d depth=%d", n, iters, NT, DEPTH);
  return 0;
}

const bench_def suite_cvp = {"cvp", cvp_setup, "decision forest, 4 model classes"};
