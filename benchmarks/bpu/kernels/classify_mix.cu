// classify_mix.cu: a classification kernel of the kind branch path
// unification is for: each thread loads a sample behind a bounds guard and
// runs one of two integer paths of WORK steps (a hash mix or a modular
// walk) chosen by the sample's parity, then writes one result.  With
// random samples half the lanes of every warp take each path.
#ifndef WORK
#define WORK 64
#endif

__device__ int hash_step(int h, int k) { return ((h ^ k) * 16777619) & 0xffffff; }

__global__ void classify_mix(const int *__restrict__ in, int *__restrict__ out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    int v = in[i];
    int r;
    if (v & 1) {
        r = v;
        for (int k = 0; k < WORK; ++k)
            r = hash_step(r, k);
    } else {
        r = v >> 1;
        for (int k = 0; k < WORK; ++k)
            r = (r * 7 + k) % 10007;
    }
    out[i] = r;
}
