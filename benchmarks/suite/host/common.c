/* Helpers the benchmark definitions share: a seeded PRNG, buffers and
 * arguments of a bench. */
#include "rt.h"
#include "suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

uint64_t suite_rng(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

double suite_uniform(uint64_t *state) { return (double)(suite_rng(state) >> 11) * 0x1.0p-53; }

void *suite_alloc(size_t bytes) {
  void *p = calloc(1, bytes ? bytes : 1);
  if (!p) {
    fprintf(stderr, "suite: out of memory (%zu bytes)\n", bytes);
    exit(1);
  }
  return p;
}

/* base items scaled by o->scale, rounded up to a multiple (at least one). */
size_t suite_items(size_t base, const bench_opts *o, size_t multiple) {
  double v = (double)base * (o->scale > 0 ? o->scale : 1.0);
  size_t n = (size_t)(v + 0.5);
  n = (n + multiple - 1) / multiple * multiple;
  return n ? n : multiple;
}

void suite_begin(bench *b, const char *kernel, size_t items) {
  b->kernel = kernel;
  b->wg = 256;
  b->n_items = items;
  b->global = (items + b->wg - 1) / b->wg * b->wg;
}

int suite_add_buf(bench *b, const char *name, size_t elem, size_t count, int kind, size_t planes, size_t stride) {
  if (b->nbuf >= SUITE_MAX_BUF) {
    fprintf(stderr, "suite: %s: too many buffers\n", b->name);
    exit(1);
  }
  sbuf *s = &b->buf[b->nbuf];
  memset(s, 0, sizeof *s);
  s->name = name;
  s->elem = elem;
  s->count = count;
  s->kind = kind;
  s->planes = planes;
  s->stride = stride;
  s->host = suite_alloc(elem * count);
  return b->nbuf++;
}

static sarg *next_arg(bench *b) {
  if (b->narg >= SUITE_MAX_ARG) {
    fprintf(stderr, "suite: %s: too many arguments\n", b->name);
    exit(1);
  }
  sarg *a = &b->arg[b->narg++];
  memset(a, 0, sizeof *a);
  return a;
}

void suite_arg_buf(bench *b, int buf) {
  sarg *a = next_arg(b);
  a->kind = ARG_BUF;
  a->buf = buf;
}

void suite_arg_bufs(bench *b, int count) {
  for (int k = 0; k < count; ++k) suite_arg_buf(b, k);
}

void suite_arg_int(bench *b, int v) {
  sarg *a = next_arg(b);
  a->kind = ARG_INT;
  a->i = v;
}

void suite_arg_float(bench *b, float v) {
  sarg *a = next_arg(b);
  a->kind = ARG_FLOAT;
  a->f = v;
}

int *suite_identity_list(bench *b, const char *name) {
  int i = suite_add_buf(b, name, sizeof(int), b->n_items, BUF_ITEM, 1, 1);
  int *l = b->buf[i].host;
  for (size_t k = 0; k < b->n_items; ++k) l[k] = (int)k;
  suite_arg_buf(b, i);
  return l;
}

void suite_keys_u8(const bench *b, int *key) {
  const unsigned char *v = b->buf[b->key_buf].host;
  for (size_t i = 0; i < b->n_items; ++i) key[i] = v[i];
}

void suite_set_keys(bench *b, void (*keys)(const bench *, int *), int nkeys) {
  b->keys = keys;
  b->nkeys = nkeys;
}

void suite_worklist_keys(bench *b, int key_buf, int nkeys) {
  b->key_buf = key_buf;
  suite_set_keys(b, suite_keys_u8, nkeys);
  b->ideal_define = "-DTDR_WORKLIST";
}

void bench_free(bench *b) {
  for (int i = 0; i < b->nbuf; ++i) free(b->buf[i].host);
  free(b->state);
  b->nbuf = 0;
  b->state = NULL;
}

double rt_median(double *v, size_t n) {
  for (size_t i = 1; i < n; ++i) /* insertion sort: n is small */
    for (size_t j = i; j > 0 && v[j - 1] > v[j]; --j) {
      double t = v[j];
      v[j] = v[j - 1];
      v[j - 1] = t;
    }
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}
