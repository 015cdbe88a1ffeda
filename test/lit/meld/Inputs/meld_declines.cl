// Branches the meld transform leaves alone (test/lit/meld/declines.test).
// PICK is defined on the command line (-D): tdrc never unfolds it

__kernel void with_barrier(__global int *x, __local int *tile)
{
    int i = get_global_id(0);
    if (x[i] > 0) {
        tile[get_local_id(0)] = x[i];
        barrier(CLK_LOCAL_MEM_FENCE);
    } else {
        tile[get_local_id(0)] = -x[i];
        barrier(CLK_LOCAL_MEM_FENCE);
    }
    x[i] = tile[get_local_id(0)];
}

__kernel void used_atomic(__global int *x, __global int *count)
{
    int i = get_global_id(0);
    if (x[i] > 0)
        x[i] = atomic_inc(count);
    else
        x[i] = atomic_dec(count);
}

__kernel void float_atomic(__global float *x, __global float *sum)
{
    int i = get_global_id(0);
    if (x[i] > 0.0f)
        atomic_xchg(sum, x[i]);
    else
        atomic_xchg(sum, -x[i]);
}

__kernel void hides(__global int *x, int t)
{
    int i = get_global_id(0);
    if (x[i] > 0) {
        int t = x[i] * 2;
        x[i] = t + 1;
    } else {
        x[i] = t + 1;
    }
}

__kernel void different(__global int *x, __global float *y)
{
    int i = get_global_id(0);
    if (x[i] > 0) {
        y[i] = sqrt((float)x[i]) * 2.0f;
    } else {
        x[i] = x[i] % 7 + (x[i] >> 2);
    }
}

__kernel void uniform(__global int *x, int mode)
{
    int i = get_global_id(0);
    if (mode > 0)
        x[i] = x[i] + 1;
    else
        x[i] = x[i] + 2;
}

__kernel void in_macro(__global int *x)
{
    int i = get_global_id(0);
    PICK(x[i] > 0, x[i] += 1, x[i] += 2);
}

// A float division whose divisor differs: OpenCL divides to within ulps,
// and NVIDIA's compiler rounded such a division under a select differently.
__kernel void float_division(__global float *x, __global const float *y)
{
    int i = get_global_id(0);
    if (i & 1) {
        x[i] = x[i] / (y[i] + 1.0f);
    } else {
        x[i] = x[i] / (y[i] + 2.0f);
    }
}

// A #define between the statements of a side, used after it: the melded
// code is put together from the statements, so the directive would be lost.
__kernel void directive_inside(__global int *x, __global const int *y)
{
    int i = get_global_id(0);
    int v = y[i];
    if (v > 0) {
        x[i] = v * 3 + 1;
#define BUMP 5
        x[i] = x[i] + 9;
    } else {
        x[i] = v * 5 + 2;
        x[i] = x[i] - 7;
    }
    x[i] += BUMP;
}
