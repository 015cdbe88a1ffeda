// A four-way switch on an opcode read from memory, each case a loop of
// `steps` iterations (OpenCL twin of kernels/switch4.cu).  Harness
// arguments: keys, x, outf, outu, len, n.
__kernel void dispatch4(__global const int *op, __global const float *x,
                        __global float *out, __global uint *unused, int steps, int n)
{
    const int tid = get_global_id(0);
    if (tid >= n)
        return;
    float acc = x[tid];
    switch (op[tid] & 3) {
    case 0:
        for (int s = 0; s < steps; ++s)
            acc = acc * 1.0001f + 0.5f;
        break;
    case 1:
        for (int s = 0; s < steps; ++s)
            acc = rsqrt(acc * acc + 1.0f);
        break;
    case 2:
        for (int s = 0; s < steps; ++s)
            acc = fma(acc, 0.75f, native_exp(-acc));
        break;
    default:
        for (int s = 0; s < steps; ++s)
            acc = acc - floor(acc * 0.3f);
        break;
    }
    out[tid] = acc;
}
