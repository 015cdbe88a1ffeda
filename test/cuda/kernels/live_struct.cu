// live_struct.cu -- CUDA counterpart of test/kernels/live_struct.cl
//
// A plain struct (trivially constructible and copyable) live across the
// branch and modified in both paths.  Expected: REMAP; `p` migrates through
// a __shared__ Particle array.
//
// EXEC: kernel=live_struct global=1024 local=32,64,128,256
// EXEC: arg charge buf int size=N fill=mix:-30:30
// EXEC: arg pos buf float size=N*2 fill=rand:-5:5
// EXEC: arg out buf float size=N*2 fill=zero

struct Particle {
    float px;
    float py;
    int charge;
    float mass;
};

__global__ void live_struct(const int *charge, const float *pos, float *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    Particle p;
    p.px = pos[2 * gid];
    p.py = pos[2 * gid + 1];
    p.charge = charge[gid];
    p.mass = 1.0f + (float)(p.charge * p.charge) * 0.01f;

    if (p.charge > 0) {
        float vx = 0.0f;
        for (int i = 0; i < 10; ++i) {
            vx = vx * 0.9f + (float)p.charge / p.mass;
            p.px += vx * 0.01f;
        }
    } else {
        float vy = 0.0f;
        for (int i = 0; i < 18; ++i) {
            vy = vy * 0.8f - p.py * 0.05f + (float)p.charge * 0.01f;
            p.py += vy * 0.02f;
        }
        p.mass *= 2.0f;
    }
    out[2 * gid] = p.px * p.mass;
    out[2 * gid + 1] = p.py + (float)p.charge;
}
