// Branches in uniform loops after an early return or inside a bounds guard.
#define HEAVY(x) for (int q = 0; q < 40; ++q) x = x * 3 + q

__kernel void rule_loop(__global const int *in, __global const int *rules,
                        __global int *out, int n, int cnt) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int h = in[gid];
  for (int k = 0; k < cnt; ++k) {
    int v = h + rules[k];
    if (v > 0) { HEAVY(h); } else { h = h - v; }
  }
  out[gid] = h;
}

__kernel void guard_loop(__global const int *in, __global int *out, int n,
                         int passes) {
  int gid = get_global_id(0);
  if (gid < n) {
    int h = in[gid];
    for (int s = 0; s < passes; ++s) {
      if (h > 0) { HEAVY(h); } else { h = -h; }
    }
    out[gid] = h;
  }
}

__kernel void counter_written(__global const int *in, __global int *out,
                              int n, int cnt) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int h = in[gid];
  for (int k = 0; k < cnt; ++k) {
    if (h > 0) { HEAVY(h); k++; } else { h = -h; }
  }
  out[gid] = h;
}

__kernel void break_out(__global const int *in, __global int *out, int n,
                        int cnt) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int h = in[gid];
  for (int k = 0; k < cnt; ++k) {
    if (h > 0) { HEAVY(h); } else { h = -h; }
    if (cnt > 7) break;
  }
  out[gid] = h;
}

__kernel void bound_after_return(__global const int *in, __global int *out,
                                 int n) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int m = in[0];
  int h = in[gid];
  for (int k = 0; k < m; ++k) {
    if (h > 0) { HEAVY(h); } else { h = -h; }
  }
  out[gid] = h;
}

__kernel void uniform_if(__global const int *in, __global int *out, int n,
                         int mode) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int h = in[gid];
  if (mode > 1) {
    if (h > 0) { HEAVY(h); } else { h = -h; }
  }
  out[gid] = h;
}
