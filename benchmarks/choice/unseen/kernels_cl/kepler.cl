// Kepler's equation by Newton's method with a convergence break (OpenCL
// twin of kernels/kepler.cu).  Harness arguments: keys, x, outf, outu,
// len, n.
// EXEC: kernel=solve_kepler global=65536 local=64,256
// EXEC: arg orbit buf int size=N fill=rand:0:2147483647
// EXEC: arg mean_anom buf float size=N fill=rand:0:0
// EXEC: arg true_anom buf float size=N fill=zero
// EXEC: arg iters_out buf uint size=N fill=zero
// EXEC: arg maxit val int value=16
// EXEC: arg n val int value=N
#define KEPLER_TOL 1e-6f
#define PI_F 3.14159265f

__kernel void solve_kepler(__global const int *orbit, __global const float *mean_anom,
                           __global float *true_anom, __global uint *iters_out, int maxit, int n)
{
    const int k = get_global_id(0);
    if (k >= n)
        return;
    const int o = orbit[k];
    const float e = (float)(o & 1023) * (0.999f / 1023.0f);
    const float M = 2.0f * PI_F * mean_anom[k] - PI_F;
    float E = e < 0.8f ? M : (M < 0.0f ? -PI_F : PI_F);
    int it = 0;
    for (; it < maxit; ++it) {
        const float dE = (E - e * sin(E) - M) / (1.0f - e * cos(E));
        E -= dE;
        if (fabs(dE) < KEPLER_TOL)
            break;
    }
    const float half_e = 0.5f * E;
    true_anom[k] = 2.0f * atan2(sqrt(1.0f + e) * sin(half_e), sqrt(1.0f - e) * cos(half_e));
    iters_out[k] = (uint)it;
}
