// guard_code_after_2d.cl
//
// Found by the random generator (test/gen/run_gen.sh; kernels g1122_815,
// g1122_2254, g1122_2405 of a run with an intermediate version of kgen.py,
// where the guard was `if (gid % 5 == 0) {...}` / `if (gid % 2 == 0) {...}`
// followed by code that every work-item runs; reduced with reduce.py --mode
// mismatch, then rewritten by hand into this realistic form).
//
// A bounds guard `if (x < w && y < h) {...}` whose body holds a data branch,
// FOLLOWED by code that every work-item runs (here: a work-group reduction
// through __local memory). tdrc remaps the inner branch with the guard as the
// active predicate. After the round only ACTIVE work-items take the
// logical IDs (`if (tdr_active) { x = ...; y = ...; lid = ...; }` in the
// hand-over); an inactive work-item keeps its own physical x/y/lid although
// the slot it now holds belongs to another logical work-item. In 1-D with
// `gid < n` the inactive items are the last slots both before and after the
// round, so they only swap among themselves and nothing shows; in 2-D (and
// with any ID guard whose inactive items are not the tail of the group, such
// as `gid % 5 == 0`) an ACTIVE physical work-item can land in an inactive
// slot: it then writes tile[lid] with its stale lid, the same slot as the
// work-item that now carries its logical ID, and one slot of tile is never
// written. Result: wrong sums on PoCL, and Oclgrind reports "Write-write
// data race at local memory" and "Uninitialized value written to global
// memory" on the rewritten kernel (none on the original).
//
// Expected: bit-identical output, no Oclgrind report (every work-item takes
// its logical IDs and migrated state after a round, active or not -- or
// decline when code after the guard uses them).
//
// EXEC: kernel=guard_code_after_2d global=60x30 local=8x4,16x8,16x16 seeds=1
// EXEC: arg in buf float size=N fill=mix:-8:8
// EXEC: arg gsum buf float size=64 fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

__kernel void guard_code_after_2d(__global const float *in, __global float *gsum, int w,
                                  int h)
{
    __local float tile[256];
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    int lid = (int)(get_local_id(1) * get_local_size(0) + get_local_id(0));
    int lsz = (int)(get_local_size(0) * get_local_size(1));
    float r = 0.0f;
    if (x < w && y < h) {
        float v = in[y * w + x];
        if (v > 0.0f)
            r = v * 2.0f;
        else
            r = 1.0f - v;
    }
    tile[lid] = r;
    barrier(CLK_LOCAL_MEM_FENCE);
    if (lid == 0) {
        float s = 0.0f;
        for (int i = 0; i < lsz; ++i)
            s += tile[i];
        gsum[get_group_id(1) * get_num_groups(0) + get_group_id(0)] = s;
    }
}
