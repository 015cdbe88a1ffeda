// CUDA loops whose header reads threadIdx (a constant global to Clang, but
// not the same in every thread): a branch inside them must not be
// remapped.  blockIdx, blockDim and gridDim are the same in a block.
__global__ void block_stride(const int *key, float *out, int m)
{
    for (int j = threadIdx.x; j < m; j += blockDim.x) {
        float v = (float)j;
        if (key[j] & 1) {
            for (int r = 0; r < 64; ++r) v = v * 1.01f + 0.5f;
        } else {
            for (int r = 0; r < 64; ++r) v = v * 0.99f - 0.25f;
        }
        out[j] = v;
    }
}

__global__ void lane_trips(const int *key, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float v = 0.0f;
    for (int j = 0; j < (int)(threadIdx.x % 4); ++j) {
        if (key[i + j] & 1) {
            for (int r = 0; r < 64; ++r) v = v * 1.01f + 0.5f;
        } else {
            for (int r = 0; r < 64; ++r) v = sqrtf(v + (float)r);
        }
    }
    out[i] = v;
}

__global__ void block_rows(const int *key, float *out, int rows, int w)
{
    // Rows of the block's own tile: the same trip count in the whole block.
    for (int row = blockIdx.y; row < rows; row += gridDim.y) {
        int i = row * w + blockIdx.x * blockDim.x + threadIdx.x;
        float v = (float)i;
        if (key[i] & 1) {
            for (int r = 0; r < 64; ++r) v = v * 1.01f + 0.5f;
        } else {
            for (int r = 0; r < 64; ++r) v = sqrtf(v + (float)r);
        }
        out[i] = v;
    }
}
