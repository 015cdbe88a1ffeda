// live_private_array.cu -- CUDA counterpart of test/kernels/live_private_array.cl
//
// A private array `float a[4]`, dynamically indexed, live across the branch
// and modified in both paths.  Expected: REMAP; the array migrates element
// by element.
//
// EXEC: kernel=live_private_array global=1024 local=32,64,128,256
// EXEC: arg keys buf int size=N fill=mix:-20:20
// EXEC: arg vals buf float size=N*4 fill=rand:-4:4
// EXEC: arg out buf float size=N fill=zero

__global__ void live_private_array(const int *keys, const float *vals,
                                   float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int key = keys[gid];
    float a[4];
    for (int k = 0; k < 4; ++k)
        a[k] = vals[gid * 4 + k] + (float)key * 0.125f;

    float r = 0.0f;
    if (key > 0) {
        for (int i = 0; i < 8; ++i) {
            r = r * 0.5f + a[i & 3] * a[(i + 1) & 3];
        }
        a[0] = r;
    } else {
        float m = a[0];
        for (int i = 0; i < 12; ++i) {
            m = fmaxf(m, a[i & 3]) - 0.125f;
            r += m;
        }
        a[3] = -r;
    }
    out[gid] = r + a[0] - a[1] + a[2] * 2.0f - a[3];
}
