// Self-test for tdr_exec: differs_rewritten.cl drops the negation on the
// false side of the branch, so tdr_exec must report a MISMATCH and exit 1.
// EXEC: kernel=abs_scale global=300 local=32,128 seeds=1
// EXEC: arg x buf int size=N fill=mix:-20:20
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N
__kernel void abs_scale(__global const int *x, __global int *out, int n) {
  int i = get_global_id(0);
  if (i < n)
    out[i] = x[i] > 0 ? x[i] * 2 : -x[i];
}
