// A CUDA helper that reads blockIdx.x (changes per item) and threadIdx.x
// (the same for every item of a thread), called in an arm and in the
// condition.
__device__ unsigned int tile_key(unsigned int v)
{
    return (v + blockIdx.x % 7u + threadIdx.x % 3u) % 101u;
}

__global__ void classify(const unsigned int *in, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned int v = in[i];
    if (tile_key(v) > 50u) {
        unsigned int h = v;
        for (int k = 0; k < 24; ++k)
            h = h * 2654435761u + tile_key((unsigned int)k);
        out[i] = h;
    } else {
        out[i] = v + 1u;
    }
}
