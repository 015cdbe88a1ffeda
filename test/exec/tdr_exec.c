/* tdr_exec: differential execution harness for tdrc.
 *
 *   tdr_exec [--seeds S] [--quick] [--kernel K] [--feedback|--split|--split-lists]
 *            ORIGINAL.cl REWRITTEN.cl
 *   tdr_exec --run-only [--seeds S] [--quick] [--kernel K] [--feedback|--split|--split-lists]
 *            FILE.cl
 *            (no comparison; for Oclgrind)
 *
 * Runs a kernel's ORIGINAL and REWRITTEN source on the default device (see
 * tdrcl_env_init) with identical deterministic inputs, for every seed x local
 * size x condition mix, and requires every buffer to come back bit-identical.
 * The launch spec is read from "// EXEC:" comment lines of the first file:
 *
 *   // EXEC: kernel=K global=G0[xG1] local=A0[xA1],... [options=OPT] [seeds=S]
 *   // EXEC: arg NAME buf   int|uint|float size=EXPR fill=zero|seq|rand:LO:HI|mix:LO:HI
 *   // EXEC: arg NAME val   int|uint|float value=EXPR
 *   // EXEC: arg NAME local int|uint|float size=EXPR
 *
 * A file may hold several kernels: every 'kernel=' line starts a new spec,
 * followed by that kernel's 'arg' lines. The program is built once (all
 * specs must then have the same options=) and every kernel is checked; a
 * mismatching kernel does not stop the others. --kernel K checks only K.
 *
 * 'arg' lines are in kernel-parameter order. EXPR: integer literals and N
 * (G0*G1), G0, G1, L (work-group size) joined by + and *. The global size is
 * rounded up to a multiple of the local size per dimension. mix buffers are
 * run as all-true ([1,HI]), all-false ([LO,0]), alternating and random.
 * Defaults: options=-cl-std=CL1.2, seeds=3. --quick: 1 seed, first and last
 * local size, random mix only.
 *
 * --feedback: kernels of REWRITTEN (or FILE) may have one more parameter than
 * the spec, tdrc --feedback's tdr_feedback; it gets a zeroed buffer and its
 * report is checked after every run (feedback_check.h; FEEDBACK-ERROR lines
 * count as mismatches).
 *
 * --split: REWRITTEN (or FILE) runs every checked kernel K as the launch plan
 * of tdrc's split transform: the parts its "tdrc-split: kernel=K parts=..."
 * descriptor names (split_plan.h), each given K's arguments and enqueued one
 * after another with K's global and local sizes, then the buffers are read
 * back. A kernel without a descriptor there is an error (exit 2), so a test
 * cannot pass without its plan running. ORIGINAL always runs K itself. Not
 * with --feedback (the parts would share one report).
 *
 * --split-lists: the same with the plan over per-path lists (the
 * "tdrc-split-lists: kernel=K list=L parts=..." descriptor): a zeroed lists
 * buffer (P counts, then P lists of one entry per work-item) as one more
 * argument of L and of every part; L runs first, then the parts.
 *
 * TDR_EXEC_BUILD_OPTIONS (environment): options added to both builds.
 *
 * Exit status: 0 all identical, 1 mismatch, 2 spec / OpenCL / usage error.
 */
#include "feedback_check.h"
#include "split_plan.h"
#include "tdr/cl_host.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 64, MAX_LOCALS = 32, MAX_TOKENS = 32, MAX_KERNELS = 1024 };
/* Extra elements after every buffer in compare mode, so an out-of-bounds
 * write by only one of the two programs shows up as a mismatch. Left out in
 * --run-only mode so Oclgrind still sees the exact buffer bounds. */
enum { GUARD_ELEMS = 64 };
/* Float fills stay within +-2^20 so value + k/8 is exact in a float. */
#define FLOAT_FILL_LIMIT (1LL << 20)

typedef enum { T_INT, T_UINT, T_FLOAT } elem_type;
typedef enum { A_BUF, A_VAL, A_LOCAL } arg_kind;
typedef enum { F_ZERO, F_SEQ, F_RAND, F_MIX } fill_kind;
typedef enum { V_N, V_G0, V_G1, V_L, V_COUNT } var_id;

static const char *const type_names[] = {"int", "uint", "float"};
static const char *const kind_names[] = {"buf", "val", "local"};

/* Condition mixes for fill=mix buffers; kernels test x > 0. */
typedef enum { MIX_TRUE, MIX_FALSE, MIX_ALT, MIX_RANDOM, MIX_NONE } mix_id;
static const char *const mix_names[] = {"all-true", "all-false", "alternating", "random", "none"};

typedef struct {
  char name[128];
  int line;
  arg_kind kind;
  elem_type type;
  char expr[128]; /* size= for buf/local, value= for val */
  fill_kind fill;
  long long lo, hi;
} arg_spec;

typedef struct {
  const char *file;
  int kernel_line;
  char kernel[128];
  int dims;
  size_t global[2];
  int nlocal;
  size_t local[MAX_LOCALS][2];
  char options[256];
  int seeds;
  int nargs;
  arg_spec args[MAX_ARGS];
  int has_mix;
} exec_spec;

/* One built program under test, with one kernel object per spec, or with
 * --split the part kernels of each spec's launch plan instead. */
typedef struct {
  const char *path;
  cl_program prog;
  int nkernels;
  cl_kernel kernel[MAX_KERNELS];
  int nparts[MAX_KERNELS];       /* 0: run kernel[ki] itself */
  cl_kernel *parts[MAX_KERNELS]; /* malloc'd, in launch order */
  cl_kernel list[MAX_KERNELS];   /* --split-lists: runs before the parts */
  size_t wg_max[MAX_KERNELS];    /* the least of every kernel the launch runs */
  char feedback[MAX_KERNELS]; /* last parameter is tdr_feedback */
} program;

static int allow_feedback; /* --feedback */
static int lists_plan;     /* --split-lists: parts take tdr_lists last */

/* ---------------------------------------------------------------- errors */

static _Noreturn void spec_error(const char *file, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static _Noreturn void spec_error(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  if (line > 0)
    fprintf(stderr, "%s:%d: ", file, line);
  else
    fprintf(stderr, "%s: ", file);
  vfprintf(stderr, fmt, ap);
  fputc('\n', stderr);
  va_end(ap);
  exit(2);
}

static _Noreturn void cl_fail(const char *file, const char *call, cl_int err) {
  fprintf(stderr, "tdr_exec: %s: %s failed: %s\n", file, call, tdrcl_error_string(err));
  exit(2);
}

/* Calls fn(...) and exits 2 naming fn if it does not return CL_SUCCESS. */
#define CL_CHECK(file, fn, ...)                                                                    \
  do {                                                                                             \
    cl_int err_ = fn(__VA_ARGS__);                                                                 \
    if (err_ != CL_SUCCESS)                                                                        \
      cl_fail((file), #fn, err_);                                                                  \
  } while (0)

static void *xcalloc(size_t n, size_t size) {
  void *p = calloc(n ? n : 1, size);
  if (!p) {
    fprintf(stderr, "tdr_exec: out of memory\n");
    exit(2);
  }
  return p;
}

/* ------------------------------------------------------------ expressions */

/* EXPR := TERM (('+'|'*') TERM)*, '*' binding tighter; TERM is an integer
 * literal or N, G0, G1, L. Returns 0, or -1 on a syntax error. */
static int eval_expr(const char *s, const long long vars[V_COUNT], long long *out) {
  long long sum = 0, prod = 1;
  for (;;) {
    size_t n = strcspn(s, "+*");
    char term[64];
    if (n == 0 || n >= sizeof term)
      return -1;
    memcpy(term, s, n);
    term[n] = '\0';
    long long t;
    if (!strcmp(term, "N"))
      t = vars[V_N];
    else if (!strcmp(term, "G0"))
      t = vars[V_G0];
    else if (!strcmp(term, "G1"))
      t = vars[V_G1];
    else if (!strcmp(term, "L"))
      t = vars[V_L];
    else {
      char *end;
      const char *digits = term[0] == '-' ? term + 1 : term;
      if (!isdigit((unsigned char)digits[0]))
        return -1;
      t = strtoll(term, &end, 10);
      if (*end)
        return -1;
    }
    prod *= t;
    s += n;
    if (*s != '*') {
      sum += prod;
      prod = 1;
    }
    if (!*s)
      break;
    s++;
  }
  *out = sum;
  return 0;
}

/* ---------------------------------------------------------------- parsing */

/* "64" or "16x8" -> dims 1 or 2; 0 on a malformed or zero size. */
static int parse_dims(const char *s, size_t out[2]) {
  int d = 0;
  out[1] = 1;
  for (;;) {
    char *end;
    if (!isdigit((unsigned char)*s) || d == 2)
      return 0;
    unsigned long long v = strtoull(s, &end, 10);
    if (v == 0 || v > (1ULL << 30))
      return 0;
    out[d++] = (size_t)v;
    if (*end == '\0')
      return d;
    if (*end != 'x')
      return 0;
    s = end + 1;
  }
}

static int parse_ll(const char *s, long long *out) {
  char *end;
  if (!*s)
    return -1;
  *out = strtoll(s, &end, 10);
  return *end ? -1 : 0;
}

/* "rand:LO:HI" / "mix:LO:HI" bounds. */
static int parse_range(const char *s, long long *lo, long long *hi) {
  char tmp[64];
  const char *colon = strchr(s, ':');
  if (!colon || (size_t)(colon - s) >= sizeof tmp)
    return -1;
  memcpy(tmp, s, colon - s);
  tmp[colon - s] = '\0';
  return parse_ll(tmp, lo) || parse_ll(colon + 1, hi) ? -1 : 0;
}

static int is_identifier(const char *s) {
  if (!isalpha((unsigned char)*s) && *s != '_')
    return 0;
  for (; *s; s++)
    if (!isalnum((unsigned char)*s) && *s != '_')
      return 0;
  return 1;
}

/* Splits s in place on whitespace; returns the token count. */
static int tokenize(char *s, char *tok[MAX_TOKENS]) {
  int n = 0;
  for (;;) {
    while (isspace((unsigned char)*s))
      s++;
    if (!*s || n == MAX_TOKENS)
      return n;
    tok[n++] = s;
    while (*s && !isspace((unsigned char)*s))
      s++;
    if (*s)
      *s++ = '\0';
  }
}

/* Value of "key=..." if tok starts with key=, else NULL. */
static const char *key_value(const char *tok, const char *key) {
  size_t n = strlen(key);
  return strncmp(tok, key, n) == 0 && tok[n] == '=' ? tok + n + 1 : NULL;
}

static void copy_str(char *dst, size_t cap, const char *src, const char *file, int line,
                     const char *what) {
  if (strlen(src) >= cap)
    spec_error(file, line, "%s too long: '%s'", what, src);
  strcpy(dst, src);
}

static void parse_header(exec_spec *sp, int line, char **tok, int ntok) {
  const char *f = sp->file;
  sp->kernel_line = line;
  int have_global = 0, local_dims[MAX_LOCALS];
  for (int i = 0; i < ntok; i++) {
    const char *v;
    if ((v = key_value(tok[i], "kernel"))) {
      if (!is_identifier(v))
        spec_error(f, line, "bad kernel name '%s'", v);
      copy_str(sp->kernel, sizeof sp->kernel, v, f, line, "kernel name");
    } else if ((v = key_value(tok[i], "global"))) {
      if (!(sp->dims = parse_dims(v, sp->global)))
        spec_error(f, line, "bad global size '%s' (want G0 or G0xG1, positive)", v);
      have_global = 1;
    } else if ((v = key_value(tok[i], "local"))) {
      char list[256];
      copy_str(list, sizeof list, v, f, line, "local list");
      for (char *item = strtok(list, ","); item; item = strtok(NULL, ",")) {
        if (sp->nlocal == MAX_LOCALS)
          spec_error(f, line, "more than %d local sizes", MAX_LOCALS);
        local_dims[sp->nlocal] = parse_dims(item, sp->local[sp->nlocal]);
        if (!local_dims[sp->nlocal++])
          spec_error(f, line, "bad local size '%s' (want A0 or A0xA1, positive)", item);
      }
    } else if ((v = key_value(tok[i], "options"))) {
      copy_str(sp->options, sizeof sp->options, v, f, line, "options");
    } else if ((v = key_value(tok[i], "seeds"))) {
      long long s;
      if (parse_ll(v, &s) || s < 1 || s > 1000)
        spec_error(f, line, "bad seeds '%s' (want 1..1000)", v);
      sp->seeds = (int)s;
    } else {
      spec_error(f, line, "unknown key '%s' (want kernel=, global=, local=, options=, seeds=)",
                 tok[i]);
    }
  }
  if (!sp->kernel[0])
    spec_error(f, line, "missing kernel=");
  if (!have_global)
    spec_error(f, line, "missing global=");
  if (!sp->nlocal)
    spec_error(f, line, "missing local=");
  for (int l = 0; l < sp->nlocal; l++)
    if (local_dims[l] != sp->dims)
      spec_error(f, line, "local size %d is %d-D but global= is %d-D", l + 1, local_dims[l],
                 sp->dims);
}

static elem_type parse_type(const char *file, int line, const char *s) {
  for (int t = 0; t < 3; t++)
    if (!strcmp(s, type_names[t]))
      return (elem_type)t;
  spec_error(file, line, "bad element type '%s' (want int, uint or float)", s);
}

static void check_expr(const char *file, int line, const char *key, const char *expr) {
  static const long long dummy[V_COUNT] = {1, 1, 1, 1};
  long long v;
  if (eval_expr(expr, dummy, &v))
    spec_error(file, line,
               "bad %s expression '%s' (terms: integer, N, G0, G1, L; joined by + or *)", key,
               expr);
}

/* Checks that fill bounds suit the element type. */
static void check_range(const char *file, int line, arg_spec *a, const char *what) {
  long long min = a->type == T_UINT ? 0 : a->type == T_INT ? INT32_MIN : -FLOAT_FILL_LIMIT;
  long long max = a->type == T_UINT ? UINT32_MAX : a->type == T_INT ? INT32_MAX : FLOAT_FILL_LIMIT;
  if (a->lo > a->hi)
    spec_error(file, line, "%s: LO %lld > HI %lld", what, a->lo, a->hi);
  if (a->lo < min || a->hi > max)
    spec_error(file, line, "%s: range [%lld,%lld] does not fit %s (allowed [%lld,%lld])", what,
               a->lo, a->hi, type_names[a->type], min, max);
  if (a->fill == F_MIX && !(a->lo <= 0 && a->hi > 0))
    spec_error(file, line, "%s: need LO <= 0 < HI so both x > 0 and x <= 0 occur", what);
}

static void parse_arg(exec_spec *sp, int line, char **tok, int ntok) {
  const char *f = sp->file;
  if (ntok < 4)
    spec_error(f, line, "want: arg NAME buf|val|local TYPE key=value...");
  if (sp->nargs == MAX_ARGS)
    spec_error(f, line, "more than %d args", MAX_ARGS);
  arg_spec *a = &sp->args[sp->nargs];
  memset(a, 0, sizeof *a);
  a->line = line;
  if (!is_identifier(tok[1]))
    spec_error(f, line, "bad arg name '%s'", tok[1]);
  copy_str(a->name, sizeof a->name, tok[1], f, line, "arg name");
  for (int i = 0; i < sp->nargs; i++)
    if (!strcmp(sp->args[i].name, a->name))
      spec_error(f, line, "duplicate arg '%s' (first at line %d)", a->name, sp->args[i].line);
  int k;
  for (k = 0; k < 3 && strcmp(tok[2], kind_names[k]); k++)
    ;
  if (k == 3)
    spec_error(f, line, "bad arg kind '%s' (want buf, val or local)", tok[2]);
  a->kind = (arg_kind)k;
  a->type = parse_type(f, line, tok[3]);

  const char *expr_key = a->kind == A_VAL ? "value" : "size";
  int have_expr = 0, have_fill = 0;
  for (int i = 4; i < ntok; i++) {
    const char *v;
    if ((v = key_value(tok[i], expr_key))) {
      check_expr(f, line, expr_key, v);
      copy_str(a->expr, sizeof a->expr, v, f, line, "expression");
      have_expr = 1;
    } else if (a->kind == A_BUF && (v = key_value(tok[i], "fill"))) {
      have_fill = 1;
      if (!strcmp(v, "zero"))
        a->fill = F_ZERO;
      else if (!strcmp(v, "seq"))
        a->fill = F_SEQ;
      else if (!strncmp(v, "rand:", 5) && !parse_range(v + 5, &a->lo, &a->hi))
        a->fill = F_RAND;
      else if (!strncmp(v, "mix:", 4) && !parse_range(v + 4, &a->lo, &a->hi))
        a->fill = F_MIX, sp->has_mix = 1;
      else
        spec_error(f, line, "bad fill '%s' (want zero, seq, rand:LO:HI or mix:LO:HI)", v);
      if (a->fill == F_RAND || a->fill == F_MIX)
        check_range(f, line, a, v);
    } else {
      spec_error(f, line, "unknown key '%s' for a %s arg (want %s=%s)", tok[i], kind_names[k],
                 expr_key, a->kind == A_BUF ? " and fill=" : "");
    }
  }
  if (!have_expr)
    spec_error(f, line, "missing %s= for arg '%s'", expr_key, a->name);
  if (a->kind == A_BUF && !have_fill)
    spec_error(f, line, "missing fill= for buffer '%s'", a->name);
  sp->nargs++;
}

static void init_spec(exec_spec *sp, const char *path) {
  memset(sp, 0, sizeof *sp);
  sp->file = path;
  sp->seeds = 3;
  strcpy(sp->options, "-cl-std=CL1.2");
}

/* Reads every "// EXEC:" line of path into specs[] (one per 'kernel=' line,
 * malloc'd into *out); returns the count. Exits 2 on any error. */
static int parse_specs(const char *path, exec_spec **out) {
  exec_spec *specs = NULL;
  int nspecs = 0;
  char *text = tdrcl_read_file(path, NULL);
  if (!text)
    exit(2);
  int line = 0;
  for (char *s = text; s;) {
    char *nl = strchr(s, '\n');
    if (nl)
      *nl = '\0';
    line++;
    char *p = s;
    while (*p == ' ' || *p == '\t')
      p++;
    if (p[0] == '/' && p[1] == '/') {
      p += 2;
      while (*p == ' ' || *p == '\t')
        p++;
      if (!strncmp(p, "EXEC:", 5)) {
        char *tok[MAX_TOKENS];
        int ntok = tokenize(p + 5, tok);
        if (ntok == MAX_TOKENS)
          spec_error(path, line, "too many tokens");
        if (ntok == 0)
          spec_error(path, line, "empty EXEC line");
        if (!strncmp(tok[0], "kernel=", 7)) {
          if (nspecs == MAX_KERNELS)
            spec_error(path, line, "more than %d kernels", MAX_KERNELS);
          exec_spec *grown = realloc(specs, (nspecs + 1) * sizeof *specs);
          if (!grown) {
            fprintf(stderr, "tdr_exec: out of memory\n");
            exit(2);
          }
          specs = grown;
          init_spec(&specs[nspecs], path);
          parse_header(&specs[nspecs], line, tok, ntok);
          for (int k = 0; k < nspecs; k++)
            if (!strcmp(specs[k].kernel, specs[nspecs].kernel))
              spec_error(path, line, "second spec for kernel '%s' (first at line %d)",
                         specs[k].kernel, specs[k].kernel_line);
          if (nspecs > 0 && strcmp(specs[0].options, specs[nspecs].options))
            spec_error(path, line,
                       "options= '%s' differ from '%s' of kernel '%s' (line %d); a file's "
                       "kernels are built as one program",
                       specs[nspecs].options, specs[0].options, specs[0].kernel,
                       specs[0].kernel_line);
          nspecs++;
        } else if (!strcmp(tok[0], "arg")) {
          if (nspecs == 0)
            spec_error(path, line, "'arg' line before the first 'kernel=' line");
          parse_arg(&specs[nspecs - 1], line, tok, ntok);
        } else
          spec_error(path, line, "EXEC line must start with 'kernel=' or 'arg', not '%s'", tok[0]);
      }
    }
    s = nl ? nl + 1 : NULL;
  }
  free(text);
  if (!nspecs)
    spec_error(path, 0, "no '// EXEC: kernel=... global=... local=...' line");
  *out = specs;
  return nspecs;
}

/* ------------------------------------------------------------------ fills */

static uint64_t splitmix64(uint64_t *state) {
  uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

/* Uniform integer in [lo, hi] (spans are < 2^33, so modulo bias is nil). */
static long long uniform(uint64_t *state, long long lo, long long hi) {
  return lo + (long long)(splitmix64(state) % (uint64_t)(hi - lo + 1));
}

/* Stores integer j as element i; for floats adds a random k/8 fraction whose
 * sign keeps j's side of zero, so x > 0 is decided by j alone. */
static void store(void *buf, size_t i, elem_type t, long long j, uint64_t *state, int mix) {
  if (t == T_INT) {
    ((int32_t *)buf)[i] = (int32_t)j;
  } else if (t == T_UINT) {
    ((uint32_t *)buf)[i] = (uint32_t)j;
  } else {
    float frac = (float)uniform(state, 0, 7) / 8.0f;
    float v = (float)j + frac; /* rand: j + [0,1) */
    if (mix)                   /* mix: (0,HI] stays > 0, [LO,0] stays <= 0 */
      v = j > 0 ? (float)j - frac : j == 0 ? 0.0f : (float)j + frac;
    ((float *)buf)[i] = v;
  }
}

static void fill_buffer(void *buf, size_t n, const arg_spec *a, int argi, int seed, mix_id mix) {
  uint64_t state = 0x7464725F65786563ULL ^ ((uint64_t)seed << 32) ^ (uint64_t)argi * 0x9E3779B1ULL;
  splitmix64(&state);
  for (size_t i = 0; i < n; i++) {
    switch (a->fill) {
    case F_ZERO:
      memset((char *)buf + 4 * i, 0, 4);
      break;
    case F_SEQ:
      if (a->type == T_FLOAT)
        ((float *)buf)[i] = (float)i;
      else
        ((uint32_t *)buf)[i] = (uint32_t)i;
      break;
    case F_RAND:
      store(buf, i, a->type, uniform(&state, a->lo, a->hi), &state, 0);
      break;
    case F_MIX: {
      int want_true = mix == MIX_TRUE || (mix == MIX_ALT && i % 2 == 0);
      long long j = mix == MIX_RANDOM || mix == MIX_NONE ? uniform(&state, a->lo, a->hi)
                    : want_true                          ? uniform(&state, 1, a->hi)
                                                         : uniform(&state, a->lo, 0);
      store(buf, i, a->type, j, &state, 1);
      break;
    }
    }
  }
}

/* ------------------------------------------------------------------- runs */

/* Everything one launch needs, shared by both programs. */
typedef struct {
  const exec_spec *sp;
  int ki;              /* index of sp in the file's specs (and kernel objects) */
  const size_t *local; /* [2] */
  size_t global[2];    /* rounded up to a multiple of local */
  long long vars[V_COUNT];
  size_t elems[MAX_ARGS]; /* buf: element count (without guard); local: count */
  size_t guard;           /* guard elements after each buffer */
  void *input[MAX_ARGS];  /* buf: host data uploaded before each run */
  int32_t value[MAX_ARGS];
} launch;

static void format_local(char *out, size_t cap, const exec_spec *sp, const size_t *l) {
  if (sp->dims == 1)
    snprintf(out, cap, "%zu", l[0]);
  else
    snprintf(out, cap, "%zux%zu", l[0], l[1]);
}

/* Evaluates sizes and values for one local-size configuration. */
static void prepare_launch(launch *ln, const exec_spec *sp, int ki, const size_t *local,
                           size_t guard) {
  memset(ln, 0, sizeof *ln);
  ln->sp = sp;
  ln->ki = ki;
  ln->local = local;
  ln->guard = guard;
  for (int d = 0; d < sp->dims; d++)
    ln->global[d] = (sp->global[d] + local[d] - 1) / local[d] * local[d];
  ln->vars[V_G0] = (long long)sp->global[0];
  ln->vars[V_G1] = sp->dims == 2 ? (long long)sp->global[1] : 1;
  ln->vars[V_N] = ln->vars[V_G0] * ln->vars[V_G1];
  ln->vars[V_L] = (long long)(local[0] * (sp->dims == 2 ? local[1] : 1));
  for (int i = 0; i < sp->nargs; i++) {
    const arg_spec *a = &sp->args[i];
    long long v;
    eval_expr(a->expr, ln->vars, &v); /* syntax was checked while parsing */
    if (a->kind == A_VAL) {
      long long min = a->type == T_UINT ? 0 : INT32_MIN;
      long long max = a->type == T_UINT ? UINT32_MAX : INT32_MAX;
      if (v < min || v > max)
        spec_error(sp->file, a->line, "value %lld of '%s' does not fit %s", v, a->name,
                   type_names[a->type]);
      if (a->type == T_FLOAT) {
        float fv = (float)v;
        memcpy(&ln->value[i], &fv, 4);
      } else {
        ln->value[i] = (int32_t)(uint32_t)v;
      }
    } else {
      if (v < 1 || v > (1LL << 28))
        spec_error(sp->file, a->line, "size of '%s' is %lld elements (want 1..2^28)", a->name, v);
      ln->elems[i] = (size_t)v;
    }
  }
}

static void free_inputs(launch *ln) {
  for (int i = 0; i < ln->sp->nargs; i++) {
    free(ln->input[i]);
    ln->input[i] = NULL;
  }
}

/* Fresh host inputs for one seed x mix; guard elements get a fixed pattern. */
static void make_inputs(launch *ln, int seed, mix_id mix) {
  for (int i = 0; i < ln->sp->nargs; i++) {
    if (ln->sp->args[i].kind != A_BUF)
      continue;
    free(ln->input[i]);
    ln->input[i] = xcalloc(ln->elems[i] + ln->guard, 4);
    fill_buffer(ln->input[i], ln->elems[i], &ln->sp->args[i], i, seed, mix);
    memset((char *)ln->input[i] + 4 * ln->elems[i], 0xA5, 4 * ln->guard);
  }
}

/* " of part 'NAME'" when k is a part kernel of a split plan, else "": so a
 * failure names the part. */
static void part_label(char *out, size_t cap, const program *p, int ki, cl_kernel k) {
  char name[SPLIT_NAME_MAX] = "?";
  out[0] = '\0';
  if (!p->nparts[ki] || !k)
    return;
  clGetKernelInfo(k, CL_KERNEL_FUNCTION_NAME, sizeof name, name, NULL);
  snprintf(out, cap, " of part '%s'", name);
}

/* Exits 2 naming call, argument i and (for a part kernel k) the part. */
static _Noreturn void arg_fail(const program *p, const launch *ln, cl_kernel k, int i,
                               const char *call, cl_int err) {
  const arg_spec *a = &ln->sp->args[i];
  char what[320], label[SPLIT_NAME_MAX + 16];
  part_label(label, sizeof label, p, ln->ki, k);
  snprintf(what, sizeof what, "%s for arg %d '%s' (%s %s)%s", call, i, a->name,
           kind_names[a->kind], type_names[a->type], label);
  cl_fail(p->path, what, err);
}

/* Gives kernel k the arguments of ln; buffers are mem[]. */
static void set_args(const program *p, const launch *ln, cl_kernel k, cl_mem mem[MAX_ARGS]) {
  const exec_spec *sp = ln->sp;
  for (int i = 0; i < sp->nargs; i++) {
    cl_int err = CL_SUCCESS;
    switch (sp->args[i].kind) {
    case A_BUF:
      err = clSetKernelArg(k, i, sizeof(cl_mem), &mem[i]);
      break;
    case A_VAL:
      err = clSetKernelArg(k, i, 4, &ln->value[i]);
      break;
    case A_LOCAL:
      err = clSetKernelArg(k, i, 4 * ln->elems[i], NULL);
      break;
    }
    if (err != CL_SUCCESS)
      arg_fail(p, ln, k, i, "clSetKernelArg", err);
  }
}

/* --split-lists: the zeroed lists buffer, given as the last argument of the
 * list kernel (which gets ln's arguments, buffers mem[]) and of the nk parts
 * ks[]; the list kernel is enqueued. */
static cl_mem lists_create(const program *p, const launch *ln, cl_context ctx,
                           cl_command_queue q, cl_mem mem[MAX_ARGS], const cl_kernel *ks,
                           int nk) {
  const exec_spec *sp = ln->sp;
  size_t items = ln->global[0] * (sp->dims == 2 ? ln->global[1] : 1);
  size_t bytes = 4 * ((size_t)nk + (size_t)nk * items);
  void *zero = xcalloc(bytes, 1);
  cl_int err;
  cl_mem m = clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, zero, &err);
  free(zero);
  if (err != CL_SUCCESS)
    cl_fail(p->path, "clCreateBuffer(tdr_lists)", err);
  cl_kernel l = p->list[ln->ki];
  set_args(p, ln, l, mem);
  CL_CHECK(p->path, clSetKernelArg, l, sp->nargs, sizeof m, &m);
  for (int k = 0; k < nk; k++)
    CL_CHECK(p->path, clSetKernelArg, ks[k], sp->nargs, sizeof m, &m);
  err = clEnqueueNDRangeKernel(q, l, sp->dims, NULL, ln->global, ln->local, 0, NULL, NULL);
  if (err != CL_SUCCESS)
    cl_fail(p->path, "clEnqueueNDRangeKernel(list kernel)", err);
  return m;
}

/* Uploads the inputs, runs p once, and reads every buffer back into out[]
 * (malloc'd; non-buffer slots stay NULL).  Returns the feedback report's
 * problems (0 without tdr_feedback). */
static int run_once(const program *p, cl_command_queue q, cl_context ctx, const launch *ln,
                    void *out[MAX_ARGS]) {
  const exec_spec *sp = ln->sp;
  /* What one launch runs: the kernel itself, or with --split the parts of
   * its plan, in order on the in-order queue, sharing arguments and buffers
   * as the kernel would have them. */
  int nk = p->nparts[ln->ki] ? p->nparts[ln->ki] : 1;
  const cl_kernel *ks = p->nparts[ln->ki] ? p->parts[ln->ki] : &p->kernel[ln->ki];
  cl_mem mem[MAX_ARGS] = {0}, fb = NULL;
  if (p->feedback[ln->ki]) { /* never with --split */
    if (!(fb = fb_create(ctx, p->path)))
      exit(2);
    CL_CHECK(p->path, clSetKernelArg, ks[0], sp->nargs, sizeof fb, &fb);
  }
  for (int i = 0; i < sp->nargs; i++) {
    if (sp->args[i].kind != A_BUF)
      continue;
    cl_int err;
    size_t bytes = 4 * (ln->elems[i] + ln->guard);
    mem[i] =
        clCreateBuffer(ctx, CL_MEM_READ_WRITE | CL_MEM_COPY_HOST_PTR, bytes, ln->input[i], &err);
    if (err != CL_SUCCESS)
      arg_fail(p, ln, NULL, i, "clCreateBuffer", err);
  }
  for (int k = 0; k < nk; k++)
    set_args(p, ln, ks[k], mem);
  cl_mem lists = p->list[ln->ki] ? lists_create(p, ln, ctx, q, mem, ks, nk) : NULL;
  for (int k = 0; k < nk; k++) {
    cl_int err =
        clEnqueueNDRangeKernel(q, ks[k], sp->dims, NULL, ln->global, ln->local, 0, NULL, NULL);
    if (err != CL_SUCCESS) {
      char what[256], lstr[64], label[SPLIT_NAME_MAX + 16];
      format_local(lstr, sizeof lstr, sp, ln->local);
      part_label(label, sizeof label, p, ln->ki, ks[k]);
      snprintf(what, sizeof what, "clEnqueueNDRangeKernel(local=%s)%s", lstr, label);
      cl_fail(p->path, what, err);
    }
  }
  CL_CHECK(p->path, clFinish, q);
  if (lists)
    clReleaseMemObject(lists);
  int fb_bad = 0;
  if (fb) {
    size_t wg = ln->local[0] * (sp->dims == 2 ? ln->local[1] : 1);
    if ((fb_bad = fb_check(q, fb, wg, p->path, sp->kernel)) < 0)
      exit(2);
    clReleaseMemObject(fb);
  }
  for (int i = 0; i < sp->nargs; i++) {
    out[i] = NULL;
    if (!mem[i])
      continue;
    size_t bytes = 4 * (ln->elems[i] + ln->guard);
    out[i] = xcalloc(bytes, 1);
    CL_CHECK(p->path, clEnqueueReadBuffer, q, mem[i], CL_TRUE, 0, bytes, out[i], 0, NULL, NULL);
    clReleaseMemObject(mem[i]);
  }
  return fb_bad;
}

static void format_elem(char *out, size_t cap, elem_type t, const void *p) {
  uint32_t bits;
  memcpy(&bits, p, 4);
  if (t == T_INT)
    snprintf(out, cap, "%d", (int)(int32_t)bits);
  else if (t == T_UINT)
    snprintf(out, cap, "%u", (unsigned)bits);
  else {
    float f;
    memcpy(&f, p, 4);
    snprintf(out, cap, "%.9g(0x%08x)", (double)f, (unsigned)bits);
  }
}

/* Compares every buffer; prints one MISMATCH line per differing buffer.
 * Returns the number of differing buffers. */
static int compare(const launch *ln, int seed, mix_id mix, void *a[MAX_ARGS], void *b[MAX_ARGS]) {
  const exec_spec *sp = ln->sp;
  int bad = 0;
  char lstr[64];
  format_local(lstr, sizeof lstr, sp, ln->local);
  for (int i = 0; i < sp->nargs; i++) {
    if (!a[i])
      continue;
    size_t n = ln->elems[i] + ln->guard;
    if (!memcmp(a[i], b[i], 4 * n))
      continue;
    size_t first = 0, count = 0;
    for (size_t e = n; e-- > 0;)
      if (memcmp((char *)a[i] + 4 * e, (char *)b[i] + 4 * e, 4))
        first = e, count++;
    char va[64], vb[64];
    format_elem(va, sizeof va, sp->args[i].type, (char *)a[i] + 4 * first);
    format_elem(vb, sizeof vb, sp->args[i].type, (char *)b[i] + 4 * first);
    printf("MISMATCH kernel=%s local=%s seed=%d mix=%s buffer=%s index=%zu original=%s "
           "rewritten=%s (%zu of %zu elements differ%s)\n",
           sp->kernel, lstr, seed, mix_names[mix], sp->args[i].name, first, va, vb, count,
           ln->elems[i], first >= ln->elems[i] ? "; first one past the end of the buffer" : "");
    bad++;
  }
  return bad;
}

/* -------------------------------------------------------------- programs */

/* Creates kernel kname of p and checks its parameters against sp: the
 * spec's own kernel, or a part of its split plan (which has its parameters).
 * Sets *wg_max, and *feedback when the last parameter is tdr_feedback. */
static cl_kernel create_kernel(const program *p, tdrcl_env *env, const exec_spec *sp,
                               const char *kname, size_t *wg_max, char *feedback) {
  const char *path = p->path;
  cl_int err;
  cl_kernel k = clCreateKernel(p->prog, kname, &err);
  if (err != CL_SUCCESS) {
    char what[192];
    snprintf(what, sizeof what, "clCreateKernel('%s')", kname);
    cl_fail(path, what, err);
  }
  CL_CHECK(path, clGetKernelWorkGroupInfo, k, env->device, CL_KERNEL_WORK_GROUP_SIZE,
           sizeof *wg_max, wg_max, NULL);
  cl_uint nparams;
  CL_CHECK(path, clGetKernelInfo, k, CL_KERNEL_NUM_ARGS, sizeof nparams, &nparams, NULL);
  if (allow_feedback && (int)nparams == sp->nargs + 1) {
    char name[64] = "";
    clGetKernelArgInfo(k, nparams - 1, CL_KERNEL_ARG_NAME, sizeof name, name, NULL);
    if (strcmp(name, "tdr_feedback"))
      spec_error(sp->file, sp->kernel_line, "kernel '%s' in %s: last parameter '%s', not tdr_feedback",
                 kname, path, name);
    *feedback = 1;
  } else if (lists_plan && (int)nparams == sp->nargs + 1) {
    char name[64] = "";
    clGetKernelArgInfo(k, nparams - 1, CL_KERNEL_ARG_NAME, sizeof name, name, NULL);
    if (strcmp(name, "tdr_lists"))
      spec_error(sp->file, sp->kernel_line, "kernel '%s' in %s: last parameter '%s', not tdr_lists",
                 kname, path, name);
  } else if ((int)nparams != sp->nargs)
    spec_error(sp->file, sp->kernel_line, "kernel '%s' in %s has %u parameters but %d 'arg' lines",
               kname, path, nparams, sp->nargs);
  /* Catch spec typos where the implementation reports parameter info. */
  for (int i = 0; i < sp->nargs; i++) {
    char name[256];
    cl_kernel_arg_address_qualifier aq;
    if (clGetKernelArgInfo(k, i, CL_KERNEL_ARG_NAME, sizeof name, name, NULL) ||
        clGetKernelArgInfo(k, i, CL_KERNEL_ARG_ADDRESS_QUALIFIER, sizeof aq, &aq, NULL))
      return k;
    const arg_spec *a = &sp->args[i];
    if (path == sp->file && strcmp(name, a->name)) /* names: spec file only */
      spec_error(sp->file, a->line, "arg %d is '%s' in the spec but '%s' in %s", i, a->name, name,
                 path);
    int ok;
    if (a->kind == A_BUF)
      ok = aq == CL_KERNEL_ARG_ADDRESS_GLOBAL || aq == CL_KERNEL_ARG_ADDRESS_CONSTANT;
    else if (a->kind == A_LOCAL)
      ok = aq == CL_KERNEL_ARG_ADDRESS_LOCAL;
    else
      ok = aq == CL_KERNEL_ARG_ADDRESS_PRIVATE;
    if (!ok)
      spec_error(sp->file, a->line,
                 "arg '%s' is declared '%s' but its address space in %s does not match", a->name,
                 kind_names[a->kind], path);
  }
  return k;
}

/* Creates the kernel object of specs[ki] in p and checks its parameters
 * against the spec. */
static void load_kernel(program *p, tdrcl_env *env, const exec_spec *sp, int ki) {
  p->kernel[ki] = create_kernel(p, env, sp, sp->kernel, &p->wg_max[ki], &p->feedback[ki]);
}

/* --split: creates the parts of the launch plan that text (p's source)
 * gives specs[ki]'s kernel, in place of the kernel itself. No plan is an
 * error: a split test must never pass on a kernel it did not split. */
static void load_split(program *p, tdrcl_env *env, const exec_spec *sp, int ki,
                       const char *text) {
  static split_plan plan; /* ~8 KiB */
  int found = split_plan_find(text, p->path, sp->kernel, lists_plan, &plan);
  if (found < 0)
    exit(2);
  if (!found) {
    fprintf(stderr, "tdr_exec: %s: --split%s: no 'tdrc-split%s: kernel=%s' descriptor for kernel %s\n",
            p->path, lists_plan ? "-lists" : "", lists_plan ? "-lists" : "", sp->kernel,
            sp->kernel);
    exit(2);
  }
  p->wg_max[ki] = SIZE_MAX; /* every kernel must launch with the local size */
  if (lists_plan) {
    size_t wg;
    char feedback = 0;
    p->list[ki] = create_kernel(p, env, sp, plan.list, &wg, &feedback);
    if (wg < p->wg_max[ki])
      p->wg_max[ki] = wg;
  }
  p->nparts[ki] = plan.nparts;
  p->parts[ki] = xcalloc(plan.nparts, sizeof(cl_kernel));
  for (int i = 0; i < plan.nparts; i++) {
    size_t wg;
    char feedback = 0; /* --feedback is refused with --split */
    p->parts[ki][i] = create_kernel(p, env, sp, plan.part[i], &wg, &feedback);
    if (wg < p->wg_max[ki])
      p->wg_max[ki] = wg;
  }
}

/* Builds path once and creates the kernel of every selected spec
 * (run[ki] != 0), or with split the parts of its launch plan. */
static void load_program(program *p, tdrcl_env *env, const exec_spec *specs, int nspecs,
                         const int *run, const char *path, int split) {
  p->path = path;
  p->nkernels = nspecs;
  /* -cl-kernel-arg-info only adds metadata; it lets us check arg names. */
  /* TDR_EXEC_BUILD_OPTIONS: more options for both programs (e.g.
   * -cl-fp32-correctly-rounded-divide-sqrt on a device whose default division
   * and sqrt are not correctly rounded, so two compilations may differ). */
  const char *extra = getenv("TDR_EXEC_BUILD_OPTIONS");
  char options[sizeof specs[0].options + 32 + 256];
  snprintf(options, sizeof options, "%s -cl-kernel-arg-info %.255s", specs[0].options,
           extra ? extra : "");
  p->prog = tdrcl_build_file(env, path, options);
  if (!p->prog)
    exit(2);
  char *text = split ? tdrcl_read_file(path, NULL) : NULL;
  if (split && !text)
    exit(2);
  for (int ki = 0; ki < nspecs; ki++)
    if (run[ki] && split)
      load_split(p, env, &specs[ki], ki, text);
    else if (run[ki])
      load_kernel(p, env, &specs[ki], ki);
  free(text);
}

static void release_program(program *p) {
  for (int ki = 0; ki < p->nkernels; ki++) {
    if (p->kernel[ki])
      clReleaseKernel(p->kernel[ki]);
    for (int i = 0; i < p->nparts[ki]; i++)
      clReleaseKernel(p->parts[ki][i]);
    if (p->list[ki])
      clReleaseKernel(p->list[ki]);
    free(p->parts[ki]);
  }
  if (p->prog)
    clReleaseProgram(p->prog);
}

/* ------------------------------------------------------------------- main */

static _Noreturn void usage(void) {
  fprintf(stderr, "usage: tdr_exec [--seeds S] [--quick] [--kernel K] "
                  "[--feedback|--split|--split-lists] ORIGINAL.cl REWRITTEN.cl\n"
                  "       tdr_exec --run-only [--seeds S] [--quick] [--kernel K] "
                  "[--feedback|--split|--split-lists] FILE.cl\n"
                  "  --split: REWRITTEN (or FILE) runs each kernel's tdrc-split launch plan\n"
                  "  --split-lists: its tdrc-split-lists plan (per-path lists)\n");
  exit(2);
}

/* Runs (and with two files compares) every configuration of one kernel.
 * Returns the number of configurations run, or -1 after a mismatch (the
 * kernel's remaining configurations are skipped). */
static int check_kernel(const exec_spec *sp, int ki, program *prog, int nfiles, tdrcl_env *env,
                        const size_t max_items[3], int quick, int seeds_override, int run_only) {
  int seeds = quick ? 1 : seeds_override ? seeds_override : sp->seeds;
  const char *file = sp->file;

  /* Local sizes to run: all, or the first and last with --quick; skip the
   * ones this kernel cannot launch with on this device. */
  int run_local[MAX_LOCALS] = {0}, nrun = 0;
  for (int l = 0; l < sp->nlocal; l++) {
    if (quick && l != 0 && l != sp->nlocal - 1)
      continue;
    const size_t *ls = sp->local[l];
    size_t total = ls[0] * (sp->dims == 2 ? ls[1] : 1);
    size_t limit = prog[0].wg_max[ki];
    if (nfiles == 2 && prog[1].wg_max[ki] < limit)
      limit = prog[1].wg_max[ki];
    char lstr[64];
    format_local(lstr, sizeof lstr, sp, ls);
    if (total > limit || ls[0] > max_items[0] || (sp->dims == 2 && ls[1] > max_items[1])) {
      fprintf(stderr,
              "tdr_exec: note: %s: kernel %s: skipping local=%s (kernel work-group limit %zu, "
              "item limits %zux%zu on %s)\n",
              file, sp->kernel, lstr, limit, max_items[0], max_items[1], env->device_name);
      continue;
    }
    run_local[l] = 1;
    nrun++;
  }
  if (nrun == 0) {
    fprintf(stderr, "tdr_exec: %s: kernel %s: every local size was skipped on %s\n", file,
            sp->kernel, env->device_name);
    exit(2);
  }

  mix_id mixes[4] = {MIX_NONE};
  int nmix = 1;
  if (sp->has_mix && !quick)
    mixes[0] = MIX_TRUE, mixes[1] = MIX_FALSE, mixes[2] = MIX_ALT, mixes[3] = MIX_RANDOM, nmix = 4;
  else if (sp->has_mix)
    mixes[0] = MIX_RANDOM;

  int configs = 0;
  for (int seed = 0; seed < seeds; seed++) {
    for (int l = 0; l < sp->nlocal; l++) {
      if (!run_local[l])
        continue;
      launch ln;
      prepare_launch(&ln, sp, ki, sp->local[l], run_only ? 0 : GUARD_ELEMS);
      for (int m = 0; m < nmix; m++) {
        make_inputs(&ln, seed, mixes[m]);
        void *out[2][MAX_ARGS];
        int bad = 0;
        for (int f = 0; f < nfiles; f++)
          bad += run_once(&prog[f], env->queue, env->context, &ln, out[f]);
        bad += nfiles == 2 && compare(&ln, seed, mixes[m], out[0], out[1]);
        for (int f = 0; f < nfiles; f++)
          for (int i = 0; i < sp->nargs; i++)
            free(out[f][i]);
        if (bad) {
          free_inputs(&ln);
          return -1;
        }
        configs++;
      }
      free_inputs(&ln);
    }
  }
  return configs;
}

int main(int argc, char **argv) {
  int quick = 0, run_only = 0, seeds_override = 0, split = 0;
  const char *files[2], *only = NULL;
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--quick"))
      quick = 1;
    else if (!strcmp(argv[i], "--run-only"))
      run_only = 1;
    else if (!strcmp(argv[i], "--feedback"))
      allow_feedback = 1;
    else if (!strcmp(argv[i], "--split"))
      split = 1;
    else if (!strcmp(argv[i], "--split-lists"))
      split = lists_plan = 1;
    else if (!strcmp(argv[i], "--kernel") && i + 1 < argc)
      only = argv[++i];
    else if (!strcmp(argv[i], "--seeds") && i + 1 < argc) {
      long long s;
      if (parse_ll(argv[++i], &s) || s < 1 || s > 1000) {
        fprintf(stderr, "tdr_exec: --seeds wants 1..1000, not '%s'\n", argv[i]);
        return 2;
      }
      seeds_override = (int)s;
    } else if (argv[i][0] == '-' && argv[i][1])
      usage();
    else if (nfiles < 2)
      files[nfiles++] = argv[i];
    else
      usage();
  }
  if (nfiles != (run_only ? 1 : 2))
    usage();
  if (split && allow_feedback) { /* the parts would share one report */
    fprintf(stderr, "tdr_exec: --split and --feedback do not combine\n");
    return 2;
  }

  exec_spec *specs;
  int nspecs = parse_specs(files[0], &specs);
  static int run[MAX_KERNELS];
  int nselected = 0;
  for (int ki = 0; ki < nspecs; ki++)
    nselected += run[ki] = !only || !strcmp(specs[ki].kernel, only);
  if (!nselected) {
    fprintf(stderr, "tdr_exec: %s: no spec for kernel '%s'\n", files[0], only);
    return 2;
  }

  tdrcl_env env;
  if (tdrcl_env_init(&env, 0) != 0) {
    fprintf(stderr, "tdr_exec: %s: no usable OpenCL device\n", files[0]);
    return 2;
  }
  static program prog[2];
  /* --split: the last file (REWRITTEN, or FILE with --run-only) runs the
   * plans; ORIGINAL always runs the kernels themselves. */
  for (int f = 0; f < nfiles; f++)
    load_program(&prog[f], &env, specs, nspecs, run, files[f], split && f == nfiles - 1);

  size_t max_items[3] = {0};
  CL_CHECK(files[0], clGetDeviceInfo, env.device, CL_DEVICE_MAX_WORK_ITEM_SIZES, sizeof max_items,
           max_items, NULL);

  int configs = 0, nbad = 0;
  char bad_names[1024] = "";
  for (int ki = 0; ki < nspecs; ki++) {
    if (!run[ki])
      continue;
    int c = check_kernel(&specs[ki], ki, prog, nfiles, &env, max_items, quick, seeds_override,
                         run_only);
    if (c < 0) {
      if (nbad++ < 16) {
        size_t len = strlen(bad_names);
        snprintf(bad_names + len, sizeof bad_names - len, "%s%s", len ? " " : "",
                 specs[ki].kernel);
      }
      if (nselected == 1)
        return 1; /* the single-kernel behaviour: stop at the first mismatch */
    } else {
      configs += c;
    }
  }

  if (nbad) {
    printf("tdr_exec: %s: %d of %d kernels differ: %s%s\n", files[0], nbad, nselected, bad_names,
           nbad > 16 ? " ..." : "");
  } else if (nselected == 1) {
    /* One kernel: the original output format. */
    if (run_only)
      printf("tdr_exec: %s: %d configurations run on %s\n", files[0], configs, env.device_name);
    else
      printf("tdr_exec: %s: %d configurations, all buffers bit-identical\n", files[0], configs);
  } else if (run_only) {
    printf("tdr_exec: %s: %d kernels, %d configurations run on %s\n", files[0], nselected,
           configs, env.device_name);
  } else {
    printf("tdr_exec: %s: %d kernels, %d configurations, all buffers bit-identical\n", files[0],
           nselected, configs);
  }
  for (int f = 0; f < nfiles; f++)
    release_program(&prog[f]);
  tdrcl_env_release(&env);
  free(specs);
  return nbad ? 1 : 0;
}
