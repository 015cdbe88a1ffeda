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

// A statement macro's unfolded braces: a bare block around the branch is cut
// around like a loop (skipping it would close its brace, not the segment's).
__kernel void bare_block(__global const int *in, __global int *out, int n) {
  int gid = get_global_id(0);
  if (gid < n) {
    int h = in[gid];
    {
      int t = h & 7;
      if (t > 3) { HEAVY(h); } else { h = h - t; }
    }
    out[gid] = h;
  }
}

// A break that leaves the bare block's loop: declined.
__kernel void bare_block_break(__global const int *in, __global int *out,
                               int n, int cnt) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int h = in[gid];
  for (int k = 0; k < cnt; ++k) {
    {
      if (h > 0) { HEAVY(h); } else { h = -h; }
      if (cnt > 100) break;
    }
  }
  out[gid] = h;
}

// A data switch in a uniform loop: its breaks end the switch, not the loop.
__kernel void switch_in_loop(__global const int *in, __global int *out,
                             int cnt) {
  int gid = get_global_id(0);
  int h = in[gid];
  for (int k = 0; k < cnt; ++k) {
    switch ((h + k) & 3) {
    case 0: HEAVY(h); break;
    case 1: h = h * 5 + k; break;
    default: h = h - 1; break;
    }
  }
  out[gid] = h;
}

// A thread-dependent break cuts a uniform switch's case short: the branch
// after it is not reached by every work-item.
__kernel void switch_cut_short(__global const int *in, __global int *out,
                               int mode) {
  int gid = get_global_id(0);
  int h = in[gid];
  switch (mode) {
  case 0:
    if (h > 9) break;
    if (h > 2) { HEAVY(h); } else { h = -h; }
    break;
  default:
    h = 0;
  }
  out[gid] = h;
}

// A loop bound set from parameters before the guard is the same for every
// work-item; one set from the ID is not.
__kernel void bound_from_local(__global const int *in, __global int *out,
                               int n, int cnt) {
  int gid = get_global_id(0);
  const int rounds = cnt + 1;
  int lim = gid % 3;
  if (gid < n) {
    int h = in[gid];
    for (int r = 0; r < rounds; ++r) {
      if (h > 0) { HEAVY(h); } else { h = -h + r; }
    }
    for (int r = 0; r < lim; ++r) {
      if (h > 5) { HEAVY(h); } else { h = -h + r; }
    }
    out[gid] = h;
  }
}

// A uniform if holding a loop that holds the branch: the loop would run for
// the arm not taken if the if were cut, so it is not.
__kernel void if_around_loop(__global const int *in, __global int *out, int n,
                             int mode, int cnt) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int h = in[gid];
  if (mode > 1) {
    for (int k = 0; k < cnt; ++k) {
      int v = in[(gid + k) % n];
      if (v > 0) { HEAVY(h); } else { h = h - v; }
    }
  }
  out[gid] = h;
}

// Two uniform ifs around the branch, the inner one's else arm holding it, in
// a uniform loop: both flags are declared before the outer if.
__kernel void else_arm_nested(__global const int *in, __global int *out, int n,
                              int mode, int cnt) {
  int gid = get_global_id(0);
  if (gid >= n) return;
  int h = in[gid];
  for (int k = 0; k < cnt; ++k) {
    if (mode > 0) {
      if ((k & 1) == 0) {
        h = h + k;
      } else {
        int v = in[(gid + k) % n];
        if (v > 0) { HEAVY(h); } else { h = h - v; }
        h = h + v;
      }
    }
  }
  out[gid] = h;
}
