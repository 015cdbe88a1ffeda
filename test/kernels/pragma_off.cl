// pragma_off.cl
//
// Tests: `#pragma tdr off` before a kernel that has a divergent branch, and
// malformed, misplaced and unknown `#pragma tdr` lines in a second kernel
// (each gets a warning and is ignored; tdrc still succeeds).
//
// Expected tdrc action: the first kernel UNCHANGED; the second REMAP its
// branch as if the bad pragmas were not there.
//
// EXEC: kernel=pragma_off global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: kernel=pragma_malformed global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

#pragma tdr off
__kernel void pragma_off(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    if (x > 0) {
        for (int i = 0; i < 8; ++i)
            x = (x * 3 + 1) % 1021;
    }
    out[gid] = x;
}

__kernel void pragma_malformed(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
#pragma tdr neighbors(17)
#pragma tdr frobnicate
#pragma tdr algorithm(hot
    int y = x * 2;
#pragma tdr target
    for (int i = 0; i < 2; ++i)
        y += i;
    if (x > 0) {
        for (int i = 0; i < 8; ++i)
            y = (y * 3 + 1) % 1021;
    }
    out[gid] = y;
}
