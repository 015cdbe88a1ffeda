// SRAD, melded by hand (see SRAD.cu): each neighbour selected once, from
// the halo on its edge and from the tile elsewhere; the saturation as
// selects.
#include "../bench.h"
#include <cmath>

#define SR_BS 16
#define SR_ITERS 24
#define IDX(y, x) ((y) * cols + (x))

__global__ void srad_prepare(float *J, const float *img, int count)
{
    const int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < count)
        J[i] = 1.0f + img[i];
}

__global__ void srad_coeff(const float *__restrict__ J, float *__restrict__ C, float *__restrict__ dN,
                           float *__restrict__ dS, float *__restrict__ dW, float *__restrict__ dE,
                           int rows, int cols, float q0sqr)
{
    __shared__ float tile[SR_BS][SR_BS];
    __shared__ float north[SR_BS], south[SR_BS], west[SR_BS], east[SR_BS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x = blockIdx.x * SR_BS + tx, y = blockIdx.y * SR_BS + ty;
    tile[ty][tx] = J[IDX(y, x)];
    if (ty == 0)
        north[tx] = J[IDX(max(y - 1, 0), x)];
    if (ty == SR_BS - 1)
        south[tx] = J[IDX(min(y + 1, rows - 1), x)];
    if (tx == 0)
        west[ty] = J[IDX(y, max(x - 1, 0))];
    if (tx == SR_BS - 1)
        east[ty] = J[IDX(y, min(x + 1, cols - 1))];
    __syncthreads();
    const float jc = tile[ty][tx];
    const float n = (ty == 0 ? north[tx] : tile[ty - 1][tx]) - jc;
    const float s = (ty == SR_BS - 1 ? south[tx] : tile[ty + 1][tx]) - jc;
    const float w = (tx == 0 ? west[ty] : tile[ty][tx - 1]) - jc;
    const float e = (tx == SR_BS - 1 ? east[ty] : tile[ty][tx + 1]) - jc;
    const float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    const float l = (n + s + w + e) / jc;
    const float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
    const float den = 1.0f + 0.25f * l;
    const float qsqr = num / (den * den);
    float c = 1.0f / (1.0f + (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr)));
    c = c < 0.0f ? 0.0f : c > 1.0f ? 1.0f : c;
    const int i = IDX(y, x);
    C[i] = c;
    dN[i] = n;
    dS[i] = s;
    dW[i] = w;
    dE[i] = e;
}

__global__ void srad_update(float *__restrict__ J, const float *__restrict__ C, const float *__restrict__ dN,
                            const float *__restrict__ dS, const float *__restrict__ dW,
                            const float *__restrict__ dE, int rows, int cols, float lambda)
{
    __shared__ float ctile[SR_BS][SR_BS];
    __shared__ float south_c[SR_BS], east_c[SR_BS];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const int x = blockIdx.x * SR_BS + tx, y = blockIdx.y * SR_BS + ty;
    const int i = IDX(y, x);
    ctile[ty][tx] = C[i];
    if (ty == SR_BS - 1)
        south_c[tx] = C[IDX(min(y + 1, rows - 1), x)];
    if (tx == SR_BS - 1)
        east_c[ty] = C[IDX(y, min(x + 1, cols - 1))];
    __syncthreads();
    const float cc = ctile[ty][tx];
    const float cs = ty == SR_BS - 1 ? south_c[tx] : ctile[ty + 1][tx];
    const float ce = tx == SR_BS - 1 ? east_c[ty] : ctile[ty][tx + 1];
    const float div = cc * dN[i] + cs * dS[i] + cc * dW[i] + ce * dE[i];
    J[i] = J[i] + 0.25f * lambda * div;
}

const char *const bench_cases[] = {"", nullptr};

void bench_launch(const BenchData &d, int, cudaStream_t s)
{
    int dim = 1; // the largest power of two whose square fits in n
    while (4 * dim * dim <= d.n)
        dim *= 2;
    const int count = dim * dim;
    float *J = (float *)d.buf, *C = (float *)d.out, *D = (float *)d.tmp;
    srad_prepare<<<(count + 255) / 256, 256, 0, s>>>(J, d.inf, count);
    const dim3 grid(dim / SR_BS, dim / SR_BS), block(SR_BS, SR_BS);
    for (int t = 0; t < SR_ITERS; ++t) {
        const float q0 = 0.5f * std::exp(-(float)t / 8.0f); // the speckle scale, shrinking
        srad_coeff<<<grid, block, 0, s>>>(J, C, D, D + d.n, D + 2 * d.n, D + 3 * d.n, dim, dim,
                                          q0 * q0);
        srad_update<<<grid, block, 0, s>>>(J, C, D, D + d.n, D + 2 * d.n, D + 3 * d.n, dim, dim,
                                           0.5f);
    }
}
