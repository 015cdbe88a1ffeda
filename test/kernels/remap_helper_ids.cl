// remap_helper_ids.cl
//
// Tests: a particle-kind update whose helpers read work-item IDs, as real
// kernels' indexing helpers do: `particle()` returns the global ID,
// `lane_jitter()` reads the local ID and calls `particle()`.  A bounds guard
// returns early; the branch on the loaded kind has two long integer paths,
// one calling `lane_jitter()` inside its loop; the result is written
// through `particle()` after the branch.  2-D-free, 1-D range with partial
// work-groups.
//
// Expected tdrc action (default): the branch is remapped (Head-or-Tail);
// `particle` and `lane_jitter` are cloned before the kernel as
// `particle__tdr_remap_helper_ids` and `lane_jitter__tdr_remap_helper_ids`,
// taking the logical global and local IDs (tdr_gid0, tdr_lid0), and the
// remapped kernel's calls call the clones; the fallback and the kept
// original call the helpers as they were.
//
// EXEC: kernel=remap_helper_ids global=1000 local=64,128,256
// EXEC: arg kind buf int size=N fill=mix:-40:40
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

#define STEPS 48

static int particle(void) { return (int)get_global_id(0); }

/* A per-lane nudge: lanes of a work-group differ, particles too. */
static int lane_jitter(int v) {
    return (v + (int)get_local_id(0) % 7 + particle() % 3) % 7919;
}

__kernel void remap_helper_ids(__global const int *kind, __global int *out,
                               int n) {
    const int i = get_global_id(0);
    if (i >= n)
        return;
    int v = kind[i];
    if (v > 0) {
        for (int s = 0; s < STEPS; ++s)
            v = lane_jitter((v * 3 + s) % 7919);
    } else {
        for (int s = 0; s < STEPS; ++s)
            v = (v * 5 + s) % 6007;
    }
    out[particle()] = v;
}
