// depfile.test: an include that does not exist (an error: no depfile).
#include "no_such_header.h"
__kernel void k(__global int *out) { out[0] = 1; }
