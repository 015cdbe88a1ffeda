#pragma tdr off
__kernel void untouched(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    if (in[gid] > 0)
        out[gid] = 1;
}

__kernel void k(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
    /* Several lines, comments and blank lines may stack before a branch. */
    #pragma tdr target   // trailing comments are fine
    #pragma tdr algorithm(dgi) neighbors(32)

#pragma tdr target algorithm(dgi)
    if (x > 0)
        out[gid] = x * 2;
#pragma tdr skip
    switch (x & 3) {
    case 0: out[gid] += 1; break;
    default: break;
    }
#pragma tdr neighbors(64)
    if (x > 1) out[gid] += 2; else if (x > 2) out[gid] += 3; else out[gid] = 0;
}
// Well-formed, well-placed lines print nothing (what they do to the output is
// the planner's part, tested with it).
// RUN: tdrc %s -o %t.cl 2>%t.err
// RUN: count 0 < %t.err
