// pool_volume_3d.cu -- a work pool over a 3-D grid (no OpenCL counterpart)
//
// Tests: per voxel of a 3-D volume, an iteration whose trip count comes
// from the voxel's density (a loaded value) and its depth, with a break
// (a fixed-point refinement, as in volume renderers' adaptive sampling);
// 3-D blocks and a 3-D grid, a bounds guard on all three coordinates.
// Expected: dwa (forced) gives the loop a work pool over the groups along
// x of its row and slice; each item's thread coordinates come back from
// its flat index along all three axes.
//
// EXEC: kernel=pool_volume_3d global=20x12x10 local=4x4x2,8x4x4,2x2x8
// EXEC: arg density buf float size=N fill=rand:0:1
// EXEC: arg steps buf int size=N fill=zero
// EXEC: arg nx val int value=G0
// EXEC: arg ny val int value=G1
// EXEC: arg nz val int value=G2

#define VOXEL(x, y, z) (((z) * ny + (y)) * nx + (x))
#define MAX_STEPS 96

__device__ float relax(float v, float d) { return 0.5f * (v + d / (v + 0.25f)); }

__global__ void pool_volume_3d(const float *density, int *steps, int nx, int ny, int nz)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    const int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz)
        return;
    const float d = density[VOXEL(x, y, z)] * (float)(z + 1);
    const int limit = 8 + (int)(d * (float)MAX_STEPS / (float)nz);
    float v = 1.0f;
    int s = 0;
    for (; s < limit; ++s) {
        const float w = relax(v, d);
        if (fabsf(w - v) < 1e-6f)
            break;
        v = w;
    }
    steps[VOXEL(x, y, z)] = s * 1000 + (int)(v * 100.0f) + (int)(threadIdx.z * 16 + threadIdx.y * 4 + threadIdx.x);
}
