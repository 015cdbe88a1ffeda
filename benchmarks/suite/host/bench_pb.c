/* PB (kernels/pb.cl): max-pooling backward (3x3 windows, stride 2) over
 * channels x h x w; the host runs the forward pass to get the argmax of
 * every window.  The key is whether an element won any window. */
#include "suite.h"

#include <stdio.h>

enum { B_XIN, B_ISMAX, B_ARGMAX, B_DOUT, B_DIN, B_LIST };

static int pb_setup(bench *b, const bench_opts *o) {
  uint64_t rng = o->seed;
  int h = o->small ? 32 : 512, w = h, ho = (h - 3) / 2 + 1, wo = (w - 3) / 2 + 1;
  size_t plane = (size_t)h * (size_t)w;
  size_t ch = suite_items(o->small ? 4 : 128, o, 1);
  size_t n = ch * plane;
  suite_begin(b, "pb", n);
  suite_add_buf(b, "xin", 4, n, BUF_SHARED, 0, 0);
  suite_add_buf(b, "is_max", 1, n, BUF_SHARED, 0, 0);
  suite_add_buf(b, "argmax", 4, ch * (size_t)(ho * wo), BUF_SHARED, 0, 0);
  suite_add_buf(b, "dout", 4, ch * (size_t)(ho * wo), BUF_SHARED, 0, 0);
  suite_add_buf(b, "din", 4, n, BUF_SHARED, 0, 0);
  b->buf[B_DIN].output = b->buf[B_DIN].is_float = 1;
  suite_arg_bufs(b, B_LIST);
  suite_identity_list(b, "list");
  suite_arg_int(b, h);
  suite_arg_int(b, w);

  float *x = b->buf[B_XIN].host, *dout = b->buf[B_DOUT].host;
  unsigned char *is_max = b->buf[B_ISMAX].host;
  int *am = b->buf[B_ARGMAX].host;
  for (size_t i = 0; i < n; ++i) x[i] = (float)(4.0 * suite_uniform(&rng) - 2.0);
  for (size_t c = 0; c < ch; ++c)
    for (int oy = 0; oy < ho; ++oy)
      for (int ox = 0; ox < wo; ++ox) {
        /* Forward: the first maximum of the window in row-major order. */
        const float *xc = x + c * plane;
        int best = 2 * oy * w + 2 * ox;
        for (int dy = 0; dy < 3; ++dy)
          for (int dx = 0; dx < 3; ++dx) {
            int p = (2 * oy + dy) * w + 2 * ox + dx;
            if (xc[p] > xc[best]) best = p;
          }
        size_t k = c * (size_t)(ho * wo) + (size_t)(oy * wo + ox);
        am[k] = best;
        is_max[c * plane + (size_t)best] = 1;
        dout[k] = (float)(suite_uniform(&rng) - 0.5);
      }
  suite_worklist_keys(b, B_ISMAX, 2);
  snprintf(b->params, sizeof b->params, "channels=%zu h=%d w=%d", ch, h, w);
  return 0;
}

const bench_def suite_pb = {"pb", pb_setup, "max-pooling backward with GELU backward"};
