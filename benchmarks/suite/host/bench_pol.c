/* POL (kernels/pol.cl): household records; the key is the rule set the
 * nested branches on deduction, income and filing status pick. */
#include "suite.h"

#include <math.h>
#include <stdio.h>

enum { B_INCOME, B_ITEMIZED, B_STATUS, B_KIDS, B_RULES };

static void pol_keys(const bench *b, int *key) {
  const float *inc = b->buf[B_INCOME].host, *item = b->buf[B_ITEMIZED].host, *rules = b->buf[B_RULES].host;
  const int *st = b->buf[B_STATUS].host;
  for (size_t i = 0; i < b->n_items; ++i)
    key[i] = item[i] > rules[st[i]] ? (inc[i] > rules[4] ? 0 : 1) : (st[i] == 1 ? 2 : 3);
}

static int pol_setup(bench *b, const bench_opts *o) {
  static const float rules[32] = {
      14600, 29200, 14600, 21900, 90000, 0,     0,     0,      /* standard deductions; phase-out */
      11600, 47150, 100525, 191950, 243725, 609350, 1e9f, 1e10f, /* bracket limits */
      0.10f, 0.12f, 0.22f,  0.24f,  0.32f,  0.35f,  0.37f, 0.39f, /* rates */
      23200, 94300, 201050, 383900, 487450, 731200, 1e9f, 1e10f, /* joint bracket limits */
  };
  uint64_t rng = o->seed;
  size_t n = suite_items(o->small ? 8192 : (size_t)1 << 22, o, 256);
  int years = o->work > 0 ? o->work : o->small ? 8 : 32;
  suite_begin(b, "pol", n);
  suite_add_buf(b, "income", 4, n, BUF_ITEM, 1, 1);
  suite_add_buf(b, "itemized", 4, n, BUF_ITEM, 1, 1);
  suite_add_buf(b, "status", 4, n, BUF_ITEM, 1, 1);
  suite_add_buf(b, "kids", 4, n, BUF_ITEM, 1, 1);
  suite_add_buf(b, "rules", 4, 32, BUF_SHARED, 0, 0);
  int tax = suite_add_buf(b, "tax", 4, n, BUF_ITEM, 1, 1);
  b->buf[tax].output = b->buf[tax].is_float = 1;
  float *inc = b->buf[B_INCOME].host, *item = b->buf[B_ITEMIZED].host, *r = b->buf[B_RULES].host;
  int *st = b->buf[B_STATUS].host, *kids = b->buf[B_KIDS].host;
  for (int k = 0; k < 32; ++k) r[k] = rules[k];
  for (size_t i = 0; i < n; ++i) {
    double u = suite_uniform(&rng);
    /* Log-normal-ish incomes (median about 60k), status mix of a tax year. */
    inc[i] = (float)(60000.0 * exp(1.1 * (suite_uniform(&rng) + suite_uniform(&rng) + suite_uniform(&rng) - 1.5)));
    st[i] = u < 0.40 ? 0 : u < 0.75 ? 1 : u < 0.80 ? 2 : 3;
    kids[i] = (int)(suite_rng(&rng) % 4);
    item[i] = (float)(inc[i] * (0.05 + 0.45 * suite_uniform(&rng)));
  }
  suite_arg_bufs(b, b->nbuf);
  suite_arg_int(b, (int)n);
  suite_arg_int(b, years);
  suite_set_keys(b, pol_keys, 4);
  b->cpu_tdr = 1;
  snprintf(b->params, sizeof b->params, "n=%zu years=%d", n, years);
  return 0;
}

const bench_def suite_pol = {"pol", pol_setup, "tax rules over household records, 4 rule sets"};
