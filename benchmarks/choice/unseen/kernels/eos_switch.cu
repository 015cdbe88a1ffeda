// Multi-material equation of state (the shape of a hydrocode's pressure
// update): each cell's material id, read from memory, picks the closure in
// a switch: ideal gas, stiffened gas, the JWL explosive products (two
// exponentials), or a tabulated material whose `ntab` table points are
// scanned for the bracketing interval.  Cells of all four materials mix in
// every warp at interfaces.
#include "../bench.h"

#define GAMMA_IDEAL 1.4f
#define GAMMA_STIFF 4.4f
#define P_INF 0.6f
#define JWL_A 3.712f
#define JWL_B 0.0323f
#define JWL_R1 4.15f
#define JWL_R2 0.95f
#define JWL_W 0.30f

enum { MAT_IDEAL, MAT_STIFF, MAT_JWL, MAT_TABLE };

__device__ __forceinline__ float table_point(int j, int ntab)
{
    return (float)j / (float)ntab;
}

__global__ void eos_pressure(const int *__restrict__ mat_id, const float *__restrict__ energy,
                             float *__restrict__ pressure, unsigned *__restrict__ phase,
                             int ntab, int ncells)
{
    const int c = blockIdx.x * blockDim.x + threadIdx.x;
    if (c >= ncells)
        return;
    const int m = mat_id[c];
    const float rho = 0.5f + (float)((m >> 2) & 255) * (1.0f / 256.0f);
    const float e = energy[c];
    float p;
    unsigned ph = 0;
    switch (m & 3) {
    case MAT_IDEAL:
        p = (GAMMA_IDEAL - 1.0f) * rho * e;
        break;
    case MAT_STIFF:
        p = (GAMMA_STIFF - 1.0f) * rho * e - GAMMA_STIFF * P_INF;
        ph = p < 0.0f;
        p = fmaxf(p, 0.0f);
        break;
    case MAT_JWL: {
        const float v = 1.0f / rho;
        p = JWL_A * (1.0f - JWL_W / (JWL_R1 * v)) * __expf(-JWL_R1 * v) +
            JWL_B * (1.0f - JWL_W / (JWL_R2 * v)) * __expf(-JWL_R2 * v) + JWL_W * rho * e;
        break;
    }
    default: {
        // tabulated p(e): find the interval, interpolate linearly
        const float x = e * rho * 0.5f;
        int j = 0;
        while (j < ntab - 1 && table_point(j + 1, ntab) < x)
            ++j;
        const float x0 = table_point(j, ntab), x1 = table_point(j + 1, ntab);
        const float p0 = sqrtf(x0) * 2.0f, p1 = sqrtf(x1) * 2.0f;
        p = p0 + (p1 - p0) * (x - x0) / (x1 - x0);
        ph = (unsigned)j;
        break;
    }
    }
    pressure[c] = p;
    phase[c] = ph;
}

int bench_path(int key) { return key & 3; }
const int bench_paths = 4;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    eos_pressure<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, d.outu, len, d.n);
}
