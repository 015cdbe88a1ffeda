// depfile.test: a kernel whose header (found through -I) includes another.
#include "dep_outer.h"
#include "dep_outer.h" // include-guarded: listed once

__kernel void k(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
    if (x > DEP_LIMIT)
        x = dep_twice(x);
    out[gid] = x;
}
