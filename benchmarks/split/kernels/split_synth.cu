// split_synth.cu: the synthetic kernel of branch splitting (Carrillo, Siegel
// & Li, CF'09) rescaled to today's register file: each thread loads a value
// and a mask behind a bounds guard; a masked item (mask > 0) runs the heavy
// path, a stencil of STATE private floats relaxed for ROUNDS rounds (fully
// unrolled, so ptxas keeps the whole state in registers: well over 128 of
// them), any other item the light path, a few FMAs; then one store.  The
// kernel's register count is the heavy path's, so a light item runs at the
// heavy path's occupancy (2 blocks of 256 per SM on sm_90) unless split.
#ifndef STATE
#define STATE 120
#endif
#ifndef ROUNDS
#define ROUNDS 4
#endif

// One relaxation step of element j: its left neighbour (already updated
// this round) and its right neighbour (not yet); the weights sum to 1 in
// the first round and less after it, so the state stays bounded.
#define RELAX(s, j, c)                                                        \
    s[j] = fmaf(s[((j) + STATE - 1) % STATE], 0.375f,                         \
                fmaf(s[((j) + 1) % STATE], -0.125f, (c) * s[j]))

__device__ __forceinline__ float light_path(float v)
{
    float r = fmaf(v, 1.5f, 0.25f);
    r = fmaf(r, r, -v);
    return fmaf(r, 0.5f, 1.0f);
}

__global__ void split_synth(const float *__restrict__ in, const int *__restrict__ mask,
                            float *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float v = in[i];
    float r;
    if (mask[i] > 0) {
        float s[STATE];
#pragma unroll
        for (int j = 0; j < STATE; ++j)
            s[j] = fmaf(v, 1.0f + j * 0.0078125f, j * 0.03125f);
#pragma unroll
        for (int k = 0; k < ROUNDS; ++k) {
            const float c = 0.75f - k * 0.0625f;
#pragma unroll
            for (int j = 0; j < STATE; ++j)
                RELAX(s, j, c);
        }
        r = 0.0f;
#pragma unroll
        for (int j = 0; j < STATE; ++j)
            r = fmaf(s[j], (j & 1) ? -0.5f : 0.5f, r);
    } else {
        r = light_path(v);
    }
    out[i] = r;
}
