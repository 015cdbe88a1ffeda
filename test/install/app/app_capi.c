/* tdrc as a library, installed: rewrite a kernel file through the C API
 * (include/tdrc/tdrc.h) and print what it did.
 *   app_capi KERNEL.cl INCLUDE_DIR */
#include <tdrc/tdrc.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc != 3)
    return 2;
  FILE *f = fopen(argv[1], "rb");
  if (!f)
    return 2;
  static char text[1 << 16];
  size_t size = fread(text, 1, sizeof text - 1, f);
  fclose(f);
  char include[4096];
  snprintf(include, sizeof include, "-I%s", argv[2]);
  const char *options[] = {"--force", "--", "-cl-std=CL1.2", include, NULL};
  tdrc_result *r = tdrc_rewrite(text, size, argv[1], options);
  if (tdrc_result_status(r) != TDRC_OK) {
    printf("app_capi: MISMATCH: status %d\n%s", tdrc_result_status(r),
           tdrc_result_diagnostics(r));
    return 1;
  }
  printf("app_capi: %s changed %u kernel(s)\n", tdrc_version(),
         tdrc_result_kernels_changed(r));
  int ok = tdrc_result_kernels_changed(r) > 0;
  tdrc_result_free(r);
  if (!ok)
    printf("app_capi: MISMATCH: no kernel changed\n");
  return ok ? 0 : 1;
}
