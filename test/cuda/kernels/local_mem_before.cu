// local_mem_before.cu -- CUDA counterpart of test/kernels/local_mem_before.cl
//
// A user __shared__ tile and __syncthreads before the branch; the condition
// reads a neighbour's tile value (a load at a thread-dependent address in
// shared memory) and the paths read tile[threadIdx.x] with the redirected
// thread index.  Expected: REMAP; tdrc's state must not alias `tile`.
//
// EXEC: kernel=local_mem_before global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void local_mem_before(const int *in, int *out)
{
    __shared__ int tile[256];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lid = threadIdx.x;
    int lsz = blockDim.x;

    tile[lid] = in[gid];
    __syncthreads();

    int nb = tile[(lid + 1) % lsz];
    int r;
    if (nb > 0) {
        r = nb;
        for (int i = 0; i < 12; ++i)
            r = (r * 5 + tile[lid] + 200) % 3203;
    } else {
        r = tile[lid] - nb;
        for (int i = 0; i < 9; ++i)
            r = (r * 11 + i + 300) % 1999;
        r = -r;
    }
    out[gid] = r;
}
