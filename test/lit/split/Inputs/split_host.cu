// Input of split/launcher.test: a split kernel inside a namespace, launched
// before its definition, through a macro, qualified, and plainly after it.
#include <cstdio>

namespace physics {

__global__ void bounce(const int *cell, float *v, int n);

void early(const int *cell, float *v, int n)
{
    bounce<<<(n + 255) / 256, 256>>>(cell, v, n);
}

__global__ void bounce(const int *cell, float *v, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        if (cell[i] & 1) {
            float x = v[i];
            for (int k = 0; k < 32; ++k)
                x = x * 0.5f + 1.0f;
            v[i] = x;
        } else {
            v[i] = -v[i];
        }
    }
}

} // namespace physics

#define STEP(g, b, ...) physics::bounce<<<g, b>>>(__VA_ARGS__)

void run(const int *cell, float *v, int n, cudaStream_t s)
{
    physics::bounce<<<(n + 127) / 128, 128, 0, s>>>(cell, v, n);
    STEP(n / 64, 64, cell, v, n);
    std::printf("done\n");
}
