// Loop splitting regression (was a mismatch, found by kgen_loopsplit.py): `for (; k < n; ++k)` with k set before the loop: the first split loop leaves k at n, so every later loop runs no iteration (a header without an initialisation of its induction variable cannot run once per loop).
// EXEC: kernel=lsreg_header_empty_init global=64 local=16
// EXEC: arg in buf int size=N fill=rand:-50:50
// EXEC: arg out buf int size=2*N fill=zero
// EXEC: arg n val int value=6
__kernel void lsreg_header_empty_init(__global const int *restrict in,
                                __global int *restrict out, int n) {
  int i = get_global_id(0);
  int s = 0, c = 0, k = in[i] & 3;
  for (; k < n; ++k) {
    s += k;
    c += 2 * k;
  }
  out[2 * i] = s;
  out[2 * i + 1] = c;
}
