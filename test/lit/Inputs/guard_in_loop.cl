// A bounds guard in the body of a uniform loop (a grid-stride loop written
// with a base the work-group shares); lines are referenced by
// remap/guard-in-loop.test.
__kernel void stride_for(__global const float *a, __global float *b, int n) {
  for (int base = get_group_id(0) * get_local_size(0); base < n; base += get_global_size(0)) {
    int i = base + get_local_id(0);
    if (i < n) {
      float v = a[i];
      if (v > 0.5f) { b[i] = sin(v) * cos(v); } else { b[i] = v * 0.5f; }
    }
  }
}
__kernel void stride_while(__global const int *a, __global int *b, int n) {
  int base = get_group_id(0) * get_local_size(0);
  while (base < n) {
    int i = base + get_local_id(0);
    if (i < n) {
      int v = a[i];
      if (v & 1) { b[i] = v * 3; } else { b[i] = v >> 1; }
    }
    base += get_global_size(0);
  }
}
// The classic grid-stride header (tdrc rewrites it into the form above).
__kernel void stride_by_id(__global const int *a, __global int *b, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    int v = a[i];
    if (v & 1) { b[i] = v * 3; } else { b[i] = v >> 1; }
  }
}
// A loop whose bound is loaded: not the same for every work-item.
__kernel void loaded_bound(__global const int *a, __global int *b, int n) {
  for (int r = 0; r < a[get_global_id(0)] % 4; ++r) {
    int i = get_global_id(0);
    if (i < n) {
      int v = a[i] + r;
      if (v & 1) { b[i] = v * 3; } else { b[i] = v >> 1; }
    }
  }
}
// The guard is not the loop body's own statement: it sits under an if.
__kernel void guard_under_if(__global const int *a, __global int *b, int n, int mode) {
  for (int base = get_group_id(0) * get_local_size(0); base < n; base += get_global_size(0)) {
    int i = base + get_local_id(0);
    if (mode > 0) {
      if (i < n) {
        int v = a[i];
        if (v & 1) { b[i] = v * 3; } else { b[i] = v >> 1; }
      }
    }
  }
}
// A continue in the guard that leaves the loop's iteration early.
__kernel void continue_in_guard(__global const int *a, __global int *b, int n, int skip) {
  for (int base = get_group_id(0) * get_local_size(0); base < n; base += get_global_size(0)) {
    int i = base + get_local_id(0);
    if (i < n) {
      if (skip) continue;
      int v = a[i];
      if (v & 1) { b[i] = v * 3; } else { b[i] = v >> 1; }
    }
  }
}
// A uniform return in the guard: only the active work-items take it, the
// others would meet the next iteration's round alone.
__kernel void return_in_guard(__global const int *a, __global int *b, int n, int stop) {
  for (int base = get_group_id(0) * get_local_size(0); base < n; base += get_global_size(0)) {
    int i = base + get_local_id(0);
    if (i < n) {
      int v = a[i];
      if (v & 1) { b[i] = v * 3; } else { b[i] = v >> 1; }
      if (stop) return;
    }
  }
}
// A uniform break after the guard: every work-item leaves together.
__kernel void break_after_guard(__global const int *a, __global int *b, int n, int passes) {
  for (int base = get_group_id(0) * get_local_size(0); base < n; base += get_global_size(0)) {
    int i = base + get_local_id(0);
    if (i < n) {
      int v = a[i];
      if (v & 1) { b[i] = v * 3; } else { b[i] = v >> 1; }
    }
    if (base >= passes * (int)get_global_size(0)) break;
  }
}
