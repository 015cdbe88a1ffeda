// live_global_pointer.cl
//
// Tests: a private pointer-to-global (`__global const int *row = in + gid*5`)
// is computed before the data branch and dereferenced inside both paths and
// after the branch. The pointer value itself is live across the branch.
// A second pointer `dst` into the output is also live across it.
//
// Expected tdrc action: REMAP the `if (row[0] > 0)` branch; the pointers must
// migrate (e.g. as an offset from the kernel argument, or as a pointer-sized
// value in local memory) so the remapped item dereferences the original
// item's row. The row stride is 5 (odd) so the "alternating" fill mix really
// alternates row[0]'s sign between neighbouring work-items.
//
// EXEC: kernel=live_global_pointer global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N*5 fill=mix:-100:100
// EXEC: arg out buf int size=N*2 fill=zero

__kernel void live_global_pointer(__global const int *in, __global int *out)
{
    int gid = (int)get_global_id(0);
    __global const int *row = in + gid * 5;
    __global int *dst = out + gid * 2;
    int head = row[0];
    int r;
    if (head > 0) {
        r = head;
        for (int i = 0; i < 12; ++i)
            r = (r * 3 + row[1 + (i % 3)] + 100) % 4001;
    } else {
        r = row[3] - head;
        for (int i = 0; i < 8; ++i)
            r = (r * 7 + row[2] + 100) % 2999;
        r = -r;
    }
    dst[0] = r;
    dst[1] = row[1] + row[2] + row[3] + row[4];
}
