// Loop splitting regression (was a mismatch, found by kgen_loopsplit.py): `++k, j += 2` steps j, declared before the loop, in every split loop: the second loop reads j from where the first left it and j ends 2*n too far (the header may write only variables its init re-initialises).
// EXEC: kernel=lsreg_header_increment_outside_var global=64 local=16
// EXEC: arg in buf int size=N fill=rand:-50:50
// EXEC: arg out buf int size=3*N fill=zero
// EXEC: arg n val int value=6
__kernel void lsreg_header_increment_outside_var(__global const int *restrict in,
                                           __global int *restrict out, int n) {
  int i = get_global_id(0);
  int s = 0, c = 0, j = in[i];
  for (int k = 0; k < n; ++k, j += 2) {
    s += j;
    c += k;
  }
  out[3 * i] = s;
  out[3 * i + 1] = c;
  out[3 * i + 2] = j;
}
