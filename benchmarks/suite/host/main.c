/* suite_cl / suite_cuda: runs one benchmark of the suite in every variant on
 * one device, checks each variant's output against the original's (bit for
 * bit), and reports the median kernel time of each.
 *
 *   original  the unmodified kernel
 *   NAME      a tdrc rewrite (--variant NAME=FILE: auto, hot, dgi, ...)
 *   ideal     the unmodified kernel, every work-group's items sorted by their
 *             branch key (no warp diverges, no remap cost; outputs un-permuted)
 *   cpu_tdr   the on-CPU TDR baseline: the host computes every item's key,
 *             sorts the whole input by it and scatters the outputs back; that
 *             CPU time counts
 *
 * Exit status: 0 all identical, 1 a mismatch or a runtime error, 2 usage. */
#include "rt.h"
#include "suite.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { MAX_VARIANTS = 8 };

typedef struct options {
  const char *bench, *original, *ideal, *only, *csv;
  const char *vname[MAX_VARIANTS], *vfile[MAX_VARIANTS];
  int nvar, dry, no_ideal, no_cpu_tdr, reps, warmup;
  bench_opts bo;
} options;

typedef struct result {
  const char *variant;
  double kernel_ms, cpu_ms;
  const char *identical; /* yes, no, or - (the reference) */
} result;

static void usage(FILE *f) {
  fprintf(f,
          "usage: suite_cl|suite_cuda --bench NAME --original FILE [--variant NAME=FILE]...\n"
          "       [--ideal FILE] [--no-ideal] [--no-cpu-tdr] [--small] [--scale S] [--work N]\n"
          "       [--seed N] [--reps 20] [--warmup 3] [--only VARIANT] [--csv FILE] [--dry] | --list\n"
          "FILE: OpenCL source (suite_cl) or cubin/PTX (suite_cuda).  --ideal: the\n"
          "ideal's kernel (default: the original, built with the bench's ideal define;\n"
          "needed for CUDA when the bench has one).  --only: run just that variant\n"
          "(original, a --variant name, ideal or cpu_tdr), no checks (for ncu).\n"
          "--dry: set up the inputs and print the mix of paths, no device.\n"
          "--work: loop trips a path (iterations, series length, years...).\n");
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int parse(int argc, char **argv, options *o) {
  memset(o, 0, sizeof *o);
  o->reps = 20;
  o->warmup = 3;
  o->bo.scale = 1.0;
  o->bo.seed = 1;
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
    int takes = 1;
    if (!strcmp(a, "--list")) {
      suite_list();
      exit(0);
    } else if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
      usage(stdout);
      exit(0);
    } else if (!strcmp(a, "--small")) {
      o->bo.small = 1, takes = 0;
    } else if (!strcmp(a, "--dry")) {
      o->dry = 1, takes = 0;
    } else if (!strcmp(a, "--no-ideal")) {
      o->no_ideal = 1, takes = 0;
    } else if (!strcmp(a, "--no-cpu-tdr")) {
      o->no_cpu_tdr = 1, takes = 0;
    } else if (!v) {
      fprintf(stderr, "suite: %s needs a value\n", a);
      return 2;
    } else if (!strcmp(a, "--bench")) {
      o->bench = v;
    } else if (!strcmp(a, "--original")) {
      o->original = v;
    } else if (!strcmp(a, "--ideal")) {
      o->ideal = v;
    } else if (!strcmp(a, "--only")) {
      o->only = v;
    } else if (!strcmp(a, "--csv")) {
      o->csv = v;
    } else if (!strcmp(a, "--scale")) {
      o->bo.scale = atof(v);
    } else if (!strcmp(a, "--work")) {
      o->bo.work = atoi(v);
    } else if (!strcmp(a, "--seed")) {
      o->bo.seed = strtoull(v, NULL, 0);
    } else if (!strcmp(a, "--reps")) {
      o->reps = atoi(v);
    } else if (!strcmp(a, "--warmup")) {
      o->warmup = atoi(v);
    } else if (!strcmp(a, "--variant")) {
      const char *eq = strchr(v, '=');
      if (!eq || eq == v || !eq[1] || o->nvar == MAX_VARIANTS) {
        fprintf(stderr, "suite: --variant wants NAME=FILE (at most %d)\n", MAX_VARIANTS);
        return 2;
      }
      o->vname[o->nvar] = strndup(v, (size_t)(eq - v));
      o->vfile[o->nvar++] = eq + 1;
    } else {
      fprintf(stderr, "suite: unknown argument '%s'\n", a);
      usage(stderr);
      return 2;
    }
    i += takes;
  }
  if (!o->bench || !o->original || o->reps < 1 || o->warmup < 0 || !(o->bo.scale > 0)) {
    usage(stderr);
    return 2;
  }
  return 0;
}

/* Output buffers of one run, allocated to the bench's sizes. */
static void **alloc_outs(const bench *b) {
  void **out = suite_alloc(SUITE_MAX_BUF * sizeof *out);
  for (int k = 0; k < b->nbuf; ++k)
    if (b->buf[k].output) out[k] = suite_alloc(b->buf[k].count * b->buf[k].elem);
  return out;
}

static void free_outs(const bench *b, void **out) {
  for (int k = 0; k < b->nbuf; ++k) free(out[k]);
  free(out);
}

/* "yes" when every output buffer matches the reference byte for byte. */
static const char *compare(const bench *b, const char *variant, void **ref, void **got) {
  const char *verdict = "yes";
  for (int k = 0; k < b->nbuf; ++k) {
    const sbuf *s = &b->buf[k];
    if (!s->output || !memcmp(ref[k], got[k], s->count * s->elem)) continue;
    size_t bad = 0, first = 0;
    for (size_t i = s->count; i-- > 0;)
      if (memcmp((char *)ref[k] + i * s->elem, (char *)got[k] + i * s->elem, s->elem)) bad++, first = i;
    fprintf(stderr, "suite: %s %s: %s differs in %zu of %zu elements, first at %zu", b->name, variant, s->name, bad,
            s->count, first);
    if (s->is_float)
      fprintf(stderr, " (%.9g vs %.9g)", ((float *)ref[k])[first], ((float *)got[k])[first]);
    else if (s->elem == 4)
      fprintf(stderr, " (%d vs %d)", ((int *)ref[k])[first], ((int *)got[k])[first]);
    fputc('\n', stderr);
    verdict = "no";
  }
  return verdict;
}

static void csv_row(FILE *f, const char *date, const char *api, const char *dev, const bench *b, const result *r,
                    double base) {
  double total = r->kernel_ms + r->cpu_ms;
  fprintf(f, "%s,%s,\"%s\",%s,%s,\"%s\",%.6f,%.6f,%.6f,%.4f,%s\n", date, api, dev, b->name, r->variant, b->params,
          r->kernel_ms, r->cpu_ms, total, base > 0 && total > 0 ? base / total : 0.0, r->identical);
}

static int write_csv(const char *path, const char *api, const char *dev, const bench *b, const result *res, int n) {
  FILE *f = fopen(path, "a");
  char date[32];
  time_t t = time(NULL);
  strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", gmtime(&t));
  if (!f) {
    perror(path);
    return -1;
  }
  if (fseek(f, 0, SEEK_END) == 0 && ftell(f) == 0)
    fputs("date,api,device,bench,variant,params,kernel_ms,cpu_ms,total_ms,speedup,identical\n", f);
  for (int i = 0; i < n; ++i) csv_row(f, date, api, dev, b, &res[i], res[0].kernel_ms);
  return fclose(f);
}

static int wanted(const options *o, const char *variant) { return !o->only || !strcmp(o->only, variant); }

typedef struct run_ctx {
  rt *r;
  const bench *b;
  const options *o;
  void **ref, **got, **tmp; /* outputs: the original's, a variant's, a permuted run's */
} run_ctx;

/* Runs one variant on `in` (NULL entries: the bench's own buffers); with
 * `perm`, its outputs are un-permuted before the comparison.  x->identical:
 * "-" for the original (or with --only), "yes", "no", or "error" when it did
 * not run.  With host_counts, the un-permuting time adds to x->cpu_ms. */
static int run_variant(run_ctx *c, result *x, const char *name, const char *file, const char *opts,
                       void *const *in, const size_t *perm, int host_counts) {
  const bench *b = c->b;
  int is_ref = !strcmp(name, "original");
  void **dst = is_ref ? c->ref : perm ? c->tmp : c->got;
  x->variant = name;
  x->identical = "-";
  if (rt_run(c->r, b, file, opts, in, c->o->warmup, c->o->reps, &x->kernel_ms, dst) != 0) {
    x->identical = "error";
    return -1;
  }
  if (perm) {
    double t0 = now_ms();
    for (int k = 0; k < b->nbuf; ++k)
      if (b->buf[k].output) suite_scatter(b, k, perm, c->tmp[k], c->got[k]);
    if (host_counts) x->cpu_ms += now_ms() - t0;
  }
  if (!is_ref && !c->o->only) x->identical = compare(b, name, c->ref, c->got);
  return 0;
}

/* ITEM buffers must be exactly planes x items x stride elements. */
static int check_layout(const bench *b) {
  for (int k = 0; k < b->nbuf; ++k) {
    const sbuf *s = &b->buf[k];
    if (s->kind == BUF_ITEM && s->count != s->planes * b->n_items * s->stride) {
      fprintf(stderr, "suite: %s: buffer %s does not hold %zu items\n", b->name, s->name, b->n_items);
      return -1;
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  options o;
  bench b;
  result res[MAX_VARIANTS + 3] = {{0}};
  int nres = 0, status = 0, prc = parse(argc, argv, &o);
  char dev[256] = "", api[32] = "";
  if (prc) return prc;
  const bench_def *def = suite_find(o.bench);
  if (!def) {
    fprintf(stderr, "suite: no benchmark '%s' (--list)\n", o.bench);
    return 2;
  }
  memset(&b, 0, sizeof b);
  b.name = def->name;
  if (def->setup(&b, &o.bo) != 0 || check_layout(&b) != 0) return 1;
  rt *r = o.dry ? NULL : rt_open(dev, sizeof dev, api, sizeof api);
  if (!r && !o.dry) return 1;
  printf("%s (%s) on %s [%s]: %s\n", b.name, def->about, o.dry ? "-" : dev, api, b.params);
  size_t *perm = suite_alloc(b.n_items * sizeof *perm);
  int *key = suite_alloc(b.n_items * sizeof *key);
  if (b.keys) { /* the mix of paths, for the record; the ideal uses these keys */
    size_t cnt[64] = {0};
    b.keys(&b, key);
    for (size_t i = 0; i < b.n_items; ++i) cnt[key[i]]++;
    printf("paths:");
    for (int k = 0; k < b.nkeys; ++k) printf(" %.1f%%", 100.0 * (double)cnt[k] / (double)b.n_items);
    printf("\n");
  }
  if (o.dry) return 0;

  void **ref = alloc_outs(&b), **got = alloc_outs(&b), **tmp = alloc_outs(&b);
  void *plain[SUITE_MAX_BUF] = {0}, *moved[SUITE_MAX_BUF] = {0};
  run_ctx c = {r, &b, &o, ref, got, tmp};

  /* The original first: the reference every variant is compared with. */
  if (wanted(&o, "original") && run_variant(&c, &res[nres++], "original", o.original, "", plain, NULL, 0) != 0) {
    fprintf(stderr, "suite: %s: the original did not run\n", b.name);
    return 1;
  }
  for (int v = 0; v < o.nvar; ++v)
    if (wanted(&o, o.vname[v])) run_variant(&c, &res[nres++], o.vname[v], o.vfile[v], "", plain, NULL, 0);
  if (b.keys && !o.no_ideal && wanted(&o, "ideal")) {
    const char *file = o.ideal ? o.ideal : o.original;
    const char *opts = o.ideal || !b.ideal_define ? "" : b.ideal_define;
    suite_sort_perm(key, b.nkeys, b.n_items, b.wg, perm); /* keys from above: untimed */
    suite_gather(&b, perm, moved);
    run_variant(&c, &res[nres++], "ideal", file, opts, moved, perm, 0);
    for (int k = 0; k < b.nbuf; ++k) free(moved[k]);
  }
  if (b.keys && b.cpu_tdr && !o.no_cpu_tdr && wanted(&o, "cpu_tdr")) {
    /* The host's share counts: keys, the sort, moving the input (here) and
     * the outputs back (run_variant). */
    double t0 = now_ms();
    b.keys(&b, key);
    suite_sort_perm(key, b.nkeys, b.n_items, b.n_items, perm);
    suite_gather(&b, perm, moved);
    res[nres].cpu_ms = now_ms() - t0;
    run_variant(&c, &res[nres++], "cpu_tdr", o.original, "", moved, perm, 1);
    for (int k = 0; k < b.nbuf; ++k) free(moved[k]);
  }

  printf("%-10s %12s %10s %10s %9s\n", "variant", "kernel ms", "cpu ms", "speedup", "identical");
  for (int i = 0; i < nres; ++i) {
    double total = res[i].kernel_ms + res[i].cpu_ms;
    printf("%-10s %12.4f %10.3f %9.3fx %9s\n", res[i].variant, res[i].kernel_ms, res[i].cpu_ms,
           o.only || total <= 0 ? 0.0 : res[0].kernel_ms / total, res[i].identical);
    if (strcmp(res[i].identical, "yes") && strcmp(res[i].identical, "-")) status = 1;
  }
  if (o.csv && !o.only && write_csv(o.csv, api, dev, &b, res, nres) != 0) status = 1;
  free(perm);
  free(key);
  free_outs(&b, ref);
  free_outs(&b, got);
  free_outs(&b, tmp);
  bench_free(&b);
  rt_close(r);
  return status;
}
