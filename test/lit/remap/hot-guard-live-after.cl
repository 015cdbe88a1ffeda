// RUN: tdrc --force --explain %s -o %t.cl 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: FileCheck %s --input-file %t.cl
// Inactive work-items of a guard move with the round and skip to the guard's
// end, so what is live there moves too: `x0` is overwritten on every path
// through the guard (dead at the branch for the active ones) but read after
// it (test/gen/regressions/guard_state_dead_inside.cl runs this shape).
__kernel void guard_live_after(__global const float *in, __global int *out, int p)
{
    int gid = get_global_id(0);
    float v = in[gid];
    int x0 = gid * 3 + 1;
    if (get_local_id(0) < 40) {
        if (v > 0.0f)
            v = v * 2.0f;
        else
            v = 1.0f - v;
        x0 = p;
    }
    out[gid] = x0 ^ (int)v;
}
// EXPLAIN: {{.*}}:13:9: remapped: {{.*}}; bounds guard at 12:5 becomes the active predicate; migrates 'v', 'x0'; {{.*}}
// CHECK:        tdr_mig_int[0][tdr_pos] = x0;
// CHECK:        x0 = tdr_mig_int[0][tdr_plid];
