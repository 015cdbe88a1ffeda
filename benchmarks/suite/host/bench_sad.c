/* SAD (kernels/sad.cl): a reference frame and the current frame (the
 * reference moved by a few pixels plus noise).  The kernel's branch depends on
 * the work-item's ID only, so there is no key and no ideal variant. */
#include "suite.h"

#include <stdio.h>

static int sad_setup(bench *b, const bench_opts *o) {
  uint64_t rng = o->seed;
  int width = o->small ? 64 : 1920;
  int height = (int)suite_items(o->small ? 48 : 1088, o, 16);
  int range = o->small ? 4 : 8, side = 2 * range + 1;
  size_t total = (size_t)(width / 16) * (size_t)(height / 16) * (size_t)(side * side);
  size_t np = (size_t)width * (size_t)height;
  suite_begin(b, "sad", total);
  int cur = suite_add_buf(b, "cur", 1, np, BUF_SHARED, 0, 0);
  int ref = suite_add_buf(b, "ref", 1, np, BUF_SHARED, 0, 0);
  int out = suite_add_buf(b, "sad", 4, total, BUF_SHARED, 0, 0);
  b->buf[out].output = 1;
  unsigned char *c = b->buf[cur].host, *r = b->buf[ref].host;
  for (size_t i = 0; i < np; ++i) r[i] = (unsigned char)(suite_rng(&rng) & 255);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      int sx = x + 3 < width ? x + 3 : x, sy = y + 2 < height ? y + 2 : y;
      int v = r[(size_t)sy * width + sx] + (int)(suite_rng(&rng) % 9) - 4;
      c[(size_t)y * width + x] = (unsigned char)(v < 0 ? 0 : v > 255 ? 255 : v);
    }
  suite_arg_bufs(b, b->nbuf);
  suite_arg_int(b, width);
  suite_arg_int(b, height);
  suite_arg_int(b, range);
  suite_arg_int(b, (int)total);
  snprintf(b->params, sizeof b->params, "width=%d height=%d range=%d", width, height, range);
  return 0;
}

const bench_def suite_sad = {"sad", sad_setup, "block motion estimation (ID-only branch)"};
