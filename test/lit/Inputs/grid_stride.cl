// Grid-stride loops with the work-item's global ID as the first item;
// lines are referenced by remap/grid-stride.test.
#define HEAVY(v, acc) for (int k = 0; k < 64; ++k) acc += sin(v * k)
__kernel void classic(__global const float *a, __global float *b, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    float v = a[i], acc = 0.0f;
    if (v > 0.5f) { HEAVY(v, acc); } else { acc = v * 0.5f; }
    b[i] = acc;
  }
}
__kernel void size_t_counter(__global const int *a, __global int *b, uint n) {
  for (size_t i = get_global_id(0); i < n; i += get_local_size(0) * get_num_groups(0)) {
    int v = a[i], r = 0;
    if (v & 1) { for (int k = 0; k < 64; ++k) r += (v * k) ^ k; } else { r = v >> 1; }
    b[i] = r;
  }
}
// A continue on the data: the remap still cannot take the branch, and the
// loop stays as it was written.
__kernel void no_gain(__global const int *a, __global int *b, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    int v = a[i], r = 0;
    if (v < -90) continue;
    if (v & 1) { for (int k = 0; k < 64; ++k) r += (v * k) ^ k; } else { r = v >> 1; }
    b[i] = r;
  }
}
// Not grid-stride loops this rewrite knows: the counter written in the
// body, a stride from a parameter (maybe not positive), a bound the kernel
// writes.
__kernel void counter_written(__global const int *a, __global int *b, int n) {
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    int v = a[i], r = 0;
    if (v & 1) { for (int k = 0; k < 64; ++k) r += (v * k) ^ k; } else { r = v >> 1; }
    b[i] = r;
    if (r == 7) i += 1;
  }
}
__kernel void param_stride(__global const int *a, __global int *b, int n, int step) {
  for (int i = get_global_id(0); i < n; i += step) {
    int v = a[i], r = 0;
    if (v & 1) { for (int k = 0; k < 64; ++k) r += (v * k) ^ k; } else { r = v >> 1; }
    b[i] = r;
  }
}
__kernel void bound_written(__global const int *a, __global int *b, int n) {
  n = n - 1;
  for (int i = get_global_id(0); i < n; i += get_global_size(0)) {
    int v = a[i], r = 0;
    if (v & 1) { for (int k = 0; k < 64; ++k) r += (v * k) ^ k; } else { r = v >> 1; }
    b[i] = r;
  }
}
