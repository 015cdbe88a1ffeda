// helper_call.cu -- CUDA counterpart of test/kernels/helper_call.cl
//
// Both paths call __device__ helpers (no thread-index reads inside), one of
// which loads from a table.  Expected: REMAP; the helpers stay unchanged.
//
// EXEC: kernel=helper_call global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg tab buf float size=64 fill=rand:-1:1
// EXEC: arg out buf float size=N fill=zero

__device__ float poly_eval(float x, int terms)
{
    float r = 0.0f;
    float p = 1.0f;
    for (int i = 0; i < terms; ++i) {
        r += p / (float)(i + 1);
        p *= x;
    }
    return r;
}

__device__ unsigned int scramble(unsigned int h, int rounds)
{
    for (int i = 0; i < rounds; ++i) {
        h ^= h >> 13;
        h *= 0x85ebca6bu;
        h ^= h >> 16;
    }
    return h;
}

__device__ float table_walk(const float *tab, unsigned int start, int steps)
{
    float s = 0.0f;
    unsigned int idx = start & 63u;
    for (int i = 0; i < steps; ++i) {
        s += tab[idx];
        idx = (idx * 5u + 3u) & 63u;
    }
    return s;
}

__global__ void helper_call(const int *in, const float *tab, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    float base = (float)x * 0.01f;
    float r;
    if (x > 0) {
        r = poly_eval(base, 12) + table_walk(tab, (unsigned int)x, 8);
    } else {
        unsigned int h = scramble((unsigned int)(-x) + 17u, 9);
        r = (float)(h & 1023u) * 0.001f - table_walk(tab, h, 16);
    }
    out[gid] = r + base;
}
