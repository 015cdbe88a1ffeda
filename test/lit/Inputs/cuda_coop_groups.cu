#include <cooperative_groups.h>
namespace cg = cooperative_groups;

// The block's handle and barrier only: remapped, as with __syncthreads.
__global__ void block_only(const int *c, float *y, int n)
{
    cg::thread_block b = cg::this_thread_block();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = 0.0f;
    if (c[i] > 0) {
        for (int k = 0; k < 32; ++k) acc = acc * 0.5f + k;
    } else {
        for (int k = 0; k < 32; ++k) acc = acc * 0.25f - k;
    }
    b.sync();
    y[i] = acc + (float)b.size();
}

// The thread's rank in the block is its flat ID: redirected to the
// logical one (tdr_lid).
__global__ void rank_index(const int *c, float *y, int n)
{
    cg::thread_block b = cg::this_thread_block();
    int i = blockIdx.x * blockDim.x + (int)b.thread_rank();
    float acc = 0.0f;
    if (c[i] > 0) {
        for (int k = 0; k < 32; ++k) acc = acc * 0.5f + k;
    }
    y[i] = acc;
}

// A warp tile exchanges data between the threads a remap regroups.
__global__ void warp_tile(const int *c, float *y, int n)
{
    cg::thread_block_tile<32> w = cg::tiled_partition<32>(cg::this_thread_block());
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float acc = (float)c[i];
    if (c[i] > 0) {
        for (int k = 0; k < 32; ++k) acc = acc * 0.5f + k;
    }
    acc += w.shfl_down(acc, 1);
    y[i] = acc;
}

// The thread's index in the block (a dim3): the logical IDs as a dim3.
__global__ void index_dim3(const int *c, float *y, int n)
{
    cg::thread_block b = cg::this_thread_block();
    int i = blockIdx.x * blockDim.x + (int)b.thread_index().x;
    float acc = 0.0f;
    if (c[i] > 0) {
        for (int k = 0; k < 32; ++k) acc = acc * 0.5f + k;
    }
    y[i] = acc;
}
