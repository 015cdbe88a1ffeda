/*
 * micro_host: host driver for the tdrc divergence micro-benchmark (micro.cl).
 *
 * Runs up to three variants of kernel `micro` on the same device and reports
 * the median kernel time (OpenCL profiling events) of each:
 *   original   the unmodified kernel on randomly placed input
 *   rewritten  the tdrc output (--rewritten) on the same input
 *   ideal      the unmodified kernel on input sorted inside every
 *              work-group chunk (all values > 0.5 first), i.e. the best case
 *              intra-work-group remapping can reach; timing only
 * The rewritten kernel's output must be bit-identical to the original's.
 *
 * Exit status: 0 success, 1 output mismatch / OpenCL or I/O error, 2 usage.
 */
#ifndef CL_TARGET_OPENCL_VERSION
#define CL_TARGET_OPENCL_VERSION 120
#endif

#include "tdr/cl_host.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define EXIT_USAGE 2
#define EXIT_FAIL 1
#define WARMUP_LAUNCHES 3
#define BUILD_OPTIONS "-cl-std=CL1.2"
#define KERNEL_NAME "micro"

typedef struct options {
  const char *original;
  const char *rewritten; /* NULL: skip the rewritten variant */
  const char *csv;       /* NULL: no CSV output */
  unsigned long long n;
  unsigned long long wg;
  long pathlen;
  long reps;
  double ratio;
  unsigned long long seed;
} options;

static void usage(FILE *out, const char *argv0) {
  fprintf(out,
          "usage: %s --original micro.cl [--rewritten micro.tdr.cl]\n"
          "          [--n 1048576] [--wg 256] [--pathlen 64] [--reps 20]\n"
          "          [--ratio 0.5] [--seed 1] [--csv FILE]\n"
          "\n"
          "  --original FILE   OpenCL source with kernel '" KERNEL_NAME "' (required)\n"
          "  --rewritten FILE  tdrc output for the same kernel (optional)\n"
          "  --n N             number of elements, a multiple of --wg\n"
          "  --wg N            work-group size\n"
          "  --pathlen N       loop trip count of each branch path (>= 0)\n"
          "  --reps N          timed launches per variant (after %d warm-ups)\n"
          "  --ratio R         probability that an element is > 0.5 (0..1)\n"
          "  --seed S          PRNG seed for the input\n"
          "  --csv FILE        append one line per variant to FILE\n"
          "\n"
          "The device is chosen by the tdrcl helper (env TDR_CL_PLATFORM selects a\n"
          "platform by name substring; otherwise the first GPU, else the first device).\n",
          argv0, WARMUP_LAUNCHES);
}

/* ---- argument parsing -------------------------------------------------- */

static int parse_ull(const char *opt, const char *s, unsigned long long *out) {
  char *end;
  unsigned long long v = 0;
  errno = 0;
  if (*s != '-' && *s != '\0') v = strtoull(s, &end, 0);
  if (*s != '-' && *s != '\0' && !errno && *end == '\0') {
    *out = v;
    return 0;
  }
  fprintf(stderr, "micro_host: invalid value for %s: '%s' (expected a non-negative integer)\n", opt, s);
  return -1;
}

static int parse_long(const char *opt, const char *s, long *out) {
  char *end;
  errno = 0;
  long v = strtol(s, &end, 0);
  if (errno || *s == '\0' || *end != '\0') {
    fprintf(stderr, "micro_host: invalid value for %s: '%s' (expected an integer)\n", opt, s);
    return -1;
  }
  *out = v;
  return 0;
}

static int parse_double(const char *opt, const char *s, double *out) {
  char *end;
  errno = 0;
  double v = strtod(s, &end);
  if (errno || *s == '\0' || *end != '\0' || !isfinite(v)) {
    fprintf(stderr, "micro_host: invalid value for %s: '%s' (expected a number)\n", opt, s);
    return -1;
  }
  *out = v;
  return 0;
}

#define PARSE_HELP (-1) /* --help was printed: exit 0 */

/* Returns 0 to continue, PARSE_HELP, or EXIT_USAGE. */
static int parse_args(int argc, char **argv, options *o) {
  o->original = NULL;
  o->rewritten = NULL;
  o->csv = NULL;
  o->n = 1048576;
  o->wg = 256;
  o->pathlen = 64;
  o->reps = 20;
  o->ratio = 0.5;
  o->seed = 1;

  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
      usage(stdout, argv[0]);
      return PARSE_HELP;
    }
    /* Accept both "--opt value" and "--opt=value". */
    char name[32];
    const char *val = NULL;
    const char *eq = strchr(a, '=');
    if (strncmp(a, "--", 2) == 0 && eq && (size_t)(eq - a) < sizeof name) {
      memcpy(name, a, (size_t)(eq - a));
      name[eq - a] = '\0';
      val = eq + 1;
    } else if (strlen(a) < sizeof name) {
      strcpy(name, a);
    } else {
      fprintf(stderr, "micro_host: unknown argument '%s'\n", a);
      usage(stderr, argv[0]);
      return EXIT_USAGE;
    }
    static const char *const known[] = {"--original", "--rewritten", "--n",    "--wg",  "--pathlen",
                                        "--reps",     "--ratio",     "--seed", "--csv", NULL};
    int is_known = 0;
    for (int k = 0; known[k]; ++k)
      if (!strcmp(name, known[k])) is_known = 1;
    if (!is_known) {
      fprintf(stderr, "micro_host: unknown argument '%s'\n", a);
      usage(stderr, argv[0]);
      return EXIT_USAGE;
    }
    if (!val) {
      if (i + 1 >= argc) {
        fprintf(stderr, "micro_host: option %s needs a value\n", name);
        usage(stderr, argv[0]);
        return EXIT_USAGE;
      }
      val = argv[++i];
    }

    int bad = 0;
    if (!strcmp(name, "--original")) o->original = val;
    else if (!strcmp(name, "--rewritten")) o->rewritten = val;
    else if (!strcmp(name, "--csv")) o->csv = val;
    else if (!strcmp(name, "--n")) bad = parse_ull(name, val, &o->n);
    else if (!strcmp(name, "--wg")) bad = parse_ull(name, val, &o->wg);
    else if (!strcmp(name, "--pathlen")) bad = parse_long(name, val, &o->pathlen);
    else if (!strcmp(name, "--reps")) bad = parse_long(name, val, &o->reps);
    else if (!strcmp(name, "--ratio")) bad = parse_double(name, val, &o->ratio);
    else if (!strcmp(name, "--seed")) bad = parse_ull(name, val, &o->seed);
    if (bad) return EXIT_USAGE;
  }

  if (!o->original || !*o->original) {
    fprintf(stderr, "micro_host: --original is required\n");
    usage(stderr, argv[0]);
    return EXIT_USAGE;
  }
  if (o->rewritten && !*o->rewritten) {
    fprintf(stderr, "micro_host: --rewritten needs a file name\n");
    return EXIT_USAGE;
  }
  if (o->wg == 0) {
    fprintf(stderr, "micro_host: --wg must be positive\n");
    return EXIT_USAGE;
  }
  if (o->n == 0 || o->n % o->wg != 0) {
    fprintf(stderr, "micro_host: --n (%llu) must be a positive multiple of --wg (%llu)\n", o->n, o->wg);
    return EXIT_USAGE;
  }
  if (o->n > (unsigned long long)INT32_MAX) {
    fprintf(stderr, "micro_host: --n (%llu) too large (the kernel indexes with int)\n", o->n);
    return EXIT_USAGE;
  }
  if (o->pathlen < 0 || o->pathlen > INT32_MAX) {
    fprintf(stderr, "micro_host: --pathlen must be in [0, %d]\n", INT32_MAX);
    return EXIT_USAGE;
  }
  if (o->reps < 1 || o->reps > 1000000) {
    fprintf(stderr, "micro_host: --reps must be in [1, 1000000]\n");
    return EXIT_USAGE;
  }
  if (!(o->ratio >= 0.0 && o->ratio <= 1.0)) {
    fprintf(stderr, "micro_host: --ratio must be in [0, 1]\n");
    return EXIT_USAGE;
  }
  return 0;
}

/* ---- input generation -------------------------------------------------- */

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

/* Uniform double in [0, 1) with 53 random bits. */
static double uniform01(uint64_t *state) { return (double)(splitmix64(state) >> 11) * 0x1.0p-53; }

/*
 * Element i is > 0.5 with probability `ratio`.  Values are multiples of 2^-24,
 * hence exact in float: "above" values lie in (0.5, 1.0], "below" in [0, 0.5].
 * Returns the number of elements > 0.5.
 */
static size_t make_input(float *in, size_t n, double ratio, uint64_t seed) {
  uint64_t st = seed;
  size_t above = 0;
  for (size_t i = 0; i < n; ++i) {
    int is_above = uniform01(&st) < ratio;
    uint64_t k = splitmix64(&st) >> 41; /* 23 bits: [0, 2^23) */
    if (is_above) {
      in[i] = (float)(0.5 + (double)(k + 1) * 0x1.0p-24);
      ++above;
    } else {
      in[i] = (float)((double)k * 0x1.0p-24);
    }
  }
  return above;
}

static int cmp_float(const void *a, const void *b) {
  float x = *(const float *)a, y = *(const float *)b;
  return (x > y) - (x < y);
}

/* Every chunk of wg elements sorted by value: whatever the number of paths
 * (the kernels pick a path from ranges of the value), the work-items of a
 * warp then take one path. */
static void partition_chunks(const float *in, float *out, size_t n, size_t wg, float *scratch) {
  (void)scratch;
  memcpy(out, in, n * sizeof(float));
  for (size_t base = 0; base < n; base += wg) qsort(out + base, wg, sizeof(float), cmp_float);
}

/* ---- OpenCL helpers ------------------------------------------------------ */

#define CL_CHECK(call)                                                                          \
  do {                                                                                          \
    cl_int err_ = (call);                                                                       \
    if (err_ != CL_SUCCESS) {                                                                   \
      fprintf(stderr, "micro_host: %s failed: %s (%d)\n", #call, tdrcl_error_string(err_), err_); \
      return -1;                                                                                \
    }                                                                                           \
  } while (0)

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

static double median(double *v, size_t n) {
  qsort(v, n, sizeof *v, cmp_double);
  return (n % 2) ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

/* Builds `path` and creates kernel "micro"; checks that it can run with wg. */
static cl_kernel make_kernel(tdrcl_env *env, const char *path, size_t wg, cl_program *prog_out) {
  cl_int err;
  cl_uint nargs = 0;
  size_t max_wg = 0, req[3] = {0, 0, 0};
  *prog_out = NULL;
  cl_program prog = tdrcl_build_file(env, path, BUILD_OPTIONS);
  if (!prog) {
    fprintf(stderr, "micro_host: could not build %s with options '%s'\n", path, BUILD_OPTIONS);
    return NULL;
  }
  cl_kernel k = clCreateKernel(prog, KERNEL_NAME, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "micro_host: %s: no kernel '%s': %s (%d)\n", path, KERNEL_NAME, tdrcl_error_string(err), err);
    clReleaseProgram(prog);
    return NULL;
  }

  err = clGetKernelInfo(k, CL_KERNEL_NUM_ARGS, sizeof nargs, &nargs, NULL);
  if (err == CL_SUCCESS && nargs != 3) {
    fprintf(stderr,
            "micro_host: %s: kernel '%s' takes %u arguments, expected 3 "
            "(in, out, pathlen)\n",
            path, KERNEL_NAME, nargs);
    goto fail;
  }

  err = clGetKernelWorkGroupInfo(k, env->device, CL_KERNEL_WORK_GROUP_SIZE, sizeof max_wg, &max_wg, NULL);
  if (err == CL_SUCCESS && max_wg < wg) {
    fprintf(stderr, "micro_host: %s: kernel supports work-groups of at most %zu work-items, --wg is %zu\n", path,
            max_wg, wg);
    goto fail;
  }
  err = clGetKernelWorkGroupInfo(k, env->device, CL_KERNEL_COMPILE_WORK_GROUP_SIZE, sizeof req, req, NULL);
  if (err == CL_SUCCESS && req[0] != 0 && (req[0] != wg || req[1] > 1 || req[2] > 1)) {
    fprintf(stderr, "micro_host: %s: kernel requires work-group size (%zu,%zu,%zu), --wg is %zu\n", path, req[0],
            req[1], req[2], wg);
    goto fail;
  }

  *prog_out = prog;
  return k;

fail:
  clReleaseKernel(k);
  clReleaseProgram(prog);
  return NULL;
}

/*
 * Runs `k` on in -> out: WARMUP_LAUNCHES untimed launches, then `reps` timed
 * ones; stores the median kernel time in ms.  `out` is first filled with an
 * all-ones (NaN) pattern so that elements the kernel never writes are caught.
 */
static int run_variant(tdrcl_env *env, cl_kernel k, cl_mem in, cl_mem out, size_t n, size_t wg, cl_int pathlen,
                       long reps, const float *poison, double *median_ms, float *host_out) {
  size_t gsz = n, lsz = wg;
  CL_CHECK(clEnqueueWriteBuffer(env->queue, out, CL_TRUE, 0, n * sizeof(float), poison, 0, NULL, NULL));
  CL_CHECK(clSetKernelArg(k, 0, sizeof(cl_mem), &in));
  CL_CHECK(clSetKernelArg(k, 1, sizeof(cl_mem), &out));
  CL_CHECK(clSetKernelArg(k, 2, sizeof(cl_int), &pathlen));

  for (int i = 0; i < WARMUP_LAUNCHES; ++i)
    CL_CHECK(clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &gsz, &lsz, 0, NULL, NULL));
  CL_CHECK(clFinish(env->queue));

  cl_event *ev = calloc((size_t)reps, sizeof *ev);
  double *ms = calloc((size_t)reps, sizeof *ms);
  if (!ev || !ms) {
    fprintf(stderr, "micro_host: out of memory\n");
    free(ev);
    free(ms);
    return -1;
  }
  int rc = 0;
  long launched = 0;
  for (; launched < reps; ++launched) {
    cl_int err = clEnqueueNDRangeKernel(env->queue, k, 1, NULL, &gsz, &lsz, 0, NULL, &ev[launched]);
    if (err != CL_SUCCESS) {
      fprintf(stderr, "micro_host: clEnqueueNDRangeKernel failed: %s (%d)\n", tdrcl_error_string(err), err);
      rc = -1;
      break;
    }
  }
  cl_int err = clFinish(env->queue);
  if (rc == 0 && err != CL_SUCCESS) {
    fprintf(stderr, "micro_host: clFinish failed: %s (%d)\n", tdrcl_error_string(err), err);
    rc = -1;
  }
  for (long i = 0; i < launched; ++i) {
    cl_ulong t0 = 0, t1 = 0;
    if (rc == 0) {
      err = clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_START, sizeof t0, &t0, NULL);
      if (err == CL_SUCCESS)
        err = clGetEventProfilingInfo(ev[i], CL_PROFILING_COMMAND_END, sizeof t1, &t1, NULL);
      if (err != CL_SUCCESS) {
        fprintf(stderr, "micro_host: clGetEventProfilingInfo failed: %s (%d)\n", tdrcl_error_string(err), err);
        rc = -1;
      }
      ms[i] = (double)(t1 - t0) * 1e-6;
    }
    clReleaseEvent(ev[i]);
  }
  if (rc == 0) *median_ms = median(ms, (size_t)reps);
  free(ev);
  free(ms);
  if (rc != 0) return rc;

  CL_CHECK(clEnqueueReadBuffer(env->queue, out, CL_TRUE, 0, n * sizeof(float), host_out, 0, NULL, NULL));
  return 0;
}

/* ---- CSV ------------------------------------------------------------------ */

static void csv_field(FILE *f, const char *s) {
  if (strpbrk(s, ",\"\n\r") == NULL) {
    fputs(s, f);
    return;
  }
  fputc('"', f);
  for (; *s; ++s) {
    if (*s == '"') fputc('"', f);
    fputc(*s, f);
  }
  fputc('"', f);
}

typedef struct variant_result {
  const char *name;
  int ran;
  double median_ms;
  const char *identical; /* "yes", "no" or "-" (not applicable) */
} variant_result;

static int write_csv(const char *path, const tdrcl_env *env, const options *o, const variant_result *v, int nv) {
  FILE *f = fopen(path, "a");
  if (!f) {
    fprintf(stderr, "micro_host: cannot open CSV file %s: %s\n", path, strerror(errno));
    return -1;
  }
  if (fseek(f, 0, SEEK_END) == 0 && ftell(f) == 0)
    fputs("date,device,n,wg,pathlen,ratio,variant,median_ms,speedup,identical\n", f);

  char date[32];
  time_t now = time(NULL);
  struct tm *tm = gmtime(&now);
  if (!tm || !strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", tm)) strcpy(date, "unknown");

  const double base = v[0].median_ms;
  for (int i = 0; i < nv; ++i) {
    if (!v[i].ran) continue;
    fprintf(f, "%s,", date);
    csv_field(f, env->device_name);
    fprintf(f, ",%llu,%llu,%ld,%g,%s,%.6f,%.4f,%s\n", o->n, o->wg, o->pathlen, o->ratio, v[i].name, v[i].median_ms,
            base / v[i].median_ms, v[i].identical);
  }
  if (fclose(f) != 0) {
    fprintf(stderr, "micro_host: error writing CSV file %s: %s\n", path, strerror(errno));
    return -1;
  }
  return 0;
}

/* ---- main ----------------------------------------------------------------- */

int main(int argc, char **argv) {
  options o;
  int prc = parse_args(argc, argv, &o);
  if (prc == PARSE_HELP) return EXIT_SUCCESS;
  if (prc != 0) return prc;

  const size_t n = (size_t)o.n, wg = (size_t)o.wg;
  int status = EXIT_FAIL;
  tdrcl_env env;
  int env_ok = 0;
  cl_program prog_orig = NULL, prog_rew = NULL;
  cl_kernel k_orig = NULL, k_rew = NULL;
  cl_mem d_in = NULL, d_in_sorted = NULL, d_out = NULL;
  cl_int err;
  variant_result res[3] = {
      {"original", 0, 0.0, "-"},
      {"rewritten", 0, 0.0, "-"},
      {"ideal", 0, 0.0, "-"},
  };
  const cl_int pathlen = (cl_int)o.pathlen;
  size_t above, nonfinite = 0;
  int mismatch = 0;

  float *in = malloc(n * sizeof(float));
  float *in_sorted = malloc(n * sizeof(float));
  float *scratch = malloc(wg * sizeof(float));
  float *poison = malloc(n * sizeof(float));
  float *out_orig = malloc(n * sizeof(float));
  float *out_rew = malloc(n * sizeof(float));
  float *out_ideal = malloc(n * sizeof(float));
  if (!in || !in_sorted || !scratch || !poison || !out_orig || !out_rew || !out_ideal) {
    fprintf(stderr, "micro_host: out of memory for n = %zu\n", n);
    goto done;
  }
  memset(poison, 0xFF, n * sizeof(float));

  above = make_input(in, n, o.ratio, (uint64_t)o.seed);
  partition_chunks(in, in_sorted, n, wg, scratch);

  if (tdrcl_env_init(&env, 1) != 0) {
    fprintf(stderr, "micro_host: could not initialise OpenCL\n");
    goto done;
  }
  env_ok = 1;

  printf("device:   %s\n", env.device_name);
  printf("platform: %s\n", env.platform_name);
  printf("n = %zu, wg = %zu, pathlen = %ld, ratio = %g (actual %.4f), seed = %llu, reps = %ld\n", n, wg, o.pathlen,
         o.ratio, (double)above / (double)n, o.seed, o.reps);
  printf("original:  %s\n", o.original);
  printf("rewritten: %s\n", o.rewritten ? o.rewritten : "(none)");
  fflush(stdout);

  k_orig = make_kernel(&env, o.original, wg, &prog_orig);
  if (!k_orig) goto done;
  if (o.rewritten) {
    k_rew = make_kernel(&env, o.rewritten, wg, &prog_rew);
    if (!k_rew) goto done;
  }

  d_in = clCreateBuffer(env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(float), in, &err);
  if (err == CL_SUCCESS)
    d_in_sorted =
        clCreateBuffer(env.context, CL_MEM_READ_ONLY | CL_MEM_COPY_HOST_PTR, n * sizeof(float), in_sorted, &err);
  if (err == CL_SUCCESS) d_out = clCreateBuffer(env.context, CL_MEM_WRITE_ONLY, n * sizeof(float), NULL, &err);
  if (err != CL_SUCCESS) {
    fprintf(stderr, "micro_host: clCreateBuffer (%zu bytes) failed: %s (%d)\n", n * sizeof(float),
            tdrcl_error_string(err), err);
    goto done;
  }

  if (run_variant(&env, k_orig, d_in, d_out, n, wg, pathlen, o.reps, poison, &res[0].median_ms, out_orig) != 0) {
    fprintf(stderr, "micro_host: variant 'original' failed\n");
    goto done;
  }
  res[0].ran = 1;

  if (k_rew) {
    if (run_variant(&env, k_rew, d_in, d_out, n, wg, pathlen, o.reps, poison, &res[1].median_ms, out_rew) != 0) {
      fprintf(stderr, "micro_host: variant 'rewritten' failed\n");
      goto done;
    }
    res[1].ran = 1;
  }

  if (run_variant(&env, k_orig, d_in_sorted, d_out, n, wg, pathlen, o.reps, poison, &res[2].median_ms, out_ideal) !=
      0) {
    fprintf(stderr, "micro_host: variant 'ideal' failed\n");
    goto done;
  }
  res[2].ran = 1;

  /* Sanity: the reference output should be finite everywhere. */
  for (size_t i = 0; i < n; ++i)
    if (!isfinite(out_orig[i])) ++nonfinite;
  if (nonfinite)
    fprintf(stderr, "micro_host: warning: %zu of %zu original outputs are not finite\n", nonfinite, n);

  if (k_rew) {
    if (memcmp(out_orig, out_rew, n * sizeof(float)) == 0) {
      res[1].identical = "yes";
    } else {
      res[1].identical = "no";
      mismatch = 1;
    }
  }

  printf("\n%-10s %12s %10s\n", "variant", "median ms", "speedup");
  for (int i = 0; i < 3; ++i) {
    if (!res[i].ran) continue;
    printf("%-10s %12.4f %9.3fx\n", res[i].name, res[i].median_ms, res[0].median_ms / res[i].median_ms);
  }
  printf("\n");

  if (k_rew) {
    if (!mismatch) {
      printf("outputs identical: yes\n");
    } else {
      size_t first = 0, count = 0;
      for (size_t i = n; i-- > 0;) {
        uint32_t a, b;
        memcpy(&a, &out_orig[i], 4);
        memcpy(&b, &out_rew[i], 4);
        if (a != b) {
          first = i;
          ++count;
        }
      }
      printf("outputs identical: NO (first mismatch at %zu: %.9g vs %.9g)\n", first, (double)out_orig[first],
             (double)out_rew[first]);
      printf("mismatching elements: %zu of %zu\n", count, n);
    }
  } else {
    printf("outputs identical: n/a (no --rewritten kernel)\n");
  }
  fflush(stdout);

  if (o.csv && write_csv(o.csv, &env, &o, res, 3) != 0) goto done;

  status = mismatch ? EXIT_FAIL : EXIT_SUCCESS;

done:
  if (d_out) clReleaseMemObject(d_out);
  if (d_in_sorted) clReleaseMemObject(d_in_sorted);
  if (d_in) clReleaseMemObject(d_in);
  if (k_rew) clReleaseKernel(k_rew);
  if (k_orig) clReleaseKernel(k_orig);
  if (prog_rew) clReleaseProgram(prog_rew);
  if (prog_orig) clReleaseProgram(prog_orig);
  if (env_ok) tdrcl_env_release(&env);
  free(in);
  free(in_sorted);
  free(scratch);
  free(poison);
  free(out_orig);
  free(out_rew);
  free(out_ideal);
  return status;
}
