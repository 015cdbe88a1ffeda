/* The paper's micro-benchmark (benchmarks/micro: micro.cl, micro_p4.cl,
 * micro_p8.cl, micro_nested.cl, all kernel `micro(in, out, pathlen)`), run
 * by the suite's driver: values uniform in [0, 1); the key is the path the
 * value picks in each kernel. */
#include "suite.h"

#include <stdio.h>

static int bucket(float v, int p) {
  int k = (int)(v * (float)p);
  return k < p ? k : p - 1;
}

static void keys_p2(const bench *b, int *key) {
  const float *in = b->buf[0].host;
  for (size_t i = 0; i < b->n_items; ++i) key[i] = in[i] > 0.5f;
}

static void keys_p4(const bench *b, int *key) {
  const float *in = b->buf[0].host;
  for (size_t i = 0; i < b->n_items; ++i) key[i] = bucket(in[i], 4);
}

static void keys_p8(const bench *b, int *key) {
  const float *in = b->buf[0].host;
  for (size_t i = 0; i < b->n_items; ++i) key[i] = bucket(in[i], 8);
}

/* micro_nested.cl: k >= 2 ? (k & 1 ? A : B) : C with k = (int)(4 v). */
static void keys_nested(const bench *b, int *key) {
  const float *in = b->buf[0].host;
  for (size_t i = 0; i < b->n_items; ++i) {
    int k = (int)(in[i] * 4.0f);
    key[i] = k >= 2 ? (k & 1) : 2;
  }
}

static int micro_setup(bench *b, const bench_opts *o, void (*keys)(const bench *, int *), int nkeys) {
  uint64_t rng = o->seed;
  size_t n = suite_items(o->small ? 8192 : (size_t)1 << 24, o, 256);
  int pathlen = o->work > 0 ? o->work : o->small ? 16 : 256;
  suite_begin(b, "micro", n);
  int in = suite_add_buf(b, "in", 4, n, BUF_ITEM, 1, 1);
  int out = suite_add_buf(b, "out", 4, n, BUF_ITEM, 1, 1);
  b->buf[out].output = b->buf[out].is_float = 1;
  float *v = b->buf[in].host;
  for (size_t i = 0; i < n; ++i) v[i] = (float)(suite_rng(&rng) >> 40) * 0x1.0p-24f; /* exact in float */
  suite_arg_buf(b, in);
  suite_arg_buf(b, out);
  suite_arg_int(b, pathlen);
  suite_set_keys(b, keys, nkeys);
  b->cpu_tdr = 1;
  snprintf(b->params, sizeof b->params, "n=%zu pathlen=%d", n, pathlen);
  return 0;
}

static int setup_p2(bench *b, const bench_opts *o) { return micro_setup(b, o, keys_p2, 2); }
static int setup_p4(bench *b, const bench_opts *o) { return micro_setup(b, o, keys_p4, 4); }
static int setup_p8(bench *b, const bench_opts *o) { return micro_setup(b, o, keys_p8, 8); }
static int setup_nested(bench *b, const bench_opts *o) { return micro_setup(b, o, keys_nested, 3); }

const bench_def suite_micro2 = {"micro2", setup_p2, "micro-benchmark, 2 paths (micro.cl)"};
const bench_def suite_micro4 = {"micro4", setup_p4, "micro-benchmark, 4 paths (micro_p4.cl)"};
const bench_def suite_micro8 = {"micro8", setup_p8, "micro-benchmark, 8 paths (micro_p8.cl)"};
const bench_def suite_micronest = {"micronest", setup_nested, "micro-benchmark, nested (micro_nested.cl)"};
