// scale.cu — a second kernel, with its own header next to it; the install
// test touches this file and expects only its rewrite to re-run.
#include "scale.h"

__global__ void scale(const int *in, int *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid >= n)
        return;
    int x = in[gid];
    int r;
    if (x < 0) {
        r = -x;
        for (int i = 1; i < SCALE_NEG; ++i)
            r += -x;
    } else {
        r = x + SCALE_POS_ADD;
    }
    out[gid] = r;
}

int launch_scale(const int *in, int *out, int n)
{
    int threads = 128;
    scale<<<(n + threads - 1) / threads, threads>>>(in, out, n);
    return (int)cudaGetLastError();
}
