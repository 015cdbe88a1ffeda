// Input of helper-branches.test: the divergence sits in helpers, two calls
// deep, one helper called twice and from two kernels.
#define STEPS 64

float attenuate(int cls, float x)
{
    float r = 0.0f;
    if (cls & 1) {
        for (int k = 0; k < STEPS; ++k) r = r * 0.5f + x;
    } else {
        for (int k = 0; k < STEPS; ++k) r = sqrt(r + x);
    }
    return r;
}

float shade(int cls, float x)
{
    switch (cls & 3) {
    case 0: return attenuate(cls, x);
    case 1: return attenuate(cls >> 2, x * 2.0f);
    default: return x;
    }
}

__kernel void render(__global const int *cls, __global const float *x,
                     __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = shade(cls[i], x[i]);
}

__kernel void plain(__global const int *cls, __global const float *x,
                    __global float *y)
{
    size_t i = get_global_id(0);
    y[i] = attenuate(cls[i], x[i]) + 1.0f;
}
