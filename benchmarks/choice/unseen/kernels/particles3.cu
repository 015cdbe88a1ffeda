// A 1-D particle push with three regimes chosen by the particle's state
// word (Monte Carlo transport style): absorbed particles are parked and
// leave at once; particles near a wall advance in `substeps` sub-steps with
// specular reflection; free particles advance with drag and are wrapped
// into the periodic box.  State: bits 0-1 the regime, bits 4-11 the speed.
#include "../bench.h"

#define ABSORBED 1
#define NEAR_WALL 2
#define DRAG 0.999f

__device__ __forceinline__ float initial_velocity(int state)
{
    return ((float)((state >> 4) & 255) - 127.5f) * (1.0f / 128.0f);
}

__global__ void push_particles(const int *__restrict__ state, const float *__restrict__ pos,
                               float *__restrict__ pos_out, unsigned *__restrict__ flags_out,
                               int substeps, float dt, int n)
{
    const int p = blockIdx.x * blockDim.x + threadIdx.x;
    if (p >= n)
        return;
    const int st = state[p];
    const int regime = st & 3;
    float x = pos[p];
    float v = initial_velocity(st);
    unsigned bounces = 0;

    if (regime == ABSORBED) {
        pos_out[p] = x;
        flags_out[p] = 0u;
        return;
    } else if (regime == NEAR_WALL) {
        for (int s = 0; s < substeps; ++s) {
            x += v * dt;
            if (x < 0.0f) { x = -x; v = -v; ++bounces; }
            if (x > 1.0f) { x = 2.0f - x; v = -v; ++bounces; }
        }
    } else {
        for (int s = 0; s < substeps; ++s) {
            v *= DRAG;
            x += v * dt;
        }
        x -= floorf(x);
    }
    pos_out[p] = x;
    flags_out[p] = (unsigned)regime | (bounces << 2);
}

int bench_path(int key) { return (key & 3) == ABSORBED ? 0 : (key & 3) == NEAR_WALL ? 1 : 2; }
const int bench_paths = 3;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    push_particles<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, d.outu, len, 0.05f, d.n);
}
