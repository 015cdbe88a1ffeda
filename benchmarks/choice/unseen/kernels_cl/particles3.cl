// A 1-D particle push with three regimes chosen by the particle's state
// word (OpenCL twin of kernels/particles3.cu).  Harness arguments: keys, x,
// outf, outu, len, n.
// EXEC: kernel=push_particles global=65536 local=64,256
// EXEC: arg state buf int size=N fill=rand:0:2147483647
// EXEC: arg pos buf float size=N fill=rand:0:0
// EXEC: arg pos_out buf float size=N fill=zero
// EXEC: arg flags_out buf uint size=N fill=zero
// EXEC: arg substeps val int value=16
// EXEC: arg n val int value=N
#define ABSORBED 1
#define NEAR_WALL 2
#define DRAG 0.999f
#define DT 0.05f

inline float initial_velocity(int state)
{
    return ((float)((state >> 4) & 255) - 127.5f) * (1.0f / 128.0f);
}

__kernel void push_particles(__global const int *state, __global const float *pos,
                             __global float *pos_out, __global uint *flags_out,
                             int substeps, int n)
{
    const int p = get_global_id(0);
    if (p >= n)
        return;
    const int st = state[p];
    const int regime = st & 3;
    float x = pos[p];
    float v = initial_velocity(st);
    uint bounces = 0;

    if (regime == ABSORBED) {
        pos_out[p] = x;
        flags_out[p] = 0u;
        return;
    } else if (regime == NEAR_WALL) {
        for (int s = 0; s < substeps; ++s) {
            x += v * DT;
            if (x < 0.0f) { x = -x; v = -v; ++bounces; }
            if (x > 1.0f) { x = 2.0f - x; v = -v; ++bounces; }
        }
    } else {
        for (int s = 0; s < substeps; ++s) {
            v *= DRAG;
            x += v * DT;
        }
        x -= floor(x);
    }
    pos_out[p] = x;
    flags_out[p] = (uint)regime | (bounces << 2);
}
