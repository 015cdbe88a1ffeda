// A CUDA kernel whose indexing helper reads threadIdx and blockIdx: the
// remap transform clones it to take the logical thread index.
__device__ int item(void) { return blockIdx.x * blockDim.x + threadIdx.x; }

__global__ void steps(const int *key, int *out, int n)
{
    if (item() >= n)
        return;
    int v = key[item()];
    if (v & 1) {
        for (int s = 0; s < 64; ++s)
            v = (v * 3 + s) % 7919;
    } else {
        for (int s = 0; s < 64; ++s)
            v = (v * 5 + s) % 6007;
    }
    out[item()] = v;
}
