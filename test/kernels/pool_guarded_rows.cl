// pool_guarded_rows.cl
//
// Tests: a CSR-style row product whose bounds check is a block around the
// work (`if (row < nrows) { ... }`, the way SpMV kernels are often
// written) instead of an early return.  Each row's start and length come
// from memory (0 to 40 entries), the column through a macro, the value
// scaled by a helper; the result is written inside the block.
//
// Expected tdrc action: the dwa transform gives the row loop a work pool;
// the block's condition ends an item where it fails
// (`if (!(row < nrows)) { tdr_state = 0; continue; }`) and the block's
// braces go, so its statements become the item's preparation and
// settlement.
//
// EXEC: kernel=pool_guarded_rows global=1000 local=32,64,256
// EXEC: arg first buf int size=N fill=rand:0:4000
// EXEC: arg len buf int size=N fill=mix:0:40
// EXEC: arg cols buf int size=4096+64 fill=rand:0:999
// EXEC: arg vals buf float size=4096+64 fill=rand:-2:2
// EXEC: arg x buf float size=N fill=rand:-1:1
// EXEC: arg y buf float size=N fill=zero
// EXEC: arg nrows val int value=N

#define COL(k) (cols[(k)] % nrows)

float scaled(float v, int k) { return v * (1.0f + 0.125f * (float)(k & 3)); }

__kernel void pool_guarded_rows(__global const int *first, __global const int *len,
                                __global const int *cols, __global const float *vals,
                                __global const float *x, __global float *y, int nrows)
{
    const int row = get_global_id(0);
    if (row < nrows) {
        const int begin = first[row];
        const int end = begin + len[row];
        float dot = 0.0f;
        for (int k = begin; k < end; ++k)
            dot += scaled(vals[k], k) * x[COL(k)];
        y[row] = dot;
    }
}
