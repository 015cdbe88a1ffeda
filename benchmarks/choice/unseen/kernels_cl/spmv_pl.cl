// CSR sparse matrix-vector product, one work-item per row, power-law row
// lengths (OpenCL twin of kernels/spmv_pl.cu; the row information and the
// column indices both come from keys).  Harness arguments: keys, x, outf,
// outu, len, n.
// EXEC: kernel=spmv_csr_scalar global=65536 local=64,256
// EXEC: arg row_info buf int size=N fill=rand:0:2147483647
// EXEC: arg vec buf float size=N fill=rand:0:0
// EXEC: arg y buf float size=N fill=zero
// EXEC: arg unused buf uint size=N fill=zero
// EXEC: arg maxnnz val int value=16
// EXEC: arg nrows val int value=N
#define ROW_CLASS(k) ((k) & 7)
#define ROW_NNZ(k, maxnnz) (1 + ((maxnnz) >> ROW_CLASS(k)))

__kernel void spmv_csr_scalar(__global const int *row_info, __global const float *vec,
                              __global float *y, __global uint *unused, int maxnnz, int nrows)
{
    const int row = get_global_id(0);
    const int mask = nrows - 1;
    if (row < nrows) {
        const int info = row_info[row];
        const int row_start = (info >> 3) & mask;
        const int row_end = row_start + ROW_NNZ(info, maxnnz);
        float dot = 0.0f;
        for (int j = row_start; j < row_end; ++j) {
            const int col = row_info[j & mask] & mask;
            const float a = 1.0f / (float)(1 + (j - row_start));
            dot += a * vec[col];
        }
        const float diag = vec[row] + 1.0f;
        y[row] = dot / diag;
    }
}
