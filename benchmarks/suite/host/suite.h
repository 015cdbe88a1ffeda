/* The benchmark suite's host side: what a benchmark is (buffers, arguments,
 * per-item branch keys), shared by the OpenCL and CUDA runners. */
#ifndef TDR_SUITE_H
#define TDR_SUITE_H

#include <stddef.h>
#include <stdint.h>

enum { SUITE_MAX_BUF = 8, SUITE_MAX_ARG = 12 };

/* How a buffer relates to the work items.  ITEM buffers hold one record per
 * item and are permuted with the items (ideal and on-CPU TDR variants):
 * item i owns `stride` elements at p * n_items * stride + i * stride in each
 * of `planes` planes.  SHARED buffers are read (or written) by position and
 * never move. */
enum { BUF_SHARED, BUF_ITEM };

typedef struct sbuf {
  const char *name;
  size_t elem;  /* bytes per element */
  size_t count; /* elements */
  int kind;
  size_t planes, stride; /* BUF_ITEM only */
  int output;            /* compared against the original's */
  int reset;             /* restored from `host` before every launch */
  int is_float;          /* for messages */
  void *host;            /* initial contents (malloc'd) */
} sbuf;

enum { ARG_BUF, ARG_INT, ARG_FLOAT };

typedef struct sarg {
  int kind;
  int buf; /* ARG_BUF: index into bench.buf */
  int i;
  float f;
} sarg;

typedef struct bench bench;

struct bench {
  const char *name;   /* suite name, e.g. "cvp" */
  const char *kernel; /* kernel function name */
  size_t global, wg;  /* 1-D NDRange */
  size_t n_items;     /* items the keys and ITEM buffers describe */
  int nbuf;
  sbuf buf[SUITE_MAX_BUF];
  int narg;
  sarg arg[SUITE_MAX_ARG];
  /* The branch key of every item (the path it takes), as the host computes
   * it; NULL when the branch does not depend on the data (no ideal). */
  void (*keys)(const bench *b, int *key);
  int nkeys;                /* keys lie in [0, nkeys) */
  int key_buf;              /* for suite_keys_u8: the byte buffer of keys */
  const char *ideal_define; /* build option the ideal needs, or NULL */
  int cpu_tdr;              /* the on-CPU TDR baseline applies */
  char params[160];         /* sizes, for the CSV */
  void *state;              /* the benchmark's own data for keys() */
};

typedef struct bench_opts {
  int small;        /* PoCL-sized inputs */
  double scale;     /* multiplies the number of items */
  int work;         /* work a path (loop trips), 0: the benchmark's default */
  uint64_t seed;
} bench_opts;

typedef struct bench_def {
  const char *name;
  int (*setup)(bench *b, const bench_opts *o); /* 0 or -1 (message printed) */
  const char *about;
} bench_def;

/* registry.c */
const bench_def *suite_find(const char *name);
void suite_list(void);

/* common.c */
uint64_t suite_rng(uint64_t *state);            /* splitmix64 */
double suite_uniform(uint64_t *state);          /* [0, 1) */
void *suite_alloc(size_t bytes);                /* zeroed; exits on failure */
size_t suite_items(size_t base, const bench_opts *o, size_t multiple);
/* kernel name, `items` work items (the NDRange rounded up to work-groups of 256). */
void suite_begin(bench *b, const char *kernel, size_t items);
int suite_add_buf(bench *b, const char *name, size_t elem, size_t count, int kind, size_t planes, size_t stride);
void suite_arg_buf(bench *b, int buf);
void suite_arg_bufs(bench *b, int count); /* buffers 0..count-1, in order */
void suite_arg_int(bench *b, int v);
void suite_arg_float(bench *b, float v);
int *suite_identity_list(bench *b, const char *name); /* ITEM int buffer 0..n-1 */
void suite_keys_u8(const bench *b, int *key);        /* key[i] = buf[key_buf][i] */
void suite_set_keys(bench *b, void (*keys)(const bench *, int *), int nkeys);
/* Kernels that find their item through list[] when built with -DTDR_WORKLIST
 * (the ideal), keyed by the byte buffer key_buf. */
void suite_worklist_keys(bench *b, int key_buf, int nkeys);
void bench_free(bench *b);

/* permute.c */
/* perm[j] = the item placed at position j.  Stable counting sorts by key,
 * within every chunk of `chunk` positions (chunk = n for a whole sort). */
void suite_sort_perm(const int *key, int nkeys, size_t n, size_t chunk, size_t *perm);
/* Copies of the ITEM buffers gathered by perm (other buffers: NULL). */
void suite_gather(const bench *b, const size_t *perm, void **out);
/* Output buffer `buf` of a permuted run back in the original item order. */
void suite_scatter(const bench *b, int buf, const size_t *perm, const void *in, void *out);

#endif
