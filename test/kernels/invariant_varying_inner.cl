// invariant_varying_inner.cl
//
// Tests: a sparse-row kernel in the style of CSR SpMV with a per-row mode:
// each work-item owns a row, loads its mode flag once, and walks its
// row's entries in a loop whose trip count depends on the data; the mode
// picks a cheap or an expensive per-entry transform.  A round at the
// branch cannot be placed (a barrier in a loop whose trip count varies by
// work-item); the mode never changes in the row loop.
//
// Expected tdrc action: REMAP the mode branch with one round placed before
// the row loop, which is legal (the barrier is outside it); the row loop
// itself stays divergent.
//
// EXEC: kernel=invariant_varying_inner global=512 local=32,64,128
// EXEC: arg modes buf int size=N fill=mix:-10:10
// EXEC: arg lens buf int size=N fill=rand:0:24
// EXEC: arg vals buf float size=N fill=rand:-1:1
// EXEC: arg out buf float size=N fill=zero

__kernel void invariant_varying_inner(__global const int *modes,
                                      __global const int *lens,
                                      __global const float *vals,
                                      __global float *out)
{
  int row = get_global_id(0);
  int n = get_global_size(0);
  int mode = modes[row];
  int len = lens[row];
  float acc = 0.0f;
  for (int j = 0; j < len; ++j) {
    float a = vals[(row + j * 7) % n];
    if (mode > 0) {
      for (int k = 0; k < 16; ++k)
        a = a * 0.5f + sin(a) * 0.25f;
      acc += a;
    } else {
      acc += a * 0.5f;
    }
  }
  out[row] = acc;
}
