// LUD, melded by hand (see LUD.cu): one loop nest per phase, its tile,
// addresses and operands selected by row or column work; what only one
// side does stays under a condition.
#include "../bench.h"

#ifndef LUD_BS
#define LUD_BS 16
#endif
#define AT(r, c) m[(r) * dim + (c)]

__global__ void lud_init(float *m, const float *x, int dim) // diagonally dominant
{
    const int c = blockIdx.x * blockDim.x + threadIdx.x, r = blockIdx.y;
    if (c < dim)
        AT(r, c) = x[r * dim + c] + (r == c ? (float)dim : 0.0f);
}

__global__ void lud_perimeter(float *m, int dim, int offset)
{
    __shared__ float dia[LUD_BS][LUD_BS];
    __shared__ float peri_row[LUD_BS][LUD_BS];
    __shared__ float peri_col[LUD_BS][LUD_BS];
    const int tx = threadIdx.x;
    const int blk = offset + (blockIdx.x + 1) * LUD_BS;
    const bool row = tx < LUD_BS;
    const int idx = row ? tx : tx - LUD_BS;
    float(*peri)[LUD_BS] = row ? peri_row : peri_col;
    for (int i = 0; i < LUD_BS / 2; ++i) {
        const int r = row ? i : i + LUD_BS / 2;
        dia[r][idx] = AT(offset + r, offset + idx);
    }
    for (int i = 0; i < LUD_BS; ++i)
        peri[i][idx] = row ? AT(offset + i, blk + idx) : AT(blk + i, offset + idx);
    __syncthreads();
    for (int i = 0; i < LUD_BS; ++i) { // i = 0 does nothing for a column
        float *t = row ? &peri_row[i][idx] : &peri_col[idx][i];
        for (int j = 0; j < i; ++j) {
            const float p = row ? dia[i][j] : peri_col[idx][j];
            const float q = row ? peri_row[j][idx] : dia[j][i];
            *t -= p * q;
        }
        if (!row)
            *t /= dia[i][i];
    }
    __syncthreads();
    for (int i = row ? 1 : 0; i < LUD_BS; ++i) {
        const int g = row ? (offset + i) * dim + blk + idx : (blk + i) * dim + offset + idx;
        m[g] = peri[i][idx];
    }
}

const char *const bench_cases[] = {"", nullptr};

void bench_launch(const BenchData &d, int, cudaStream_t s)
{
    int dim = 1; // the largest power of two whose square fits in n
    while (4 * dim * dim <= d.n)
        dim *= 2;
    float *m = (float *)d.buf;
    lud_init<<<dim3((dim + 127) / 128, dim), 128, 0, s>>>(m, d.inf, dim);
    for (int offset = 0; offset < dim - LUD_BS; offset += LUD_BS)
        lud_perimeter<<<(dim - offset) / LUD_BS - 1, 2 * LUD_BS, 0, s>>>(m, dim, offset);
}
