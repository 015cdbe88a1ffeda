// live_struct.cl
//
// Tests: a private variable of struct type is initialised before the data
// branch, read and partly updated inside both paths, and read after the
// branch. The struct mixes float and int members.
//
// Expected tdrc action: REMAP the `if (p.charge > 0)` branch; the whole
// struct `p` must migrate with the work-item ID (member-wise or as a block in
// local memory). Declining with a diagnostic is acceptable only if struct
// migration is unsupported, in which case output must be identical.
//
// EXEC: kernel=live_struct global=1024 local=32,64,128,256
// EXEC: arg charge buf int size=N fill=mix:-30:30
// EXEC: arg pos buf float size=N*2 fill=rand:-5:5
// EXEC: arg out buf float size=N*2 fill=zero

typedef struct {
    float px;
    float py;
    int charge;
    float mass;
} Particle;

__kernel void live_struct(__global const int *charge, __global const float *pos,
                          __global float *out)
{
    int gid = (int)get_global_id(0);
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
