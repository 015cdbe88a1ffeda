/* app_cuda.h — the CUDA test application's kernel header: the threshold and
 * the long side of divergent.cu's branch, shared with the CPU reference in
 * main.cu.  The install test touches this file and expects only
 * divergent.cu's rewrite to re-run. */
#ifndef APP_CUDA_H
#define APP_CUDA_H

#define APP_THRESHOLD 0

__host__ __device__ inline int app_heavy(int r)
{
    for (int i = 0; i < 20; ++i)
        r = (r * 7 + i) % 10007;
    return r;
}

/* Host launchers, defined next to their kernels: device pointers in, the
 * launch's cudaError_t (as int) out. */
int launch_divergent(const int *in, int *out, int n);
int launch_scale(const int *in, int *out, int n);

#endif
