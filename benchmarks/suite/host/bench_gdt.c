/* GDT (kernels/gdt.cl): one random-walk series a work item, one row each;
 * the key is the leaf of the kernel's decision tree. */
#include "suite.h"

#include <math.h>
#include <stdio.h>

/* The leaf the kernel's tree picks, with the kernel's float operations in
 * the same order (+ - * and comparisons only: exact on both sides). */
static int gdt_leaf(const float *s, int len) {
  float sum = 0.0f, vol = 0.0f, lo = s[0], hi = s[0], prev = s[0], trend = 0.0f;
  for (int t = 0; t < len; ++t) {
    float v = s[t];
    sum += v;
    vol += fabsf(v - prev);
    lo = fminf(lo, v);
    hi = fmaxf(hi, v);
    prev = v;
  }
  for (int t = 0; t < len / 4; ++t) trend += s[len - 1 - t] - s[t];
  if (trend * 0.5f - vol * 0.125f > sum * 0.0625f) return hi - lo > vol * 0.5f ? 0 : 1;
  return vol > (hi - lo) * 2.0f ? 2 : 3;
}

static void gdt_keys(const bench *b, int *key) {
  const float *series = b->buf[0].host;
  int len = (int)b->buf[0].stride;
  for (size_t i = 0; i < b->n_items; ++i) key[i] = gdt_leaf(series + i * (size_t)len, len);
}

static int gdt_setup(bench *b, const bench_opts *o) {
  uint64_t rng = o->seed;
  size_t n = suite_items(o->small ? 4096 : (size_t)1 << 18, o, 256);
  int len = o->work > 0 ? o->work : o->small ? 64 : 256;
  suite_begin(b, "gdt", n);
  int series = suite_add_buf(b, "series", 4, n * (size_t)len, BUF_ITEM, 1, (size_t)len);
  int score = suite_add_buf(b, "score", 4, n, BUF_ITEM, 1, 1);
  b->buf[score].output = b->buf[score].is_float = 1;
  float *s = b->buf[series].host;
  for (size_t i = 0; i < n; ++i) {
    /* A random walk with its own level, drift and volatility. */
    double level = -2.0 + 6.0 * suite_uniform(&rng);
    double drift = (suite_uniform(&rng) - 0.5) * (64.0 / len);
    double sigma = 0.02 + 0.4 * suite_uniform(&rng);
    for (int t = 0; t < len; ++t) {
      level += drift + sigma * (suite_uniform(&rng) + suite_uniform(&rng) - 1.0);
      s[i * (size_t)len + (size_t)t] = (float)level;
    }
  }
  suite_arg_buf(b, series);
  suite_arg_buf(b, score);
  suite_arg_int(b, (int)n);
  suite_arg_int(b, len);
  suite_set_keys(b, gdt_keys, 4);
  b->cpu_tdr = 1;
  snprintf(b->params, sizeof b->params, "n=%zu len=%d", n, len);
  return 0;
}

const bench_def suite_gdt = {"gdt", gdt_setup, "evolved decision tree over time series, 4 strategies"};
