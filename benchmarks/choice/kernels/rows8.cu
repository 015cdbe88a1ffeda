// Loop divergence: sparse rows of 1 to 8 blocks of `len` entries (a CSR
// row-per-thread product: the row's start and length come from memory),
// summed in float in the row's order.  The dwa transform's target; the
// ideal sorts the rows of each block by length.
#include "../bench.h"

#define ROW_LENGTH(k, len) ((len) * (1 + ((k) & 7)))

__global__ void sparse_rows(const int *__restrict__ keys, const float *__restrict__ x,
                            float *__restrict__ out, int len, int n)
{
    const int row = blockIdx.x * blockDim.x + threadIdx.x;
    if (row >= n)
        return;
    const int key = keys[row];
    const int start = (key >> 3) & (n - 1);
    const int count = ROW_LENGTH(key, len);
    float sum = 0.0f;
    for (int j = 0; j < count; ++j)
        sum += 0.5f * x[(start + j) & (n - 1)];
    out[row] = sum;
}

int bench_path(int key) { return key & 7; }
const int bench_paths = 8;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    sparse_rows<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outf, len, d.n);
}
