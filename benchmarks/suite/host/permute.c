/* Permutations of the work items: the ideal variant sorts every work-group's
 * items by their branch key, the on-CPU TDR baseline the whole input. */
#include "suite.h"

#include <stdlib.h>
#include <string.h>

void suite_sort_perm(const int *key, int nkeys, size_t n, size_t chunk, size_t *perm) {
  size_t *start = suite_alloc((size_t)(nkeys + 1) * sizeof *start);
  for (size_t base = 0; base < n; base += chunk) {
    size_t end = base + chunk < n ? base + chunk : n;
    memset(start, 0, (size_t)(nkeys + 1) * sizeof *start);
    for (size_t i = base; i < end; ++i) ++start[key[i] + 1];
    start[0] = base;
    for (int k = 1; k <= nkeys; ++k) start[k] += start[k - 1];
    for (size_t i = base; i < end; ++i) perm[start[key[i]]++] = i;
  }
  free(start);
}

/* Byte offset of item i's run in plane p. */
static size_t run_offset(const sbuf *s, size_t n_items, size_t p, size_t i) {
  return ((p * n_items + i) * s->stride) * s->elem;
}

void suite_gather(const bench *b, const size_t *perm, void **out) {
  for (int k = 0; k < b->nbuf; ++k) {
    const sbuf *s = &b->buf[k];
    out[k] = NULL;
    if (s->kind != BUF_ITEM) continue;
    char *dst = suite_alloc(s->count * s->elem);
    const char *src = s->host;
    size_t run = s->stride * s->elem;
    for (size_t p = 0; p < s->planes; ++p)
      for (size_t j = 0; j < b->n_items; ++j)
        memcpy(dst + run_offset(s, b->n_items, p, j), src + run_offset(s, b->n_items, p, perm[j]), run);
    out[k] = dst;
  }
}

void suite_scatter(const bench *b, int buf, const size_t *perm, const void *in, void *out) {
  const sbuf *s = &b->buf[buf];
  if (s->kind != BUF_ITEM) {
    memcpy(out, in, s->count * s->elem);
    return;
  }
  size_t run = s->stride * s->elem;
  for (size_t p = 0; p < s->planes; ++p)
    for (size_t j = 0; j < b->n_items; ++j)
      memcpy((char *)out + run_offset(s, b->n_items, p, perm[j]), (const char *)in + run_offset(s, b->n_items, p, j),
             run);
}
