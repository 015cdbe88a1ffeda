// Loop splitting regression (was an internal error: overlapping edits): the
// statements after a split loop that move up include a second loop, which
// the planner then split too; it now moves whole, unsplit.
// EXEC: kernel=lsreg_consecutive_loops global=96 local=32
// EXEC: arg a buf float size=N*8 fill=rand:-2:2
// EXEC: arg b buf float size=N*8 fill=rand:-2:2
// EXEC: arg out buf float size=4*N fill=zero
// EXEC: arg n val int value=8
__kernel void lsreg_consecutive_loops(__global const float *restrict a, __global const float *restrict b,
                  __global float *restrict out, int n) {
  int i = get_global_id(0);
  float s = 0.0f, t = 0.0f, u = 0.0f, v = 0.0f;
  for (int k = 0; k < n; ++k) {
    s += a[i * n + k];
    t += b[i * n + k];
  }
  out[4 * i] = s;
  for (int k = 0; k < n; ++k) {
    u += s * a[i * n + k];
    v = fmax(v, b[i * n + k]);
  }
  out[4 * i + 1] = t;
  out[4 * i + 2] = u;
  out[4 * i + 3] = v;
}
