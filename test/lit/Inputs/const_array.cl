// Const and initialised arrays live across a remap after an early return.
__kernel void const_live(__global const int *in, __global int *out, int n) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  const int d[4] = { in[gid], in[gid] + 1, gid, 7 };
  int h = in[gid];
  if (h > 0) { for (int i = 0; i < 40; ++i) h = h * 3 + d[i & 3]; } else { h = -h + d[2]; }
  out[gid] = h + d[0];
}

// Two dimensions: no element-wise copy, declined.
__kernel void two_dims(__global const int *in, __global int *out, int n) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int m[2][2] = { { in[gid], 1 }, { 2, 3 } };
  int h = in[gid];
  if (h > 0) { for (int i = 0; i < 40; ++i) h = h * 3 + m[i & 1][1]; } else { h = -h; }
  out[gid] = h + m[0][0];
}
