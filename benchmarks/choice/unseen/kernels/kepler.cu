// Kepler's equation E - e sin E = M by Newton's method for a catalogue of
// orbits (an orbit propagator's inner solve): the starting guess depends
// on the eccentricity, the iteration stops when the step falls below the
// tolerance (a break), at most `maxit` steps; highly eccentric orbits
// converge slowly or not at all in single precision.  Then the true
// anomaly from the eccentric one.
#include "../bench.h"

#define KEPLER_TOL 1e-6f
#define PI_F 3.14159265f

__global__ void solve_kepler(const int *__restrict__ orbit, const float *__restrict__ mean_anom,
                             float *__restrict__ true_anom, unsigned *__restrict__ iters_out,
                             int maxit, int n)
{
    const int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k >= n)
        return;
    const int o = orbit[k];
    const float e = (float)(o & 1023) * (0.999f / 1023.0f);
    const float M = 2.0f * PI_F * mean_anom[k] - PI_F;
    float E = e < 0.8f ? M : (M < 0.0f ? -PI_F : PI_F);
    int it = 0;
    for (; it < maxit; ++it) {
        float sE, cE;
        sincosf(E, &sE, &cE);
        const float dE = (E - e * sE - M) / (1.0f - e * cE);
        E -= dE;
        if (fabsf(dE) < KEPLER_TOL)
            break;
    }
    const float half_e = 0.5f * E;
    true_anom[k] = 2.0f * atan2f(sqrtf(1.0f + e) * sinf(half_e), sqrtf(1.0f - e) * cosf(half_e));
    iters_out[k] = (unsigned)it;
}

int bench_path(int key) { return (key & 1023) >= 818 ? 0 : 1; } // e >= 0.8
const int bench_paths = 2;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    solve_kepler<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, d.outu, len, d.n);
}
