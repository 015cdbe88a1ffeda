// split_particle_bins.cl
//
// Tests: a per-particle step in the style of a Monte Carlo transport code:
// the particle index is built from the group and local IDs, an early return
// drops the padding, and an else-if chain with no final else picks the
// event by the particle's material (energies are read from one buffer and
// written to another): an absorber (material 0) runs a long
// attenuation loop, a scatterer (material 1) rotates its direction; any
// other material only gets the bookkeeping after the chain.  The tally slot
// is the particle's local ID within its work-group.  Helpers compute, but
// never read IDs, so every ID read can be redirected to a listed item.
//
// Expected tdrc action (--transforms=-*,split): split into three parts
// (absorber, scatterer, the rest) and over per-path lists: __list and
// __w0 .. __w2, whose items get their group and local IDs back from their
// position; the kernel itself unchanged.
//
// EXEC: kernel=split_particle_bins global=1000 local=32,64,100
// EXEC: arg mat buf int size=N fill=mix:-1:2
// EXEC: arg energy buf float size=N fill=rand:0:8
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg dir buf float size=2*N fill=rand:-1:1
// EXEC: arg tally buf float size=N fill=zero
// EXEC: arg n val int value=G0

#define STEPS 48

static float attenuate(float e, int steps)
{
    for (int s = 0; s < steps; ++s)
        e = e * 0.97f + 0.01f * (float)(s & 3);
    return e;
}

static float2 rotate(float2 d, float c, float s)
{
    return (float2)(c * d.x - s * d.y, s * d.x + c * d.y);
}

__kernel void split_particle_bins(__global const int *mat, __global const float *energy,
                                  __global float *out,
                                  __global float *dir, __global float *tally, int n)
{
    const int lid = get_local_id(0);
    const int p = get_group_id(0) * get_local_size(0) + lid;
    if (p >= n)
        return;
    const int m = mat[p];
    float e = energy[p];
    if (m == 0) {
        e = attenuate(e, STEPS + (p & 7));
    } else if (m == 1) {
        float2 d = (float2)(dir[2 * p], dir[2 * p + 1]);
        d = rotate(d, 0.8f, 0.6f);
        dir[2 * p] = d.x;
        dir[2 * p + 1] = d.y;
        e *= 0.5f;
    }
    out[p] = e;
    tally[get_group_id(0) * get_local_size(0) + lid] = e + (float)lid;
}
