/* LBM (kernels/lbm.cl): a D2Q9 lattice with a random porous medium of
 * obstacles and a band of accelerated fluid; the key is the flag. */
#include "suite.h"

#include <stdio.h>

enum { B_SRC, B_DST, B_FLAG, B_LIST };

static int lbm_setup(bench *b, const bench_opts *o) {
  static const float weight[9] = {4.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 9, 1.f / 36, 1.f / 36, 1.f / 36, 1.f / 36};
  uint64_t rng = o->seed;
  int nx = o->small ? 64 : 4096;
  int ny = (int)suite_items(o->small ? 64 : 4096, o, 1);
  size_t nc = (size_t)nx * (size_t)ny;
  suite_begin(b, "lbm", nc);
  suite_add_buf(b, "src", 4, 9 * nc, BUF_SHARED, 0, 0);
  suite_add_buf(b, "dst", 4, 9 * nc, BUF_SHARED, 0, 0);
  suite_add_buf(b, "flag", 1, nc, BUF_SHARED, 0, 0);
  b->buf[B_DST].output = b->buf[B_DST].is_float = 1;
  suite_arg_bufs(b, B_LIST);
  suite_identity_list(b, "list");
  suite_arg_int(b, nx);
  suite_arg_int(b, ny);
  suite_arg_float(b, 1.7f);
  suite_arg_float(b, 0.001f);

  float *f = b->buf[B_SRC].host;
  unsigned char *fl = b->buf[B_FLAG].host;
  for (size_t c = 0; c < nc; ++c) {
    /* 25% obstacles, scattered; fluid near x = 0 is accelerated. */
    fl[c] = suite_uniform(&rng) < 0.25 ? 1 : (c % (size_t)nx) < 16 ? 2 : 0;
    for (int q = 0; q < 9; ++q) f[(size_t)q * nc + c] = weight[q] * (float)(0.95 + 0.1 * suite_uniform(&rng));
  }
  suite_worklist_keys(b, B_FLAG, 3);
  snprintf(b->params, sizeof b->params, "nx=%d ny=%d obstacles=25%%", nx, ny);
  return 0;
}

const bench_def suite_lbm = {"lbm", lbm_setup, "D2Q9 stream-collide, obstacles and acceleration"};
