// dynamic_shared.cu -- dynamic `extern __shared__` memory (no OpenCL
// counterpart; OpenCL passes it as a __local argument)
//
// The block stages its input in dynamic shared memory (smem = 4 bytes per
// thread), reads a neighbour's value and branches on it.  Expected: REMAP;
// tdrc's static __shared__ state lives apart from the dynamic buffer.
//
// EXEC: kernel=dynamic_shared global=1024 local=32,64,128,256 smem=L*4
// EXEC: arg in buf float size=N fill=mix:-50:50
// EXEC: arg out buf float size=N fill=zero

__global__ void dynamic_shared(const float *in, float *out)
{
    extern __shared__ float stage[];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    stage[threadIdx.x] = in[gid];
    __syncthreads();
    float nb = stage[(threadIdx.x + 3) % blockDim.x];
    float r;
    if (nb > 0.0f) {
        r = nb;
        for (int i = 0; i < 14; ++i)
            r = r * 0.5f + stage[threadIdx.x];
    } else {
        r = stage[threadIdx.x] - nb;
        for (int i = 0; i < 6; ++i)
            r = r * 0.25f - 1.0f;
    }
    out[gid] = r;
}
