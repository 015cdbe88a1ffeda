/*===- tdrc.h - tdrc as a library: a small, stable C API ------------------===*\
 *
 * Rewrites one OpenCL C or CUDA source held in memory, as the tdrc command
 * does with a file:
 *
 *   const char *opts[] = {"--gpu=sm_90", "--", "-DN=4", NULL};
 *   tdrc_result *r = tdrc_rewrite(src, strlen(src), "kernel.cl", opts);
 *   if (tdrc_result_status(r) == TDRC_OK)
 *     use(tdrc_result_source(r, NULL), tdrc_result_explain(r));
 *   else
 *     fputs(tdrc_result_diagnostics(r), stderr);
 *   tdrc_result_free(r);
 *
 * The options are tdrc's rewrite options spelled as on its command line
 * (tdrc(1): --transforms, --algorithm, --gpu, --force, --keep-original, ...;
 * "--name=value" or "--name", "value"), then "--" and Clang's flags.  The
 * options about files (-o, --explain, --depfile) are the caller's business:
 * the result holds the rewritten text and the explain report.
 *
 * Link with -ltdrc (CMake: tdrc::libtdrc).  Any thread may call it; rewrites
 * run one at a time inside.  A result belongs to its caller until
 * tdrc_result_free.  The interface only grows: TDRC_API_VERSION says which
 * functions exist.
\*===----------------------------------------------------------------------===*/
#ifndef TDRC_TDRC_H
#define TDRC_TDRC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define TDRC_API_VERSION 1

typedef struct tdrc_result tdrc_result;

enum tdrc_status {
  TDRC_OK = 0,          /* parsed; the source is the rewrite (or unchanged) */
  TDRC_INPUT_ERROR = 1, /* Clang reported errors in the source (diagnostics) */
  TDRC_USAGE_ERROR = 2  /* bad options or arguments, or tdrc failed inside */
};

/* Rewrites Size bytes of Source, parsed as the file Name (its extension picks
 * the language, .cu for CUDA; quoted #includes are looked up next to it on
 * disk), with Options (NULL-terminated; NULL for none).  Returns NULL only
 * when out of memory. */
tdrc_result *tdrc_rewrite(const char *source, size_t size, const char *name,
                          const char *const *options);

int tdrc_result_status(const tdrc_result *r);
/* The rewritten (or unchanged) source, NUL-terminated; its length in *size
 * when size is not NULL.  Empty unless the status is TDRC_OK. */
const char *tdrc_result_source(const tdrc_result *r, size_t *size);
/* tdrc --explain's report: a line per kernel and branch. */
const char *tdrc_result_explain(const tdrc_result *r);
/* The same as JSON: this file's object of tdrc --explain=json. */
const char *tdrc_result_explain_json(const tdrc_result *r);
/* Clang's diagnostics (file:line:col: error: ...) and tdrc's own errors and
 * warnings, one per line; empty when there were none. */
const char *tdrc_result_diagnostics(const tdrc_result *r);
/* How many kernels tdrc changed. */
unsigned tdrc_result_kernels_changed(const tdrc_result *r);
void tdrc_result_free(tdrc_result *r);

/* "tdrc 0.1.0" */
const char *tdrc_version(void);

#ifdef __cplusplus
}
#endif

#endif /* TDRC_TDRC_H */
