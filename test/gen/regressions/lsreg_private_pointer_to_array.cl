// Loop splitting regression (was a mismatch, found by kgen_loopsplit.py): a store through a private pointer to a private array (`int *pa = arr; pa[j] += c;`) is recorded as writing neither pa's target arr nor memory (MemoryRoots traces pa to arr, a private object, and stops), so the statement reading arr is split away from it.
// EXEC: kernel=lsreg_private_pointer_to_array global=64 local=16
// EXEC: arg in buf int size=N fill=rand:-50:50
// EXEC: arg out buf int size=2*N fill=zero
// EXEC: arg n val int value=6
__kernel void lsreg_private_pointer_to_array(__global const int *restrict in,
                                       __global int *restrict out, int n) {
  int i = get_global_id(0);
  int arr[4] = {0, 0, 0, 0};
  int *pa = arr;
  int s = 0, c = 0;
  for (int k = 0; k < n; ++k) {
    s += arr[k & 3];
    c += k;
    pa[(in[i] + k) & 3] += c;
  }
  out[2 * i] = s;
  out[2 * i + 1] = c;
}
