// Lennard-Jones forces over a neighbour list with a cutoff (the SHOC MD /
// LAMMPS pair kernel's shape): a uniform loop over `maxneigh` list entries,
// neighbour-major so the index loads coalesce; the force term runs only
// for pairs inside the cutoff, a branch on the gathered positions.
#include "../bench.h"

#define CUTSQ 0.16f
#define LJ1 1.5f
#define LJ2 2.0f
#define NEIGH_STRIDE 131071

__global__ void lj_force(const float *__restrict__ pos, const int *__restrict__ neigh_list,
                         float *__restrict__ force, unsigned *__restrict__ npairs,
                         int maxneigh, unsigned mask, int natoms)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= natoms)
        return;
    const float xi = pos[i], yi = pos[(i + 1) & mask], zi = pos[(i + 2) & mask];
    float fx = 0.0f, fy = 0.0f, fz = 0.0f;
    unsigned inside = 0;
    for (int j = 0; j < maxneigh; ++j) {
        // neighbours are spatially sorted: within 512 of the atom's index
        const int jidx = (i + (neigh_list[(j * NEIGH_STRIDE + i) & mask] & 1023) - 512) & mask;
        const float delx = xi - pos[jidx];
        const float dely = yi - pos[(jidx + 1) & mask];
        const float delz = zi - pos[(jidx + 2) & mask];
        const float r2 = delx * delx + dely * dely + delz * delz;
        if (r2 < CUTSQ) {
            const float r2inv = 1.0f / (r2 + 0.01f);
            const float r6inv = r2inv * r2inv * r2inv;
            const float fpair = r2inv * r6inv * (LJ1 * r6inv - LJ2);
            fx += delx * fpair;
            fy += dely * fpair;
            fz += delz * fpair;
            ++inside;
        }
    }
    force[i] = fx + 0.5f * fy + 0.25f * fz;
    npairs[i] = inside;
}

int bench_path(int) { return 0; }
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    lj_force<<<(d.n + 255) / 256, 256, 0, s>>>(d.x, d.keys, d.outf, d.outu, len,
                                              (unsigned)(d.n - 1), d.n);
}
