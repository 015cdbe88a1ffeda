// divergent.cu — a data-dependent branch that tdrc remaps; its long side
// comes from include/app_cuda.h (found through `-I include`).  The host
// launcher after the kernel stays as it is.
#include "app_cuda.h"

__global__ void divergent(const int *in, int *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        int x = in[gid];
        int r = x * 2 + 7;
        if (x > APP_THRESHOLD)
            r = app_heavy(r);
        out[gid] = r;
    }
}

int launch_divergent(const int *in, int *out, int n)
{
    int threads = 64;
    divergent<<<(n + threads - 1) / threads, threads>>>(in, out, n);
    return (int)cudaGetLastError();
}
