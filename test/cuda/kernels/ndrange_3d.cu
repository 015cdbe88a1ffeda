// ndrange_3d.cu -- 3-D blocks (no OpenCL counterpart)
//
// threadIdx.x, .y and .z all feed the result; the grid is 3-D too.
// Expected: REMAP; the three coordinates are redirected from the flattened
// logical thread index (tdr_lid0..2).
//
// EXEC: kernel=ndrange_3d global=16x8x8 local=4x4x2,8x4x4,8x8x4
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void ndrange_3d(const int *in, int *out)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    int w = gridDim.x * blockDim.x, h = gridDim.y * blockDim.y;
    int idx = (z * h + y) * w + x;
    int v = in[idx];
    int r;
    if (v > 0) {
        r = v + z;
        for (int i = 0; i < 9; ++i)
            r = (r * 5 + x) % 2003;
    } else {
        r = y - v;
        for (int i = 0; i < 13; ++i)
            r = (r * 3 + z + i) % 1009;
        r = -r;
    }
    out[idx] = r * 4096 + (int)(threadIdx.x * 256 + threadIdx.y * 16 + threadIdx.z);
}
