// loopsplit_track_fit.cl
//
// Tests: a straight-line track fit per particle, as a detector's
// reconstruction runs it: one work-item per track walks the track's hits
// (a data-dependent count from a table; hits and fits are float4 through
// vload4/vstore4) and keeps the fit's sums in a struct, a running maximum of the cumulative charge (a chain:
// the maximum reads the sum), the residual of each hit written out, and a
// global histogram of hit layers (an atomic whose result is unused).  An
// inner loop over the three coordinates sits in one of the groups.
//
// Expected tdrc action (--transforms=-*,loopsplit): the hit loop split
// into two loops: the fit struct; and the charge chain with the residuals
// and the layer histogram (which carry no state, so they join the group
// that carries the least); the hit's declaration repeated in both, the
// inner loop moved whole, and the fit's store moved up between the loops.
//
// EXEC: kernel=loopsplit_track_fit global=300 local=64,100
// EXEC: arg hits buf float size=32*N fill=rand:-1:1
// EXEC: arg count buf int size=N fill=rand:0:8
// EXEC: arg fits buf float size=4*N fill=zero
// EXEC: arg peak buf float size=N fill=zero
// EXEC: arg resid buf float size=8*N fill=zero
// EXEC: arg layers buf uint size=16 fill=zero
// EXEC: arg ntracks val int value=N

typedef struct {
  float sx, sy, sxx, sxy;
} fit_sums;

static float charge_of(float4 h) { return fabs(h.w) * 0.5f + 0.25f; }

__kernel void loopsplit_track_fit(__global const float *restrict hits,
                                  __global const int *restrict count,
                                  __global float *restrict fits,
                                  __global float *restrict peak,
                                  __global float *restrict resid,
                                  __global uint *restrict layers,
                                  int ntracks) {
  int t = get_global_id(0);
  if (t >= ntracks)
    return;
  int n = count[t];
  fit_sums f = {0.0f, 0.0f, 0.0f, 0.0f};
  float q = 0.0f, qmax = 0.0f;
  for (int k = 0; k < n; k++) {
    float4 h = vload4(8 * t + k, hits);
    float z = h.z;
    f.sx += h.x;
    f.sy += h.y;
    f.sxx += h.x * h.x;
    f.sxy += h.x * h.y;
    q += charge_of(h);
    qmax = fmax(qmax, q);
    float r = 0.0f;
    for (int c = 0; c < 3; ++c)
      r += (c == 2 ? z : h.x) * 0.5f;
    resid[8 * t + k] = r - h.y;
    atomic_inc(&layers[(uint)(z * 7.0f + 8.0f) & 15u]);
  }
  vstore4((float4)(f.sx, f.sy, f.sxx, f.sxy), t, fits);
  peak[t] = qmax;
}
