// block_stride_branch.cu -- a branch inside a block-stride loop (no OpenCL
// counterpart: the header reads threadIdx, which Clang sees as a constant
// global)
//
// Each block owns a tile of m items and walks it with a block-stride loop
// `for (j = threadIdx.x; j < m; j += blockDim.x)`; m is not a multiple of
// the block size, so threads run different trip counts (some none).
// Expected: the branch inside the loop is NOT remapped (its round's
// barriers would be reached by only some threads): "inside a loop whose
// trip count varies by work-item".  tdrc before 2026-12-06 remapped it and
// the round read slots no thread had written.
//
// EXEC: kernel=block_stride_branch global=512 local=64,128,256
// EXEC: arg key buf int size=N*2 fill=mix:-50:50
// EXEC: arg out buf float size=N*2 fill=zero
// EXEC: arg m val int value=100

#define TILE_BASE(m) (blockIdx.x * (m))

__global__ void block_stride_branch(const int *key, float *out, int m)
{
    const int base = TILE_BASE(m);
    for (int j = threadIdx.x; j < m; j += blockDim.x) {
        const int c = key[base + j];
        float v = (float)j;
        if (c & 1) {
            for (int r = 0; r < 48; ++r)
                v = v * 1.01f + 0.5f;
        } else {
            for (int r = 0; r < 48; ++r)
                v = v * 0.99f - 0.25f;
        }
        out[base + j] = v;
    }
}
