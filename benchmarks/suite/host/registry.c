/* The suite's benchmarks, by name. */
#include "suite.h"

#include <stdio.h>
#include <string.h>

extern const bench_def suite_cvp, suite_gdt, suite_pol, suite_pb, suite_lbm, suite_histo, suite_nq, suite_mg,
    suite_bp, suite_sad, suite_micro2, suite_micro4, suite_micro8, suite_micronest;

static const bench_def *const all[] = {&suite_micro2, &suite_micro4, &suite_micro8, &suite_micronest,
                                       &suite_cvp,    &suite_gdt,    &suite_pol,    &suite_pb,
                                       &suite_lbm,    &suite_histo,  &suite_nq,     &suite_mg,
                                       &suite_bp,     &suite_sad};

const bench_def *suite_find(const char *name) {
  for (size_t i = 0; i < sizeof all / sizeof *all; ++i)
    if (!strcmp(all[i]->name, name)) return all[i];
  return NULL;
}

void suite_list(void) {
  for (size_t i = 0; i < sizeof all / sizeof *all; ++i) printf("%-6s %s\n", all[i]->name, all[i]->about);
}
