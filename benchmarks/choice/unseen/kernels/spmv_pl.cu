// CSR sparse matrix-vector product, one thread per row (the "scalar"
// kernel of SHOC / cuSPARSE-style code), on a matrix with power-law row
// lengths: one row in eight has `maxnnz` entries, one in eight half that,
// and so on down to 1/128 of it.  The row's extent and the column indices
// come from memory (an indirect gather of x); the row loop sits in a bounds
// guard block; a Jacobi-style diagonal scaling follows it.
#include "../bench.h"

#define ROW_CLASS(k) ((k) & 7)
#define ROW_NNZ(k, maxnnz) (1 + ((maxnnz) >> ROW_CLASS(k)))

__global__ void spmv_csr_scalar(const int *__restrict__ row_info, const int *__restrict__ col_idx,
                                const float *__restrict__ vec, float *__restrict__ y,
                                int maxnnz, int nrows, unsigned mask)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row < nrows) {
        const int info = row_info[row];
        const int row_start = (info >> 3) & mask;
        const int row_end = row_start + ROW_NNZ(info, maxnnz);
        float dot = 0.0f;
        for (int j = row_start; j < row_end; ++j) {
            const int col = col_idx[j & mask] & mask;
            const float a = 1.0f / (float)(1 + (j - row_start));
            dot += a * vec[col];
        }
        const float diag = vec[row] + 1.0f;
        y[row] = dot / diag;
    }
}

int bench_path(int key) { return ROW_CLASS(key); }
const int bench_paths = 8;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    spmv_csr_scalar<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.keys, d.x, d.outf, len, d.n,
                                                     (unsigned)(d.n - 1));
}
