// Loop splitting regression (not a wrong result, found by kgen_loopsplit.py): with --force, a loop with one stateful group and a stateless store group is "split into 1 loops": mergeStatelessGroups folds the store back and the planner goes on (explained as remapped, marker written, the kernel counted as changed) instead of declining.
// EXEC: kernel=lsreg_split_into_one_loop global=64 local=16
// EXEC: arg in buf float size=N+16 fill=rand:-8:8
// EXEC: arg kout buf float size=16*N fill=zero
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg n val int value=6
__kernel void lsreg_split_into_one_loop(__global const float *restrict in,
                                  __global float *restrict kout,
                                  __global float *restrict out, int n) {
  int i = get_global_id(0);
  float s = 0.0f;
  for (int k = 0; k < n; ++k) {
    s += in[i + k];
    kout[16 * i + k] = in[i + k] * 2.0f;
  }
  out[i] = s;
}
