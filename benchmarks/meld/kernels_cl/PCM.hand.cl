// OpenCL twin of kernels/PCM.hand.cu, launched the same way by meld_cl.cpp.
// PCM, melded by hand (see PCM.cu): one merge loop whose start, step,
// comparison and output order are selected by the half a thread keeps, and
// whose inner branch became selects.

#define PCM_T 128 // threads per block, one run each
#define PCM_S 8   // keys per run
#define RUN(t) ((t) * PCM_S)

__kernel void pcm_merge_split(__global const unsigned *restrict in, __global unsigned *restrict out)
{
    __local unsigned cur[PCM_T * PCM_S];
    __local unsigned nxt[PCM_T * PCM_S];
    const int tid = get_local_id(0);
    const int base = get_group_id(0) * PCM_T * PCM_S + RUN(tid);
    unsigned v = in[base] >> 8;
    for (int e = 0; e < PCM_S; ++e) {
        v += in[base + e] & 255u;
        cur[RUN(tid) + e] = v;
    }
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int p = 0; p < PCM_T; ++p) {
        const bool lower = ((tid ^ p) & 1) == 0;
        const int mate = lower ? tid + 1 : tid - 1;
        const bool paired = mate >= 0 && mate < PCM_T;
        if (paired) {
            __local const unsigned *mine = &cur[RUN(tid)], *theirs = &cur[RUN(mate)];
            const int step = lower ? 1 : -1;
            int a = lower ? 0 : PCM_S - 1, b = a;
            for (int e = 0; e < PCM_S; ++e) {
                const unsigned x = mine[a], y = theirs[b];
                const bool take = lower ? x <= y : x > y;
                nxt[RUN(tid) + (lower ? e : PCM_S - 1 - e)] = take ? x : y;
                a += take ? step : 0;
                b += take ? 0 : step;
            }
        }
        barrier(CLK_LOCAL_MEM_FENCE);
        if (paired)
            for (int e = 0; e < PCM_S; ++e)
                cur[RUN(tid) + e] = nxt[RUN(tid) + e];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    for (int e = 0; e < PCM_S; ++e)
        out[base + e] = cur[RUN(tid) + e];
}
