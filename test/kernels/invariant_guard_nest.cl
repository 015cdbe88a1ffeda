// invariant_guard_nest.cl
//
// Tests: a 2-D time-stepped kernel under a bounds guard: each work-item
// classifies its cell once (a material id loaded before the loops), then
// runs `steps` outer time steps and a fixed 3-point inner sweep; the
// material picks one of three update rules (an else-if chain) inside the
// inner loop.  The chain's conditions read only the private `mat`, which
// neither loop changes.
//
// Expected tdrc action: REMAP the chain with one DGI-or-HoT round placed
// before the OUTER loop (the outermost loop the conditions are fixed in),
// inside the guard, which becomes the active predicate.  A width of 1000
// over 1024x8 leaves the last groups in x partly inactive.
//
// EXEC: kernel=invariant_guard_nest global=1024x8 local=16x4,32x2,64x4
// EXEC: arg mats buf int size=N fill=mix:-3:3
// EXEC: arg u buf float size=N fill=rand:-1:1
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg width val int value=1000
// EXEC: arg steps val int value=3

#define IDX(x, y, w) ((y) * (w) + (x))

static float relax(float v, float a) { return v * a + (1.0f - a) * 0.5f; }

__kernel void invariant_guard_nest(__global const int *mats,
                                   __global const float *u,
                                   __global float *out, int width, int steps)
{
  int x = get_global_id(0);
  int y = get_global_id(1);
  if (x < width) {
    int mat = mats[IDX(x, y, width)];
    float v = u[IDX(x, y, width)];
    for (int t = 0; t < steps; ++t) {
      for (int s = -1; s <= 1; ++s) {
        float w = (float)(s + 2) * 0.25f;
        if (mat > 1) {
          for (int k = 0; k < 24; ++k)
            v = relax(v, 0.9f) + w * 0.01f;
        } else if (mat < -1) {
          for (int k = 0; k < 12; ++k)
            v = v * 0.75f - w * 0.125f;
        } else {
          v = v + w;
        }
      }
    }
    out[IDX(x, y, width)] = v;
  }
}
