// changed_then_macro.cl
//
// Tests: a kernel that tdrc changes without unfolding any macro (its first
// if/else is remapped or melded), whose second divergent branch is spelled
// in a statement macro (`SLOW_PATH(v, acc)`, an if/else with a long loop
// on each side), as hashcat's melded kernels keep their compare macros.
//
// Expected tdrc action: the macro is unfolded although the first parse
// already changed the kernel, and the unfolded parse is taken because it
// changes more: both branches REMAP (--force).  Global 1000 leaves the
// last work-group partly inactive.
//
// EXEC: kernel=changed_then_macro global=1000 local=32,64,256
// EXEC: arg in buf int size=N fill=mix:-50:50
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg n val int value=N

#define SLOW_PATH(v, acc)                                    \
  if ((v) > 0) {                                             \
    for (int k = 0; k < 64; ++k) acc = acc * 3u + (uint)k;   \
  } else {                                                   \
    for (int k = 0; k < 64; ++k) acc = (acc >> 1) ^ (uint)k; \
  }

__kernel void changed_then_macro(__global const int *in, __global uint *out,
                                 int n)
{
  int i = get_global_id(0);
  if (i >= n) return;
  int v = in[i];
  uint acc = (uint)i;
  if (v & 1) {
    acc = acc * 5u + (uint)v;
  } else {
    acc = acc * 7u + (uint)v;
  }
  SLOW_PATH(v, acc)
  out[i] = acc;
}
