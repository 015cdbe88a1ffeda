// split_lbm.cu: one stream-collide step of a D2Q9 lattice-Boltzmann fluid,
// in the style of Parboil's LBM: a thread per cell of a w x h grid (2-D
// launch, bounds guard), distributions stored direction by direction (all
// cells' q = 0, then q = 1, ...) so that neighbouring threads touch
// neighbouring words; src is only read and dst only written.  A fluid cell
// (flags > 0, the heavy path) loads its nine distributions into a private
// array, computes density and velocity, relaxes each distribution towards
// its equilibrium (BGK, relaxation rate LBM_OMEGA) and streams it to the
// neighbour in its direction, the grid wrapping around at its edges.  An
// obstacle cell (the light path) bounces back: each distribution leaves in
// the opposite direction, unchanged.  Every cell writes the nine words its
// directions point to, so no two cells write the same word.
#define LBM_Q 9
#ifndef LBM_OMEGA
#define LBM_OMEGA 1.85f
#endif
#define LBM_CELL(x, y) ((y) * w + (x))
#define LBM_DIST(q, c) ((q) * (w * h) + (c))
// The neighbour of coordinate a in direction d (-1, 0, 1), wrapping at n.
#define LBM_WRAP(a, d, n) ((a) + (d) < 0 ? (n) - 1 : (a) + (d) == (n) ? 0 : (a) + (d))

// Direction q: rest, the four axes, the four diagonals.
__constant__ int lbm_ex[LBM_Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant__ int lbm_ey[LBM_Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant__ int lbm_opposite[LBM_Q] = {0, 3, 4, 1, 2, 7, 8, 5, 6};
__constant__ float lbm_weight[LBM_Q] = {4.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9,
                                        1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36};

__global__ void lbm_step(const float *__restrict__ src, float *__restrict__ dst,
                         const int *__restrict__ flags, int w, int h)
{
    const int x = blockIdx.x * blockDim.x + threadIdx.x;
    const int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        const int c = LBM_CELL(x, y);
        if (flags[c] > 0) {
            float f[LBM_Q];
            float rho = 0.0f, ux = 0.0f, uy = 0.0f;
#pragma unroll
            for (int q = 0; q < LBM_Q; ++q) {
                f[q] = src[LBM_DIST(q, c)];
                rho += f[q];
                ux += lbm_ex[q] * f[q];
                uy += lbm_ey[q] * f[q];
            }
            const float inv = 1.0f / rho;
            ux *= inv;
            uy *= inv;
            const float usq = 1.5f * (ux * ux + uy * uy);
#pragma unroll
            for (int q = 0; q < LBM_Q; ++q) {
                const float eu = 3.0f * (lbm_ex[q] * ux + lbm_ey[q] * uy);
                const float feq = lbm_weight[q] * rho * (1.0f + eu + 0.5f * eu * eu - usq);
                f[q] += LBM_OMEGA * (feq - f[q]);
            }
#pragma unroll
            for (int q = 0; q < LBM_Q; ++q) {
                const int xn = LBM_WRAP(x, lbm_ex[q], w);
                const int yn = LBM_WRAP(y, lbm_ey[q], h);
                dst[LBM_DIST(q, LBM_CELL(xn, yn))] = f[q];
            }
        } else {
#pragma unroll
            for (int q = 0; q < LBM_Q; ++q) {
                const int o = lbm_opposite[q];
                const int xn = LBM_WRAP(x, lbm_ex[o], w);
                const int yn = LBM_WRAP(y, lbm_ey[o], h);
                dst[LBM_DIST(o, LBM_CELL(xn, yn))] = src[LBM_DIST(q, c)];
            }
        }
    }
}
