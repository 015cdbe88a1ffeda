/* The C API (include/tdrc/tdrc.h) from C: ctest capi.c.
 *
 *   capi_test SHADE.cl OUT_DIR
 *
 * Rewrites SHADE.cl (test/intercept/kernels/shade.cl: an include and a -D)
 * through the library into OUT_DIR/capi.cl and OUT_DIR/capi.explain, for
 * run_capi_test.sh to compare with the tdrc command's own output, and checks
 * the library's answers to bad input: options, sources, names. */
#include "tdrc/tdrc.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int failures = 0;
#define EXPECT(cond, what)                                                    \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, what);          \
      ++failures;                                                             \
    }                                                                         \
  } while (0)

static char *read_file(const char *path, size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f) {
    perror(path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  char *text = malloc((size_t)n + 1);
  if (fread(text, 1, (size_t)n, f) != (size_t)n)
    exit(2);
  text[n] = 0;
  fclose(f);
  *size = (size_t)n;
  return text;
}

static void write_file(const char *dir, const char *name, const char *text) {
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "wb");
  if (!f || fputs(text, f) < 0) {
    perror(path);
    exit(2);
  }
  fclose(f);
}

/* Status and a piece of the diagnostics of one rewrite. */
static void expect_error(const char *source, const char *name,
                         const char *const *options, int status,
                         const char *needle) {
  tdrc_result *r =
      tdrc_rewrite(source, source ? strlen(source) : 0, name, options);
  EXPECT(r != NULL, "a result");
  EXPECT(tdrc_result_status(r) == status, needle);
  EXPECT(strstr(tdrc_result_diagnostics(r), needle) != NULL, needle);
  EXPECT(strcmp(tdrc_result_source(r, NULL), "") == 0,
         "no source with an error");
  tdrc_result_free(r);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s SHADE.cl OUT_DIR\n", argv[0]);
    return 2;
  }
  EXPECT(strncmp(tdrc_version(), "tdrc ", 5) == 0, "tdrc_version");

  /* The rewrite, as `tdrc SHADE.cl -o X -- -DITERS=48` writes it. */
  size_t size = 0;
  char *shade = read_file(argv[1], &size);
  const char *opts[] = {"--", "-DITERS=48", NULL};
  tdrc_result *r = tdrc_rewrite(shade, size, argv[1], opts);
  EXPECT(tdrc_result_status(r) == TDRC_OK, tdrc_result_diagnostics(r));
  size_t out_size = 0;
  const char *out = tdrc_result_source(r, &out_size);
  EXPECT(out_size == strlen(out), "the size of the source");
  EXPECT(strstr(out, "tdrc-variants: kernel=shade") != NULL, "shade kept");
  EXPECT(tdrc_result_kernels_changed(r) == 1, "one kernel changed");
  EXPECT(strstr(tdrc_result_explain(r), "kernel 'shade'") != NULL, "explain");
  EXPECT(strstr(tdrc_result_explain_json(r), "\"kernels\"") != NULL, "json");
  write_file(argv[2], "capi.cl", out);
  write_file(argv[2], "capi.explain", tdrc_result_explain(r));
  tdrc_result_free(r);

  /* Options spelled as words: a value apart, a flag, one off. */
  const char *words[] = {"--transforms", "-*,remap", "--force",
                         "--keep-original=false", "--", "-DITERS=48", NULL};
  r = tdrc_rewrite(shade, size, argv[1], words);
  EXPECT(tdrc_result_status(r) == TDRC_OK, tdrc_result_diagnostics(r));
  EXPECT(strstr(tdrc_result_source(r, NULL), "tdrc-variants") == NULL,
         "--keep-original=false keeps no original");
  EXPECT(tdrc_result_kernels_changed(r) == 1, "--force: shade changed");
  tdrc_result_free(r);

  /* Unchanged input: no kernel changed, the text as it was. */
  const char *plain = "__kernel void k(__global int *a) { a[0] = 1; }\n";
  r = tdrc_rewrite(plain, strlen(plain), "plain.cl", NULL);
  EXPECT(tdrc_result_status(r) == TDRC_OK, "plain: ok");
  EXPECT(strcmp(tdrc_result_source(r, NULL), plain) == 0, "plain: as it was");
  EXPECT(tdrc_result_kernels_changed(r) == 0, "plain: nothing changed");
  tdrc_result_free(r);

  /* Bad input of every kind: a status and a message, never a crash. */
  const char *bad_gpu[] = {"--gpu=sm_7", NULL};
  expect_error(plain, "plain.cl", bad_gpu, TDRC_USAGE_ERROR, "unknown GPU 'sm_7'");
  const char *file_opt[] = {"-o", "x.cl", NULL};
  expect_error(plain, "plain.cl", file_opt, TDRC_USAGE_ERROR, "unknown option '--o'");
  const char *no_value[] = {"--neighbors", NULL};
  expect_error(plain, "plain.cl", no_value, TDRC_USAGE_ERROR, "--neighbors needs a value");
  const char *bad_n[] = {"--neighbors=12", NULL};
  expect_error(plain, "plain.cl", bad_n, TDRC_USAGE_ERROR, "--neighbors must be 16, 32 or 64");
  const char *bad_flag[] = {"--force=maybe", NULL};
  expect_error(plain, "plain.cl", bad_flag, TDRC_USAGE_ERROR, "--force takes true or false");
  const char *bad_tr[] = {"--transforms=nosuch", NULL};
  expect_error(plain, "plain.cl", bad_tr, TDRC_USAGE_ERROR, "--transforms:");
  const char *stray[] = {"kernel.cl", NULL};
  expect_error(plain, "plain.cl", stray, TDRC_USAGE_ERROR, "is not an option");
  const char *profile[] = {"--cost-profile=/nonexistent/p.json", NULL};
  expect_error(plain, "plain.cl", profile, TDRC_USAGE_ERROR, "p.json");
  expect_error(plain, NULL, NULL, TDRC_USAGE_ERROR, "needs a file name");
  expect_error(NULL, "plain.cl", NULL, TDRC_OK, ""); /* empty source: fine */
  expect_error("__kernel void k(__global int *a) { a[0] = ; }\n", "bad.cl",
               NULL, TDRC_INPUT_ERROR, "bad.cl:1:");

  EXPECT(tdrc_result_status(NULL) == TDRC_USAGE_ERROR, "NULL result");
  tdrc_result_free(NULL);
  free(shade);
  if (failures) {
    fprintf(stderr, "capi: %d check(s) failed\n", failures);
    return 1;
  }
  printf("capi: every check passed\n");
  return 0;
}
