// uniform_return_after_guard.cl
//
// Found by the random generator's long run (seed 2211, kernel g2211_3547 =
// `kgen.py --seed 2211 --index 3547`): PoCL 3.1 failed an assertion
// compiling the rewrite (ParallelRegion.cc: "Incoming edges to non-entry
// block!"), and on Oclgrind original and rewritten differed at out[128].
//
// The kernel has a thread-dependent early return (`if (gid >= n) return;`,
// which tdrc turns into the active predicate) and after it a UNIFORM early
// return (`if (v1 + 2 > 0) {...; return;}`, v1 = p, an argument) before the
// remapped switch. tdrc used to leave uniform returns alone; but the
// work-items made inactive by the first return skip the second, so in the
// last work-group (53 active, 11 inactive) the inactive ones went on to the
// remap's barriers alone and took over the slots of returned work-items.
// Now a uniform return after the region's start is converted like the
// thread-dependent ones (BranchContext.cpp).
//
// Expected: original and rewritten bit-identical (PoCL and Oclgrind).
#pragma OPENCL FP_CONTRACT OFF
// ---- kernel g2211_3547 (kgen.py --seed 2211 --index 3547) ----
// EXEC: kernel=g2211_3547 global=181 local=64 seeds=1
// EXEC: arg in0 buf int size=N fill=mix:-1000:1000
// EXEC: arg fin0 buf float size=N fill=mix:-8:100
// EXEC: arg in1 buf int size=N fill=rand:-5000:5000
// EXEC: arg tab buf float size=64 fill=rand:-4:4
// EXEC: arg scr buf int size=N fill=rand:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg outf buf float size=N fill=zero
// EXEC: arg n val int value=N
// EXEC: arg p val int value=0
// EXEC: arg lbuf local int size=L
float g2211_3547_tab0(__global const float *t, uint start, int steps)
{
    float s = 0.0f;
    uint idx = start & 63u;
    for (int i = 0; i < steps; ++i) {
        s += t[idx];
        idx = (idx * 13u + 33u) & 63u;
    }
    return s;
}
int g2211_3547_int1(int a, uint h)
{
    h ^= (uint)a * 0x19bb3a57u;
    h ^= h >> 15u;
    if ((int)(h & 7u) > 2)
        a = a / 2;
    return (int)(h & 4095u) - 2047;
}
__kernel void g2211_3547(__global const int *in0,
        __global const float *fin0,
        __global const int *in1,
        __global const float *tab,
        __global int *scr,
        __global int *out,
        __global float *outf,
        int n,
        int p,
        __local int *lbuf)
{
    __local int g2211_3547_tile0[256];
    int gid = (int)get_global_id(0);
    int lid = (int)get_local_id(0);
    int lsz = (int)get_local_size(0);
    int grp = (int)get_group_id(0);
    barrier(CLK_LOCAL_MEM_FENCE);
    g2211_3547_tile0[lid] = (gid < n) ? in0[gid] % 30001 : -6;
    barrier(CLK_LOCAL_MEM_FENCE);
    barrier(CLK_LOCAL_MEM_FENCE);
    lbuf[lid] = (gid < n) ? in0[gid] % 30001 : -8;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (gid >= n)
        return;
    int x0 = in0[gid];
    float fx0 = fin0[gid];
    int v2 = clamp(lbuf[lid ^ 1], -1000, 1000), v1 = p;
    uint h3 = (uint)(in0[gid] - x0);
    scr[gid] = (in1[(gid * 7 + 16) % n] * 3);
    if (v1 + 2 > 0) {
        out[gid] = (v1) ^ (v2) ^ (x0) ^ (grp) ^ (p) ^ (lsz) ^ (lid) ^ (gid) ^ ((int)(h3 & 0xffffu));
        outf[gid] = (fx0);
        return;
    }
    v1 = (11 / 16);
    switch ((uint)(v2) % 3u) {
    case 0u: {
        fx0 = g2211_3547_tab0(tab, h3, 1);
        x0 = ((in0[(gid + 20) % n] & 1023)) % 1001;
        h3 += (uint)gid;
        break;
    }
    case 1u: {
        scr[gid] = (((lid * 9) + (g2211_3547_tile0[lid ^ 1] * g2211_3547_tile0[lid ^ 1]))) % 100003;
        fx0 = tab[h3 & 63u];
        break;
    }
    default: {
        v2 = (g2211_3547_tile0[lid ^ 1]) % 1001;
        if (v1 > 0) {
            if (!(v1 > 0)) {
                v2 = clamp(v2 * 3 - grp, -1000, 1000);
                fx0 = clamp(fx0 * 0.5f + (clamp((float)max(p, (int)(((-0.625f) / (1.0f + fabs(fx0))))), -168.0f, 168.0f)) * 0.5f, -101.0f, 101.0f);
            } else {
                x0 = (grp) % 1001;
                h3 = ((uint)(in1[(gid + 19) % n] + in1[(gid * 3 + 12) % n]) + (h3 * 0x64149ed3u));
            }
            x0 = (x0 + (min(lbuf[lid], in1[(gid + 30) % n]) - p)) % 1001;
        }
    }
    }
    out[gid] = (v1) ^ (v2) ^ (x0) ^ (grp) ^ (p) ^ (lsz) ^ (lid) ^ (gid) ^ ((int)(h3 & 0xffffu));
    outf[gid] = (fx0);
}
// ---- end g2211_3547 ----
