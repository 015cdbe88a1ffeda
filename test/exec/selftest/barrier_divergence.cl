// Self-test for oclgrind_check.sh: the barrier sits inside the bounds guard.
// global=100 is not a multiple of the local size, so in the last work-group
// only some work-items reach the barrier. Oclgrind must report divergence.
// EXEC: kernel=guarded_barrier global=100 local=16,32
// EXEC: arg in buf int size=N fill=mix:-9:9
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg tmp local int size=L
// EXEC: arg n val int value=N
__kernel void guarded_barrier(__global const int *in, __global int *out, __local int *tmp, int n) {
  int gid = get_global_id(0), lid = get_local_id(0);
  if (gid < n) {
    tmp[lid] = in[gid] > 0 ? in[gid] : 0;
    barrier(CLK_LOCAL_MEM_FENCE); /* BUG (planted): not reached by all work-items */
    out[gid] = tmp[lid] * 2;
  }
}
