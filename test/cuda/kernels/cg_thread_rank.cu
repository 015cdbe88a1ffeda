// cg_thread_rank.cu -- a 2-D block in the style of cooperative-groups
// samples: each thread finds its row-major index from `block.thread_rank()`
// (not threadIdx), stages a value in shared memory at that rank, syncs with
// `block.sync()`, and refines it along one of two paths picked by a loaded
// class.  Expected: REMAP the class branch; `thread_rank()` is the flat
// local ID, redirected to the logical one (tdr_lid), so the rank the
// rewritten code reads after the round is the one of the data it took
// over.  Blocks of 16x2 .. 16x16 threads over 1008x16; n = 16000 leaves
// the last blocks partly inactive.
//
// EXEC: kernel=cg_thread_rank global=1008x16 local=16x2,16x4,16x8,16x16
// EXEC: arg cls buf int size=N fill=mix:-64:64
// EXEC: arg x buf float size=N fill=rand:-2:2
// EXEC: arg y buf float size=N fill=zero
// EXEC: arg n val int value=16000
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void cg_thread_rank(const int *cls, const float *x, float *y, int n)
{
    cg::thread_block block = cg::this_thread_block();
    __shared__ float stage[256];
    int rank = (int)block.thread_rank();
    int blk = blockIdx.y * gridDim.x + blockIdx.x;
    int i = blk * (int)block.size() + rank;
    stage[rank] = i < n ? x[i] : 0.0f;
    block.sync();
    if (i >= n)
        return;
    float acc = stage[rank] + 0.25f * stage[(rank + 1) % (int)block.size()];
    if (cls[i] & 1) {
        for (int k = 0; k < 40; ++k)
            acc = acc * 0.75f + 0.125f * (float)(k + (int)block.thread_rank() % 3);
    } else {
        for (int k = 0; k < 24; ++k)
            acc = acc * 0.5f - 0.0625f * (float)k;
    }
    y[i] = acc + (float)(rank & 7);
}
