// local_arg.cu -- CUDA counterpart of test/kernels/local_arg.cl
//
// OpenCL's `__local float *buf` kernel argument (sized to the work-group) is
// an `extern __shared__` buffer here (smem = 4 bytes per thread).  Threads
// stage their input in it, synchronise, branch on a mirrored thread's value,
// then write results back and read the block's first slot after another
// __syncthreads (results depend on the block size).  Expected: REMAP the
// `if (v > 0.0f)` branch (Head-or-Tail); tdrc's static __shared__ state
// lives apart from `buf`, and gid, lid are recomputed from the new index.
//
// EXEC: kernel=local_arg global=1024 local=32,64,128,256 smem=L*4
// EXEC: arg in buf float size=N fill=mix:-10:10
// EXEC: arg out buf float size=N fill=zero

__global__ void local_arg(const float *in, float *out)
{
    extern __shared__ float buf[];
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lid = threadIdx.x;
    int lsz = blockDim.x;
    buf[lid] = in[gid];
    __syncthreads();
    float v = buf[lsz - 1 - lid];
    float r;
    if (v > 0.0f) {
        r = v;
        for (int i = 0; i < 12; ++i)
            r = r * 0.5f + buf[lid];
    } else {
        r = -v;
        for (int i = 0; i < 20; ++i)
            r = r * 0.25f + (float)i * 0.5f;
        r = -r;
    }
    __syncthreads();
    buf[lid] = r;
    __syncthreads();
    out[gid] = r + 0.5f * buf[0];
}
