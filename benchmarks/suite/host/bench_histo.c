/* HISTO (kernels/histo.cl): samples from two channels, a peaked value
 * distribution so that some bins saturate; the key is the channel. */
#include "suite.h"

#include <math.h>
#include <stdio.h>

#define LUT_N 1024

enum { B_VAL, B_CHAN, B_LUT, B_HIST };

static int histo_setup(bench *b, const bench_opts *o) {
  uint64_t rng = o->seed;
  size_t n = suite_items(o->small ? 16384 : (size_t)1 << 25, o, 256);
  int nbins = o->small ? 1024 : 65536, newton = o->work > 0 ? o->work : o->small ? 4 : 16;
  suite_begin(b, "histo", n);
  suite_add_buf(b, "val", 4, n, BUF_ITEM, 1, 1);
  suite_add_buf(b, "chan", 1, n, BUF_ITEM, 1, 1);
  suite_add_buf(b, "lut", 4, LUT_N, BUF_SHARED, 0, 0);
  suite_add_buf(b, "hist", 4, (size_t)nbins, BUF_SHARED, 0, 0);
  b->buf[B_HIST].output = b->buf[B_HIST].reset = 1;
  float *val = b->buf[B_VAL].host, *lut = b->buf[B_LUT].host;
  unsigned char *ch = b->buf[B_CHAN].host;
  for (size_t i = 0; i < n; ++i) {
    /* 70% uniform, 30% in a narrow peak: the peak's bins saturate. */
    double u = suite_uniform(&rng);
    double peak = 0.3 + 0.002 * (suite_uniform(&rng) + suite_uniform(&rng) - 1.0);
    val[i] = (float)(suite_uniform(&rng) < 0.7 ? u : peak);
    ch[i] = suite_uniform(&rng) < 0.5;
  }
  for (int k = 0; k < LUT_N; ++k) lut[k] = (float)pow((double)k / (LUT_N - 1), 1.3);
  suite_arg_bufs(b, b->nbuf);
  suite_arg_int(b, (int)n);
  suite_arg_int(b, nbins);
  suite_arg_int(b, newton);
  b->key_buf = B_CHAN;
  suite_set_keys(b, suite_keys_u8, 2);
  snprintf(b->params, sizeof b->params, "n=%zu bins=%d newton=%d", n, nbins, newton);
  return 0;
}

const bench_def suite_histo = {"histo", histo_setup, "saturating histogram, 2 calibrations"};
