// invariant_inner_only.cl
//
// Tests: a multi-pass kernel after an ID exit: each outer pass derives a
// new private `level` from the previous pass's result, and an inner loop
// over a small stencil branches on that level.  The level changes in the
// outer loop but not in the inner one.
//
// Expected tdrc action: REMAP the level branch with a round placed before
// the INNER loop (once per pass, not once per stencil point): inside the
// outer loop, which every work-item runs (the active segments are cut
// around it, UniformNest.cpp).  Global 1000 leaves the last work-group
// partly inactive.
//
// EXEC: kernel=invariant_inner_only global=1000 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N
// EXEC: arg passes val int value=3

#define STENCIL 4

__kernel void invariant_inner_only(__global const int *in, __global int *out,
                                   int n, int passes)
{
  int gid = get_global_id(0);
  if (gid >= n)
    return;
  int acc = in[gid];
  for (int p = 0; p < passes; ++p) {
    int level = (acc >> 2) & 3;
    for (int s = 0; s < STENCIL; ++s) {
      if (level >= 2) {
        for (int k = 0; k < 20; ++k)
          acc = (acc * 5 + k + s) % 10007;
      } else {
        acc = (acc + s) % 10007;
      }
    }
  }
  out[gid] = acc;
}
