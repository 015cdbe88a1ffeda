// cg_block_sync.cu -- a tiled stencil in the style of CUDA samples that
// use cooperative groups only for the block: `cg::this_thread_block()`,
// `block.sync()` and `cg::sync(block)` where older code writes
// __syncthreads().  After the tile is loaded, each thread refines its
// point along one of two paths picked by a loaded material class.
// Expected: REMAP the class branch (the block's barriers are what
// __syncthreads is to tdrc); `acc` migrates.  A kernel that reads
// `block.thread_rank()` or uses tiles is left unchanged (lit
// remap/cuda-cooperative-groups.test).
//
// EXEC: kernel=cg_block_sync global=1000 local=32,64,128,256
// EXEC: arg cls buf int size=N fill=mix:-64:64
// EXEC: arg x buf float size=N fill=rand:-2:2
// EXEC: arg y buf float size=N fill=zero
// EXEC: arg n val int value=N
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

#define TILE 256

__global__ void cg_block_sync(const int *cls, const float *x, float *y, int n)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float tile[TILE];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    tile[threadIdx.x] = i < n ? x[i] : 0.0f;
    block.sync();
    float left = threadIdx.x > 0 ? tile[threadIdx.x - 1] : 0.0f;
    float acc = tile[threadIdx.x] + 0.5f * left;
    cg::sync(block);
    if (i >= n)
        return;
    if (cls[i] & 1) {
        for (int k = 0; k < 40; ++k)
            acc = acc * 0.75f + 0.125f * (float)k;
    } else {
        for (int k = 0; k < 24; ++k)
            acc = acc * 0.5f - 0.0625f * (float)k;
    }
    y[i] = acc;
}
