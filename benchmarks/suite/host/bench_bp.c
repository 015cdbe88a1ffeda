/* BP (kernels/bp.cl): back-projection of a random sinogram; the key is
 * whether a pixel is in the (scattered) region of interest. */
#include "suite.h"

#include <math.h>
#include <stdio.h>

enum { B_SINO, B_CS, B_SN, B_ROI, B_IMG, B_LIST };

static int bp_setup(bench *b, const bench_opts *o) {
  uint64_t rng = o->seed;
  int side = (int)suite_items(o->small ? 64 : 2048, o, 16);
  int nang = o->work > 0 ? o->work : o->small ? 32 : 360, ndet = side * 3 / 2 + 2;
  size_t np = (size_t)side * (size_t)side;
  suite_begin(b, "bp", np);
  suite_add_buf(b, "sino", 4, (size_t)nang * (size_t)ndet, BUF_SHARED, 0, 0);
  suite_add_buf(b, "cs", 4, (size_t)nang, BUF_SHARED, 0, 0);
  suite_add_buf(b, "sn", 4, (size_t)nang, BUF_SHARED, 0, 0);
  suite_add_buf(b, "roi", 1, np, BUF_SHARED, 0, 0);
  suite_add_buf(b, "img", 4, np, BUF_SHARED, 0, 0);
  b->buf[B_IMG].output = b->buf[B_IMG].is_float = 1;
  suite_arg_bufs(b, B_LIST);
  suite_identity_list(b, "list");
  suite_arg_int(b, side);
  suite_arg_int(b, nang);
  suite_arg_int(b, ndet);

  float *sino = b->buf[B_SINO].host, *cs = b->buf[B_CS].host, *sn = b->buf[B_SN].host;
  unsigned char *roi = b->buf[B_ROI].host;
  for (size_t i = 0; i < (size_t)nang * (size_t)ndet; ++i) sino[i] = (float)suite_uniform(&rng);
  for (int a = 0; a < nang; ++a) {
    cs[a] = (float)cos(M_PI * a / nang);
    sn[a] = (float)sin(M_PI * a / nang);
  }
  for (size_t i = 0; i < np; ++i) roi[i] = suite_uniform(&rng) < 0.5;
  suite_worklist_keys(b, B_ROI, 2);
  snprintf(b->params, sizeof b->params, "side=%d angles=%d detectors=%d roi=50%%", side, nang, ndet);
  return 0;
}

const bench_def suite_bp = {"bp", bp_setup, "CT back-projection, full or coarse per pixel"};
