// grid_stride_guard.cl
//
// Tests: a grid-stride loop in the form that hands out whole work-groups of
// items, `for (base = group * size; base < n; base += global size)` with
// `i = base + lid` and a bounds guard `if (i < n)` in its body (a reduction
// of particle energies: each work-item sums the items it visits). The
// loop's trip count is the same for every work-item of a group, so the
// guard becomes the active predicate of each iteration and the round meets
// every work-item there. The items' order per work-item (the float sum)
// must stay as it was: the running sum moves with its logical work-item.
//
// Expected tdrc action: REMAP the branch on the particle's kind (with the
// cutoff test nested in it, as a path vector) inside the guard, in every
// iteration (n = 2 global sizes and a half group: the last iteration leaves
// part of the group inactive).
//
// EXEC: kernel=grid_stride_guard global=256 local=32,64,128
// EXEC: arg kind buf int size=3*N fill=mix:-40:40
// EXEC: arg pos buf float size=3*N fill=rand:-2:2
// EXEC: arg energy buf float size=3*N fill=zero
// EXEC: arg partial buf float size=N fill=zero
// EXEC: arg n val int value=2*N+128

#define CUTOFF 1.5f
#define STEPS 64

static float lj_energy(float r)
{
    float s = 0.0f;
    for (int k = 1; k <= STEPS; ++k) {
        float rk = r + 0.05f * (float)k;
        float i6 = 1.0f / (rk * rk * rk * rk * rk * rk + 1.0f);
        s += 4.0f * (i6 * i6 - i6);
    }
    return s;
}

__kernel void grid_stride_guard(__global const int *kind,
                                __global const float *pos,
                                __global float *energy,
                                __global float *partial, int n)
{
    float sum = 0.0f;
    for (int base = (int)(get_group_id(0) * get_local_size(0)); base < n;
         base += (int)get_global_size(0)) {
        int i = base + (int)get_local_id(0);
        if (i < n) {
            float r = fabs(pos[i]);
            float e;
            if (kind[i] > 0) {
                e = lj_energy(r);
                if (r > CUTOFF)
                    e *= 0.5f;
            } else {
                e = -0.25f * r;
            }
            energy[i] = e;
            sum += e;
        }
    }
    partial[get_global_id(0)] = sum;
}
