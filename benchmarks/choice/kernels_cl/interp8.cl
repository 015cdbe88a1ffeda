// Eight paths: a bytecode interpreter's dispatch on three bits of an opcode
// read from memory, each case a loop of `steps` iterations (OpenCL twin of
// kernels/interp8.cu).  Harness arguments: keys, x, outf, outu, len, n.

// One step of the integer case: a linear congruential update.
#define LCG(h) ((h) * 1664525u + 1013904223u)

float damp(float v, float k)
{
    return v * k + (1.0f - k) * 0.5f;
}

__kernel void interp8(__global const int *code, __global const float *x,
                      __global float *out, __global uint *unused, int steps, int n)
{
    const int pc = get_global_id(0);
    if (pc < n) {
        const int op = code[pc];
        float acc = x[pc];
        switch (op & 7) {
        case 0:
            for (int s = 0; s < steps; ++s)
                acc = damp(acc, 0.999f);
            break;
        case 1:
            for (int s = 0; s < steps; ++s)
                acc = sqrt(acc + 1.0f) * 0.75f;
            break;
        case 2:
            for (int s = 0; s < steps; ++s)
                acc = native_log(acc + 2.0f);
            break;
        case 3:
            for (int s = 0; s < steps; ++s)
                acc = acc * acc * 0.5f + 0.25f;
            break;
        case 4: {
            uint h = (uint)op;
            for (int s = 0; s < steps; ++s)
                h = LCG(h) ^ (h >> 11);
            acc += (float)(h >> 8) * 0x1p-24f;
            break;
        }
        case 5:
            for (int s = 0; s < steps; ++s)
                acc = native_cos(acc) + 0.125f * acc;
            break;
        case 6:
            for (int s = 0; s < steps; ++s)
                acc = fmin(acc * 1.5f, 3.0f) - 1.0f;
            break;
        default:
            for (int s = 0; s < steps; ++s)
                acc = rsqrt(acc * acc + 0.5f);
            break;
        }
        out[pc] = acc;
    }
}
