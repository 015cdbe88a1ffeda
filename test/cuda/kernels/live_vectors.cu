// live_vectors.cu -- CUDA counterpart of test/kernels/live_vectors.cl
//
// CUDA vector structs float4 and int2 live across the branch (every
// component must migrate).  Expected: REMAP; v, p and x migrate through
// __shared__ float4 / int2 slots.
//
// EXEC: kernel=live_vectors global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-64:64
// EXEC: arg vin buf float size=N*4 fill=rand:-2:2
// EXEC: arg vout buf float size=N*4 fill=zero
// EXEC: arg iout buf int size=N*2 fill=zero

__global__ void live_vectors(const int *in, const float *vin, float *vout,
                             int *iout)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    float4 v = reinterpret_cast<const float4 *>(vin)[gid];
    int2 p = make_int2(x, x * 2 + 1);
    float4 acc;
    if (x > 0) {
        acc = v;
        for (int i = 0; i < 10; ++i) {
            acc = make_float4(acc.x * 0.5f + v.w, acc.y * 0.5f + v.z,
                              acc.z * 0.5f + v.y, acc.w * 0.5f + v.x);
            p.x = (p.x * 3 + i) % 509;
        }
    } else {
        acc = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
        for (int i = 0; i < 16; ++i) {
            acc.x += v.x;
            acc.y += v.y * 2.0f;
            acc.z += (float)i;
            acc.w -= v.w;
            p.y = (p.y * 5 - i) % 211;
        }
    }
    reinterpret_cast<float4 *>(vout)[gid] =
        make_float4(acc.x + v.x, acc.y + v.y, acc.z + v.z, acc.w + v.w);
    reinterpret_cast<int2 *>(iout)[gid] = make_int2(p.x + x, p.y - x);
}
