// Reaction-diffusion on a 2-D grid (a Fisher-KPP / hotspot-style explicit
// step): a 16 x 16 tile with a one-cell halo in shared memory, loaded by the
// tile's edge threads; cells on the domain boundary take a zero-flux
// (Neumann) Laplacian instead of the five-point one; reactive cells (one
// material in four) then integrate their source term in `substeps` small
// steps, inert cells only diffuse.  2-D grid (blockIdx.y), 2048 columns.
#include "../bench.h"

#define TILE 16
#define GRID_W 2048
#define DIFFUSIVITY 0.2f
#define IS_REACTIVE(m) (((m) & 3) == 0)

__device__ __forceinline__ float logistic_rate(int material)
{
    return 0.5f + 0.125f * (float)((material >> 2) & 7);
}

__global__ void react_diffuse(const float *__restrict__ u, const int *__restrict__ material,
                              float *__restrict__ u_next, int w, int h, int substeps, float dt)
{
    __shared__ float tile[TILE + 2][TILE + 2];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int gx = blockIdx.x * TILE + tx;
    const int gy = blockIdx.y * TILE + ty;
    const int cx = min(gx, w - 1), cy = min(gy, h - 1);

    tile[ty + 1][tx + 1] = u[cy * w + cx];
    if (tx == 0)
        tile[ty + 1][0] = u[cy * w + max(cx - 1, 0)];
    if (tx == TILE - 1)
        tile[ty + 1][TILE + 1] = u[cy * w + min(cx + 1, w - 1)];
    if (ty == 0)
        tile[0][tx + 1] = u[max(cy - 1, 0) * w + cx];
    if (ty == TILE - 1)
        tile[TILE + 1][tx + 1] = u[min(cy + 1, h - 1) * w + cx];
    __syncthreads();

    if (gx >= w || gy >= h)
        return;

    const float c = tile[ty + 1][tx + 1];
    float lap;
    if (gx == 0 || gx == w - 1 || gy == 0 || gy == h - 1) {
        // zero flux through the domain's edge: only the neighbours inside count
        float sum = 0.0f;
        int cnt = 0;
        if (gx > 0)     { sum += tile[ty + 1][tx];     ++cnt; }
        if (gx < w - 1) { sum += tile[ty + 1][tx + 2]; ++cnt; }
        if (gy > 0)     { sum += tile[ty][tx + 1];     ++cnt; }
        if (gy < h - 1) { sum += tile[ty + 2][tx + 1]; ++cnt; }
        lap = sum - (float)cnt * c;
    } else {
        lap = tile[ty + 1][tx] + tile[ty + 1][tx + 2] + tile[ty][tx + 1] + tile[ty + 2][tx + 1]
              - 4.0f * c;
    }
    float v = c + DIFFUSIVITY * lap;

    const int m = material[gy * w + gx];
    if (IS_REACTIVE(m)) {
        const float r = logistic_rate(m);
        for (int s = 0; s < substeps; ++s) {
            const float growth = r * v * (1.0f - v);
            v = fmaxf(v + dt * growth, 0.0f);
        }
    }
    u_next[gy * w + gx] = v;
}

int bench_path(int key) { return IS_REACTIVE(key) ? 0 : 1; }
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    const int w = GRID_W, h = d.n / GRID_W;
    dim3 block(TILE, TILE), grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE);
    react_diffuse<<<grid, block, 0, s>>>(d.x, d.keys, d.outf, w, h, len, 0.01f);
}
