// CSR sparse matrix-vector product, one row per thread, launched in this file
#define ROW_GUARD(r, n) if ((r) >= (n)) return

__device__ inline float fetch(const float *x, int col) { return x[col]; }

__global__ void spmv_csr(const int *rowptr, const int *cols, const float *vals,
                         const float *x, float *y, int nrows)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= nrows)
        return;
    float sum = 0.0f;
    const int end = rowptr[row + 1];
    for (int j = rowptr[row]; j < end; ++j)
        sum += vals[j] * fetch(x, cols[j]);
    y[row] = sum;
}

void launch(const int *rp, const int *c, const float *v, const float *x, float *y, int n)
{
    spmv_csr<<<(n + 255) / 256, 256>>>(rp, c, v, x, y, n);
}
