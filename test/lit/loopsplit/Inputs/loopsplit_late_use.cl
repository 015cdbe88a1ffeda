// Two independent sums whose results are combined after the loop.
__kernel void late_use(__global const float *restrict a, __global float *restrict o, int n) {
  int i = get_global_id(0);
  float s = 0.0f, t = 0.0f;
  for (int k = 0; k < n; k++) {
    s += a[i * n + k];
    t += a[i * n + k] * a[k];
  }
  o[i] = s * t;
}
