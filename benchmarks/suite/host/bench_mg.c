/* MG (kernels/mg.cl): a perforated domain (many small holes, a Dirichlet
 * outer ring and small electrodes); the key is the cell type. */
#include "suite.h"

#include <stdio.h>

enum { B_U, B_RHS, B_TYPE, B_UNEW, B_RES, B_LIST };
enum { INTERIOR, NEUMANN, DIRICHLET, HOLE };

/* Holes (plus shapes), electrodes (2x2), the outer ring; then the domain
 * cells next to a hole become Neumann boundary. */
static void mg_domain(unsigned char *t, int nx, int ny, uint64_t *rng) {
  size_t nc = (size_t)nx * (size_t)ny;
  for (size_t c = 0; c < nc; ++c) t[c] = INTERIOR;
  for (size_t k = 0; k < nc / 40; ++k) {
    int x = 3 + (int)(suite_rng(rng) % (uint64_t)(nx - 6)), y = 3 + (int)(suite_rng(rng) % (uint64_t)(ny - 6));
    t[(size_t)y * nx + x] = t[(size_t)y * nx + x - 1] = t[(size_t)y * nx + x + 1] = HOLE;
    t[(size_t)(y - 1) * nx + x] = t[(size_t)(y + 1) * nx + x] = HOLE;
  }
  for (size_t k = 0; k < nc / 200; ++k) {
    int x = 2 + (int)(suite_rng(rng) % (uint64_t)(nx - 5)), y = 2 + (int)(suite_rng(rng) % (uint64_t)(ny - 5));
    for (int d = 0; d < 4; ++d) t[(size_t)(y + d / 2) * nx + x + d % 2] = DIRICHLET;
  }
  for (int y = 0; y < ny; ++y)
    for (int x = 0; x < nx; ++x)
      if (x == 0 || y == 0 || x == nx - 1 || y == ny - 1) t[(size_t)y * nx + x] = DIRICHLET;
  for (int y = 1; y < ny - 1; ++y)
    for (int x = 1; x < nx - 1; ++x) {
      size_t c = (size_t)y * nx + x;
      if (t[c] == INTERIOR && (t[c - 1] == HOLE || t[c + 1] == HOLE || t[c - nx] == HOLE || t[c + nx] == HOLE))
        t[c] = NEUMANN;
    }
}

static int mg_setup(bench *b, const bench_opts *o) {
  uint64_t rng = o->seed;
  int nx = o->small ? 128 : 4096;
  int ny = (int)suite_items(o->small ? 64 : 8192, o, 1);
  size_t nc = (size_t)nx * (size_t)ny;
  suite_begin(b, "mg", nc);
  suite_add_buf(b, "u", 4, nc, BUF_SHARED, 0, 0);
  suite_add_buf(b, "rhs", 4, nc, BUF_SHARED, 0, 0);
  suite_add_buf(b, "type", 1, nc, BUF_SHARED, 0, 0);
  suite_add_buf(b, "unew", 4, nc, BUF_SHARED, 0, 0);
  suite_add_buf(b, "res", 4, nc, BUF_SHARED, 0, 0);
  b->buf[B_UNEW].output = b->buf[B_UNEW].is_float = 1;
  b->buf[B_RES].output = b->buf[B_RES].is_float = 1;
  suite_arg_bufs(b, B_LIST);
  suite_identity_list(b, "list");
  suite_arg_int(b, nx);
  suite_arg_int(b, ny);
  suite_arg_float(b, 1.0f / ((float)nx * (float)nx));
  suite_arg_float(b, 0.8f);

  float *u = b->buf[B_U].host, *rhs = b->buf[B_RHS].host;
  for (size_t c = 0; c < nc; ++c) {
    u[c] = (float)suite_uniform(&rng);
    rhs[c] = (float)(suite_uniform(&rng) - 0.5);
  }
  mg_domain(b->buf[B_TYPE].host, nx, ny, &rng);
  suite_worklist_keys(b, B_TYPE, 4);
  snprintf(b->params, sizeof b->params, "nx=%d ny=%d", nx, ny);
  return 0;
}

const bench_def suite_mg = {"mg", mg_setup, "multigrid smoother, 4 cell types"};
