// Self-test for oclgrind_check.sh: a work-group reduction that is missing the
// barrier inside its loop, so work-items read tmp[] slots that others write in
// the same barrier interval (a local-memory data race). Must be reported.
// EXEC: kernel=sum_no_barrier global=100 local=16,32
// EXEC: arg in buf int size=N fill=rand:0:9
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg tmp local int size=L
// EXEC: arg n val int value=N
__kernel void sum_no_barrier(__global const int *in, __global int *out, __local int *tmp, int n) {
  int gid = get_global_id(0), lid = get_local_id(0);
  tmp[lid] = gid < n ? in[gid] : 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int s = get_local_size(0) / 2; s > 0; s >>= 1) {
    if (lid < s)
      tmp[lid] += tmp[lid + s];
    /* BUG (planted): barrier(CLK_LOCAL_MEM_FENCE) missing here. */
  }
  barrier(CLK_LOCAL_MEM_FENCE);
  if (gid < n)
    out[gid] = tmp[0];
}
