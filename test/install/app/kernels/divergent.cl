// divergent.cl — a data-dependent branch that tdrc remaps; its long side
// comes from include/app_common.h (found through `-I include`).
#include "app_common.h"

__kernel void divergent(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    int r = x * 2 + 7;
    if (x > APP_THRESHOLD)
        r = app_heavy(r);
    out[gid] = r;
}
