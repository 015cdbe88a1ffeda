// Three paths in an else-if chain under a bounds guard, float loops of
// `iters` iterations (OpenCL twin of kernels/chain3.cu).  Harness
// arguments: keys, x, outf, outu, len, n.
#define RELAX(v, a) ((v) * (1.0f - (a)) + (a))

__kernel void classify3(__global const int *cls, __global const float *x,
                        __global float *y, __global uint *unused, int iters, int n)
{
    int i = get_global_id(0);
    if (i < n) {
        int c = cls[i] % 3;
        float v = x[i];
        if (c == 0) {
            for (int k = 0; k < iters; ++k)
                v = RELAX(v, 0.1f);
        } else if (c == 1) {
            for (int k = 0; k < iters; ++k)
                v = sqrt(v * v + 1.0f) * 0.5f;
        } else {
            for (int k = 0; k < iters; ++k)
                v = native_sin(v) + 0.5f * v;
        }
        y[i] = v;
    }
}
