// cg_thread_index.cu -- a 2-D stencil-like block in the style of
// cooperative-groups samples: each thread reads its column and row from
// `block.thread_index()` (a dim3, not threadIdx), stages a value in a 2-D
// shared tile at that index, syncs with `block.sync()`, and refines it
// along one of two paths picked by a loaded class.  Expected: REMAP the
// class branch; `thread_index()` is the 3-D local ID, redirected to the
// logical IDs (`dim3(tdr_lid0, tdr_lid1, tdr_lid2)`), so the index the
// rewritten code reads after the round is the one of the data it took
// over.  Blocks of 8x4 .. 32x8 threads over 1024x32; n = 30000 leaves the
// last rows partly inactive.
//
// EXEC: kernel=cg_thread_index global=1024x32 local=8x4,16x4,16x16,32x8
// EXEC: arg cls buf int size=N fill=mix:-64:64
// EXEC: arg x buf float size=N fill=rand:-2:2
// EXEC: arg y buf float size=N fill=zero
// EXEC: arg n val int value=30000
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define TILE_W 32
#define TILE_H 16

__global__ void cg_thread_index(const int *cls, const float *x, float *y, int n)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float tile[TILE_H][TILE_W];
    dim3 t = block.thread_index();
    dim3 d = block.dim_threads();
    int col = (int)(blockIdx.x * d.x + t.x);
    int row = (int)(blockIdx.y * d.y + t.y);
    int i = row * (int)(gridDim.x * d.x) + col;
    tile[t.y][t.x] = i < n ? x[i] : 0.0f;
    block.sync();
    if (i >= n)
        return;
    unsigned right = (t.x + 1) % d.x;
    float acc = tile[t.y][t.x] - 0.5f * tile[t.y][right];
    if (cls[i] % 3 == 0) {
        for (int k = 0; k < 36; ++k)
            acc = acc * 0.75f + 0.125f * (float)(k + (int)block.thread_index().y);
    } else {
        for (int k = 0; k < 20; ++k)
            acc = acc * 0.5f - 0.0625f * (float)k;
    }
    y[i] = acc + (float)(block.thread_index().x & 7u);
}
