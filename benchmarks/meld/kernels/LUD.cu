// LUD (DARM's LUD): the perimeter step of a blocked LU decomposition
// (Rodinia's structure), launched for every diagonal offset of a dim x dim
// matrix (dim = sqrt(n), 2048 on the GPU).  A block of 2 * LUD_BS threads
// works on the tile right of the diagonal tile (its first LUD_BS threads:
// forward substitution down the columns) and on the tile below it (the
// others: the rows, scaled by the diagonal).  The thread-index branches
// pick row or column work with loops of the same shape on transposed
// operands; with LUD_BS = 16 a block is one warp, split in half.
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
    const int blk = offset + (blockIdx.x + 1) * LUD_BS; // this block's tiles
    if (tx < LUD_BS) {
        const int idx = tx;
        for (int i = 0; i < LUD_BS / 2; ++i)
            dia[i][idx] = AT(offset + i, offset + idx);
        for (int i = 0; i < LUD_BS; ++i)
            peri_row[i][idx] = AT(offset + i, blk + idx);
    } else {
        const int idx = tx - LUD_BS;
        for (int i = LUD_BS / 2; i < LUD_BS; ++i)
            dia[i][idx] = AT(offset + i, offset + idx);
        for (int i = 0; i < LUD_BS; ++i)
            peri_col[i][idx] = AT(blk + i, offset + idx);
    }
    __syncthreads();
    if (tx < LUD_BS) { // the tile to the right: a column each
        const int idx = tx;
        for (int i = 1; i < LUD_BS; ++i)
            for (int j = 0; j < i; ++j)
                peri_row[i][idx] -= dia[i][j] * peri_row[j][idx];
    } else { // the tile below: a row each
        const int idx = tx - LUD_BS;
        for (int i = 0; i < LUD_BS; ++i) {
            for (int j = 0; j < i; ++j)
                peri_col[idx][i] -= peri_col[idx][j] * dia[j][i];
            peri_col[idx][i] /= dia[i][i];
        }
    }
    __syncthreads();
    if (tx < LUD_BS) {
        const int idx = tx;
        for (int i = 1; i < LUD_BS; ++i)
            AT(offset + i, blk + idx) = peri_row[i][idx];
    } else {
        const int idx = tx - LUD_BS;
        for (int i = 0; i < LUD_BS; ++i)
            AT(blk + i, offset + idx) = peri_col[i][idx];
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
