// two_branches.cl
//
// Tests: two independent data-dependent branches in sequence at the top level.
// The first branches on a[gid] > 0, the second on b[gid] > 0 (a separate mixed
// buffer). A value produced by the first branch is live across the second.
//
// Expected tdrc action: REMAP BOTH branches (each gets its own regrouping).
// After the first remap a work-item holds some other ID; the second remap
// must start from the migrated state (ID, r1, y), not from the hardware ID.
//
// EXEC: kernel=two_branches global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N*2 fill=zero

__kernel void two_branches(__global const int *a, __global const int *b,
                           __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = a[gid];
    int y = b[gid];
    int r1;
    if (x > 0) {
        r1 = x;
        for (int i = 0; i < 10; ++i)
            r1 = (r1 * 17 + 3) % 2053;
    } else {
        r1 = -x;
        for (int i = 0; i < 15; ++i)
            r1 = (r1 * 3 + i) % 1021;
        r1 = -r1;
    }

    int r2;
    if (y > 0) {
        r2 = y + r1;
        for (int i = 0; i < 8; ++i)
            r2 = (r2 * 9 + 1) % 4093;
    } else {
        uint h = (uint)(y - r1) * 2654435761u;
        for (int i = 0; i < 12; ++i)
            h = (h ^ (h >> 11)) * 2246822519u;
        r2 = (int)(h % 5000u) - 5000;
    }
    out[2 * gid] = r1;
    out[2 * gid + 1] = r2;
}
