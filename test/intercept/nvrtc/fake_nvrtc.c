/* A stand-in for libnvrtc.so on machines without CUDA, for the NVRTC
 * interception test (run_nvrtc_test.sh).  It implements every NVRTC call
 * declared in runtime/intercept/nvrtc/CudaApi.h:
 *
 *  - a program keeps its source, its name and its name expressions;
 *  - nvrtcCompileProgram succeeds unless the source contains the text
 *    FAKE_COMPILE_ERROR (then NVRTC_ERROR_COMPILATION, and the log says so);
 *  - the "PTX" is the text "// fake ptx\n// options:" followed by " OPTION"
 *    for each compile option, "\n", then the source; its size counts the
 *    terminating NUL, as NVRTC's does.  fake_cuda.c reads it back;
 *  - there is no CUBIN (size 0, nvrtcGetCUBIN fails), as after a compile for
 *    a virtual architecture;
 *  - nvrtcGetLoweredName answers the name expression itself (what NVRTC
 *    answers for an extern "C" kernel), as a pointer owned by the program,
 *    for expressions added before the compile only.
 *
 * Build: cc -std=c99 -shared -fPIC -Wl,-soname,libnvrtc.so \
 *          -I runtime/intercept/nvrtc -o FAKE_DIR/libnvrtc.so fake_nvrtc.c
 */
#define _POSIX_C_SOURCE 200809L
#include "CudaApi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* nvrtc.h's codes that CudaApi.h does not declare (NVRTC's stable ABI). */
#define FAKE_NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION 8
#define FAKE_NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION 9
#define FAKE_NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID 10

struct _nvrtcProgram {
  char *source;
  char *name;
  char **names; /* name expressions, in the order added */
  int nnames;
  int compiled; /* a compile was attempted */
  int ok;       /* and it succeeded */
  char *ptx;    /* NUL-terminated; NULL until a compile succeeds */
  size_t ptx_size;
  char *log;    /* never NULL after a compile */
};

static char *dup_text(const char *text) {
  size_t n = strlen(text) + 1;
  char *copy = malloc(n);
  if (copy)
    memcpy(copy, text, n);
  return copy;
}

nvrtcResult nvrtcCreateProgram(nvrtcProgram *prog, const char *src,
                               const char *name, int numHeaders,
                               const char *const *headers,
                               const char *const *includeNames) {
  (void)headers;
  (void)includeNames;
  if (!prog || !src || numHeaders < 0)
    return NVRTC_ERROR_INVALID_INPUT;
  struct _nvrtcProgram *p = calloc(1, sizeof *p);
  if (!p)
    return NVRTC_ERROR_OUT_OF_MEMORY;
  p->source = dup_text(src);
  p->name = dup_text(name ? name : "default_program");
  if (!p->source || !p->name) {
    free(p->source);
    free(p->name);
    free(p);
    return NVRTC_ERROR_OUT_OF_MEMORY;
  }
  *prog = p;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcDestroyProgram(nvrtcProgram *prog) {
  if (!prog || !*prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  struct _nvrtcProgram *p = *prog;
  for (int i = 0; i < p->nnames; ++i)
    free(p->names[i]);
  free(p->names);
  free(p->source);
  free(p->name);
  free(p->ptx);
  free(p->log);
  free(p);
  *prog = NULL;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcAddNameExpression(nvrtcProgram prog,
                                   const char *const name_expression) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression)
    return NVRTC_ERROR_INVALID_INPUT;
  if (prog->compiled)
    return FAKE_NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION;
  char **names = realloc(prog->names, (size_t)(prog->nnames + 1) * sizeof *names);
  if (!names)
    return NVRTC_ERROR_OUT_OF_MEMORY;
  prog->names = names;
  if (!(names[prog->nnames] = dup_text(name_expression)))
    return NVRTC_ERROR_OUT_OF_MEMORY;
  ++prog->nnames;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcCompileProgram(nvrtcProgram prog, int numOptions,
                                const char *const *options) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (numOptions < 0 || (numOptions > 0 && !options))
    return NVRTC_ERROR_INVALID_INPUT;
  for (int i = 0; i < numOptions; ++i)
    if (!options[i])
      return NVRTC_ERROR_INVALID_INPUT;
  free(prog->ptx);
  free(prog->log);
  prog->ptx = NULL;
  prog->ptx_size = 0;
  prog->compiled = 1;
  prog->ok = 0;
  if (strstr(prog->source, "FAKE_COMPILE_ERROR")) {
    const char *what = ": error: fake nvrtc: the source contains FAKE_COMPILE_ERROR\n";
    size_t n = strlen(prog->name) + strlen(what) + 1;
    if (!(prog->log = malloc(n)))
      return NVRTC_ERROR_OUT_OF_MEMORY;
    snprintf(prog->log, n, "%s%s", prog->name, what);
    return NVRTC_ERROR_COMPILATION;
  }
  const char *head = "// fake ptx\n// options:";
  size_t n = strlen(head) + 1 + strlen(prog->source) + 1;
  for (int i = 0; i < numOptions; ++i)
    n += 1 + strlen(options[i]);
  char *ptx = malloc(n);
  if (!ptx || !(prog->log = dup_text("fake nvrtc: ok\n"))) {
    free(ptx);
    return NVRTC_ERROR_OUT_OF_MEMORY;
  }
  strcpy(ptx, head);
  for (int i = 0; i < numOptions; ++i) {
    strcat(ptx, " ");
    strcat(ptx, options[i]);
  }
  strcat(ptx, "\n");
  strcat(ptx, prog->source);
  prog->ptx = ptx;
  prog->ptx_size = strlen(ptx) + 1;
  prog->ok = 1;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetPTXSize(nvrtcProgram prog, size_t *ptxSizeRet) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!ptxSizeRet)
    return NVRTC_ERROR_INVALID_INPUT;
  if (!prog->ok)
    return NVRTC_ERROR_INVALID_PROGRAM;
  *ptxSizeRet = prog->ptx_size;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetPTX(nvrtcProgram prog, char *ptx) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!ptx)
    return NVRTC_ERROR_INVALID_INPUT;
  if (!prog->ok)
    return NVRTC_ERROR_INVALID_PROGRAM;
  memcpy(ptx, prog->ptx, prog->ptx_size);
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetCUBINSize(nvrtcProgram prog, size_t *cubinSizeRet) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!cubinSizeRet)
    return NVRTC_ERROR_INVALID_INPUT;
  if (!prog->ok)
    return NVRTC_ERROR_INVALID_PROGRAM;
  *cubinSizeRet = 0; /* compiled for a virtual architecture: PTX only */
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetCUBIN(nvrtcProgram prog, char *cubin) {
  (void)cubin;
  if (!prog || !prog->ok)
    return NVRTC_ERROR_INVALID_PROGRAM;
  return NVRTC_ERROR_INVALID_INPUT; /* there is none */
}

nvrtcResult nvrtcGetProgramLogSize(nvrtcProgram prog, size_t *logSizeRet) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!logSizeRet)
    return NVRTC_ERROR_INVALID_INPUT;
  *logSizeRet = prog->log ? strlen(prog->log) + 1 : 1;
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetProgramLog(nvrtcProgram prog, char *log) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!log)
    return NVRTC_ERROR_INVALID_INPUT;
  strcpy(log, prog->log ? prog->log : "");
  return NVRTC_SUCCESS;
}

nvrtcResult nvrtcGetLoweredName(nvrtcProgram prog,
                                const char *const name_expression,
                                const char **lowered_name) {
  if (!prog)
    return NVRTC_ERROR_INVALID_PROGRAM;
  if (!name_expression || !lowered_name)
    return NVRTC_ERROR_INVALID_INPUT;
  if (!prog->compiled)
    return FAKE_NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION;
  if (!prog->ok)
    return NVRTC_ERROR_INVALID_PROGRAM;
  for (int i = 0; i < prog->nnames; ++i)
    if (!strcmp(prog->names[i], name_expression)) {
      *lowered_name = prog->names[i]; /* owned by the program */
      return NVRTC_SUCCESS;
    }
  return FAKE_NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID;
}

const char *nvrtcGetErrorString(nvrtcResult result) {
  switch (result) {
  case NVRTC_SUCCESS: return "NVRTC_SUCCESS";
  case NVRTC_ERROR_OUT_OF_MEMORY: return "NVRTC_ERROR_OUT_OF_MEMORY";
  case 2: return "NVRTC_ERROR_PROGRAM_CREATION_FAILURE";
  case NVRTC_ERROR_INVALID_INPUT: return "NVRTC_ERROR_INVALID_INPUT";
  case NVRTC_ERROR_INVALID_PROGRAM: return "NVRTC_ERROR_INVALID_PROGRAM";
  case 5: return "NVRTC_ERROR_INVALID_OPTION";
  case NVRTC_ERROR_COMPILATION: return "NVRTC_ERROR_COMPILATION";
  case 7: return "NVRTC_ERROR_BUILTIN_OPERATION_FAILURE";
  case FAKE_NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION:
    return "NVRTC_ERROR_NO_NAME_EXPRESSIONS_AFTER_COMPILATION";
  case FAKE_NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION:
    return "NVRTC_ERROR_NO_LOWERED_NAMES_BEFORE_COMPILATION";
  case FAKE_NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID:
    return "NVRTC_ERROR_NAME_EXPRESSION_NOT_VALID";
  case NVRTC_ERROR_INTERNAL_ERROR: return "NVRTC_ERROR_INTERNAL_ERROR";
  default: return "NVRTC_ERROR unknown";
  }
}
