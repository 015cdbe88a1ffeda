__kernel void apart(__global float *x, __global const int *y, __global int *z)
{
    int i = get_global_id(0);
    float f = x[i];
    int k = y[i];
    __global int *p = z + i;
    if (y[i] & 1) {
        ++f;
        --k;
        ++p;
        f += 2.0f;
    } else {
        f += 1.0f;
        k += 2;
        p += 2;
        f += 3.0f;
    }
    x[i] = f + k;
    *p = k;
}
