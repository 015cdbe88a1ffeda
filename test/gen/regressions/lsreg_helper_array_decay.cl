// Loop splitting regression (was a mismatch, found by kgen_loopsplit.py): a private array passed to a helper as itself (`bump(arr, ...)`, decayed to a pointer) is not recorded as written (only `&arr[0]` or `&x` are), so the statement reading arr goes to a loop of its own that runs before the writes.
// EXEC: kernel=lsreg_helper_array_decay global=64 local=16
// EXEC: arg in buf int size=N fill=rand:-50:50
// EXEC: arg out buf int size=2*N fill=zero
// EXEC: arg n val int value=6
static int bump(int *a, int v) { a[v & 3] += v; return v & 1; }
__kernel void lsreg_helper_array_decay(__global const int *restrict in,
                                 __global int *restrict out, int n) {
  int i = get_global_id(0);
  int arr[4] = {0, 0, 0, 0};
  int s = 0, c = 0;
  for (int k = 0; k < n; ++k) {
    s += arr[k & 3];
    c += bump(arr, in[i] + k);
  }
  out[2 * i] = s;
  out[2 * i + 1] = c;
}
