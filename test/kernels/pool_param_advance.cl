// pool_param_advance.cl
//
// Tests: a kernel that writes its parameters before and inside a loop whose
// trip count is read from memory, the way real kernels step their pointers
// to "their" row: `out += row * OUT_STRIDE;`, `vals += first;` and a scalar
// parameter rescaled in the loop (`bias += ...`) and read after it.  Under
// the dwa transform one work-item runs several items; each must start from
// the values the launch passed, not from what the previous item left.
//
// Expected tdrc action: the dwa transform gives the loop a work pool and
// restores out, vals and bias from copies before each item.
//
// EXEC: kernel=pool_param_advance global=1000 local=32,64,256
// EXEC: arg start buf int size=N fill=rand:0:2000
// EXEC: arg count buf int size=N fill=mix:-5:40
// EXEC: arg vals buf int size=2048+64 fill=rand:-50:1000
// EXEC: arg out buf int size=2*N fill=zero
// EXEC: arg bias val int value=7
// EXEC: arg n val int value=N

#define OUT_STRIDE 2

__kernel void pool_param_advance(__global const int *start, __global const int *count,
                                 __global const int *vals, __global int *out,
                                 int bias, int n)
{
    const int row = get_global_id(0);
    if (row >= n)
        return;
    out += row * OUT_STRIDE;   /* this row's two slots */
    vals += start[row];
    int len = count[row];
    int sum = 0;
    for (int k = 0; k < len; ++k) {
        sum += vals[k] ^ (k * 7);
        if (sum > 20000)
            bias += 1;        /* a per-row correction, kept in the parameter */
    }
    out[0] = sum;
    out[1] = bias;
}
