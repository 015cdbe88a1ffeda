// fragment_switch_if.cu -- CUDA counterpart of test/kernels/fragment_switch_if.cl
//
// A 3-way switch on loaded data followed by an independent if, and a nested
// if opening the if's then-path.  Expected: REMAP all three in one DGI round
// over 9 paths: digit 0 is the switch (3 paths, its value kept in tdr_key),
// digit 1 the if with its nested if (3 paths).
//
// EXEC: kernel=fragment_switch_if global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg out buf float size=N fill=zero

__global__ void fragment_switch_if(const int *a, const int *b, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[gid], y = b[gid];
    float f = (float)x * 0.25f;
    switch (x & 3) {
    case 0:
        f = f * 0.5f + 1.0f;
        break;
    case 3:
        f = f - 3.0f;
        break;
    default:
        for (int i = 0; i < 6; ++i)
            f = f * 0.75f + (float)i;
    }
    if (y > 0) {
        f += 2.0f;
        if (y > 50)
            f = f * 1.5f;
    } else {
        for (int i = 0; i < 4; ++i)
            f = f * 0.5f - 1.0f;
    }
    out[gid] = f;
}
