// switch3.cu -- CUDA counterpart of test/kernels/switch3.cl
//
// A data-dependent switch with three paths (two labels share one).
// Expected: REMAP with Data Group Indexing over 3 paths; the switch value
// moves with its thread (tdr_key).
//
// EXEC: kernel=switch3 global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=rand:-1000:1000
// EXEC: arg out buf float size=N fill=zero

__global__ void switch3(const int *in, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    float f = (float)x * 0.125f;
    switch (x % 3) {
    case 0:
        for (int i = 0; i < 12; ++i)
            f = f * 0.5f + 1.0f;
        break;
    case 1:
    case -1:
        for (int i = 0; i < 9; ++i)
            f = f * 0.75f - 2.0f;
        break;
    default:
        f = -f;
        break;
    }
    out[gid] = f + (float)(x & 7);
}
