// budget_private_state.cl
//
// Tests: the occupancy budget with much private state live across two
// branches (a float[24] and an int[8]: 128 bytes a work-item) on sm_90 with
// 40 KiB of the kernel's own local memory (TDRC-FLAGS below). That state
// for 256 work-items does not fit the 48 KiB a work-group may have, so the
// budget takes a 16-bit ID pool, then moves it in 12 passes through pools
// of a twelfth of its size (budget.test: with 46000 bytes, a cancel).
//
// Expected tdrc action: REMAP both branches, the first one's state in 12
// passes (see --explain).
//
// TDRC-FLAGS: --gpu=sm_90 --regs=24 --smem=40960
// EXEC: kernel=budget_private_state global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg in2 buf int size=N fill=mix:-100:100
// EXEC: arg out buf float size=N fill=zero

__kernel void budget_private_state(__global const int *in, __global const int *in2,
                                   __global float *out)
{
    int gid = (int)get_global_id(0);
    int x = in[gid];
    float a[24];
    int k[8];
    for (int i = 0; i < 24; ++i)
        a[i] = (float)((x + i * 7) % 13) * 0.5f;
    for (int i = 0; i < 8; ++i)
        k[i] = (x * (i + 1)) % 17;
    if (x > 0) {
        for (int i = 0; i < 24; ++i)
            a[i] = a[i] * 0.75f + (float)k[i % 8];
    } else {
        for (int i = 0; i < 8; ++i)
            k[i] = -k[i];
    }
    float s = 0.0f;
    for (int i = 0; i < 24; ++i)
        s += a[i] * (float)k[i % 8];
    int y = in2[gid];
    if (y > 0) {
        for (int i = 0; i < 10; ++i)
            s = s * 0.5f + (float)(y % 7);
    } else {
        s = s - 1.0f;
    }
    out[gid] = s;
}
