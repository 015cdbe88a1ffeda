// guard_state_dead_inside.cl
//
// Found by the random generator (test/gen/run_gen.sh, seed 2211, kernel
// g2211_8951 of the 10,000-kernel run, `--force`; reduced by hand).
//
// An ID guard `if (lid < 40) {...}` holds a data branch and, after it, an
// assignment `x0 = p;` that every path through the guard reaches.  For the
// ACTIVE work-items x0 is therefore dead at the branch, and tdrc's liveness
// (live on entry to the branch's paths) did not migrate it.  But the round
// moves the INACTIVE work-items too (they take the last slots), and they skip
// from the remap point to the guard's end, where x0 is live: the work-item
// now carrying an inactive logical ID wrote another work-item's x0.  Result:
// wrong `out` on PoCL and Oclgrind (0 of 0 before the fix: 704 of 2048
// elements of g2211_8951 differed).
//
// Expected: bit-identical output (what is live after the guard moves too).
//
// EXEC: kernel=guard_state_dead_inside global=64x16 local=16x8,8x4,16x16 seeds=2
// EXEC: arg in buf float size=N fill=mix:-8:8
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg p val int value=7

__kernel void guard_state_dead_inside(__global const float *in, __global int *out, int p)
{
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    int idx = y * (int)get_global_size(0) + x;
    int lid = (int)(get_local_id(1) * get_local_size(0) + get_local_id(0));
    float v = in[idx];
    int x0 = idx * 3 + 1;
    if (lid < 40) {
        if (v > 0.0f)
            v = v * 2.0f;
        else
            v = 1.0f - v;
        x0 = p;
    }
    out[idx] = x0 ^ (int)v;
}
