// Gamma-distributed samples by Marsaglia and Tsang's rejection method
// (OpenCL twin of kernels/gamma_rng.cu).  Harness arguments: keys, x,
// outf, outu, len, n.
// EXEC: kernel=gamma_draw global=65536 local=64,256
// EXEC: arg seeds buf int size=N fill=rand:0:2147483647
// EXEC: arg shape_u buf float size=N fill=rand:0:0
// EXEC: arg mean_out buf float size=N fill=zero
// EXEC: arg tries_out buf uint size=N fill=zero
// EXEC: arg nsamples val int value=16
// EXEC: arg n val int value=N
inline uint xorshift32(uint s)
{
    s ^= s << 13;
    s ^= s >> 17;
    s ^= s << 5;
    return s;
}

inline float to_unit(uint s)
{
    return ((float)(s >> 8) + 0.5f) * (1.0f / 16777216.0f);
}

__kernel void gamma_draw(__global const int *seeds, __global const float *shape_u,
                         __global float *mean_out, __global uint *tries_out, int nsamples, int n)
{
    const int tid = get_global_id(0);
    if (tid >= n)
        return;
    uint state = (uint)seeds[tid] | 1u;
    const float alpha = 1.0f + 4.0f * shape_u[tid];
    const float d = alpha - 1.0f / 3.0f;
    const float c = rsqrt(9.0f * d);
    float sum = 0.0f;
    int accepted = 0;
    uint tries = 0;
    while (accepted < nsamples) {
        ++tries;
        state = xorshift32(state);
        const float u1 = to_unit(state);
        state = xorshift32(state);
        const float u2 = to_unit(state);
        const float z = sqrt(-2.0f * native_log(u1)) * native_cos(6.283185307f * u2);
        float v = 1.0f + c * z;
        if (v <= 0.0f)
            continue;
        v = v * v * v;
        state = xorshift32(state);
        const float u = to_unit(state);
        if (u < 1.0f - 0.0331f * z * z * z * z ||
            native_log(u) < 0.5f * z * z + d * (1.0f - v + native_log(v))) {
            sum += d * v;
            ++accepted;
        }
    }
    mean_out[tid] = sum / (float)nsamples;
    tries_out[tid] = tries;
}
