// split_lbm_cells_2d.cl
//
// Tests: a lattice-Boltzmann style step over a 2-D range (61 x 37 cells,
// partial work-groups), inside a bounds guard `if (x < w && y < h) { ... }`:
// a fluid cell (flags > 0, mix) loads its nine distributions into a private
// array, computes density and velocity, and relaxes each towards its
// equilibrium (the heavy path: many registers); a wall cell bounces its
// distributions back (the light path: copies).  After the branch, still in
// the guard, the cell's kind is written through a helper.  Indexing through
// macros, the lattice weights in a __constant table.
//
// Expected tdrc action (--transforms=-*,split): split into
// split_lbm_cells_2d__p0 (fluid) and __p1 (wall); the kernel itself
// unchanged; the descriptor: the parts read flags (2) before the branch,
// the kernel writes dst (1) and kind (3).
//
// EXEC: kernel=split_lbm_cells_2d global=61x37 local=16x4,32x2,8x8
// EXEC: arg src buf float size=9*N fill=rand:0:64
// EXEC: arg dst buf float size=9*N fill=zero
// EXEC: arg flags buf int size=N fill=mix:-3:3
// EXEC: arg kind buf int size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

#define Q 9
#define CELL(x, y) ((y) * w + (x))
#define DIST(c, q) ((c) * Q + (q))

__constant float weight[Q] = {4.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9, 1.0f / 9,
                              1.0f / 36, 1.0f / 36, 1.0f / 36, 1.0f / 36};
__constant int ex[Q] = {0, 1, 0, -1, 0, 1, -1, -1, 1};
__constant int ey[Q] = {0, 0, 1, 0, -1, 1, 1, -1, -1};
__constant int opposite[Q] = {0, 3, 4, 1, 2, 7, 8, 5, 6};

static void mark(__global int *kind, int c, int fluid) { kind[c] = fluid ? 1 : 2; }

__kernel void split_lbm_cells_2d(__global const float *src, __global float *dst,
                                 __global const int *flags, __global int *kind,
                                 int w, int h)
{
    const int x = get_global_id(0);
    const int y = get_global_id(1);
    if (x < w && y < h) {
        const int c = CELL(x, y);
        const int f = flags[c];
        if (f > 0) {
            float d[Q];
            float rho = 0.0f, ux = 0.0f, uy = 0.0f;
            for (int q = 0; q < Q; ++q) {
                d[q] = src[DIST(c, q)];
                rho += d[q];
                ux += d[q] * ex[q];
                uy += d[q] * ey[q];
            }
            const float inv = 1.0f / (rho + 1.0f);
            ux *= inv;
            uy *= inv;
            const float omega = 1.0f / (0.5f + 0.125f * f);
            const float usq = 1.5f * (ux * ux + uy * uy);
            for (int q = 0; q < Q; ++q) {
                const float eu = 3.0f * (ex[q] * ux + ey[q] * uy);
                const float feq = weight[q] * rho * (1.0f + eu + 0.5f * eu * eu - usq);
                dst[DIST(c, q)] = d[q] - omega * (d[q] - feq);
            }
        } else {
            for (int q = 0; q < Q; ++q)
                dst[DIST(c, opposite[q])] = src[DIST(c, q)];
        }
        mark(kind, c, f > 0);
    }
}
