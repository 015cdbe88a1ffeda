// Loops the loopsplit transform leaves alone, one reason a kernel.
#define ACC2(a, b, v) a += (v); b += (v) * (v)
__kernel void jumps(__global const float *restrict a, __global float *restrict o, int n) {
  float s = 0.0f, t = 0.0f;
  for (int k = 0; k < n; k++) {
    if (a[k] < 0.0f) break;
    s += a[k];
    t += 2.0f * a[k];
  }
  for (int k = 0; k < n; k++) {
    if (a[k] < 0.0f) continue;
    s += a[k];
    t += 2.0f * a[k];
  }
  o[get_global_id(0)] = s + t;
}
__kernel void meets(__global const float *restrict a, __global float *restrict o, int n) {
  __local float tile[64];
  float s = 0.0f, t = 0.0f;
  for (int k = 0; k < n; k++) {
    tile[get_local_id(0)] = a[k];
    barrier(CLK_LOCAL_MEM_FENCE);
    s += tile[0];
    t += a[k];
  }
  o[get_global_id(0)] = s + t;
}
__kernel void bound(__global const float *restrict a, __global int *restrict cnt, __global float *restrict o, int n) {
  float s = 0.0f, t = 0.0f;
  for (int k = 0; k < n; k++) {
    s += a[k];
    t += a[k] * a[k];
    if (t > 4.0f) n--;
  }
  int i = get_global_id(0);
  for (int k = 0; k < cnt[i]; k++) {
    s += a[k];
    cnt[i + 1] = k;
  }
  o[i] = s + t;
}
__kernel void chained(__global const float *restrict a, __global float *o, __global float *p, int n) {
  float acc = 0.0f, m = 0.0f;
  int i = get_global_id(0);
  for (int k = 0; k < n; k++) {
    acc += a[i * n + k];
    m = fmax(m, acc);
  }
  for (int k = 0; k < n; k++) {
    o[i * n + k] = m;
    p[i * n + k] = acc;
  }
  o[i] = m;
}
__kernel void hinted(__global const float *restrict a, __global float *restrict o, int n) {
  float s = 0.0f, t = 0.0f;
  __attribute__((opencl_unroll_hint(2)))
  for (int k = 0; k < n; k++) {
    s += a[k];
    t += a[k] * a[k];
  }
  for (int k = 0; k < n; k++) {
#ifdef SQUARES
    t += a[k] * a[k];
#endif
    s += a[k];
    t += 1.0f;
  }
  for (int k = 0; k < n; k++) {
    printf("%f\n", s);
    t += a[k];
  }
  o[get_global_id(0)] = s + t;
}
__kernel void stateless(__global const float *restrict a, __global float *restrict lo,
                        __global float *restrict hi, int n) {
  int i = get_global_id(0);
  for (int k = 0; k < n; k++) {
    float v = a[i * n + k];
    lo[i * n + k] = v < 0.5f ? v : 0.0f;
    hi[i * n + k] = v >= 0.5f ? v : 0.0f;
  }
  float s = 0.0f, t = 0.0f;
  for (int k = 0; k < n; k++) {
    ACC2(s, t, a[k]);
    t *= 0.5f;
  }
  lo[i] = s + t;
}
__kernel void headers(__global const int *restrict in, __global int *restrict out, int n) {
  int i = get_global_id(0);
  int s = 0, c = 0, k = in[i] & 3, j = in[i];
  for (; k < n; ++k) {
    s += k;
    c += 2 * k;
  }
  for (int m = 0; m < n; ++m, j += 2) {
    s += j;
    c += m;
  }
  for (k = k + 1; k < n; ++k) {
    s += k;
    c -= k;
  }
  out[i] = s + c + j;
}
__kernel void escapes(__global const int *restrict in, __global int *restrict out, int n) {
  int i = get_global_id(0);
  int arr[4] = {0, 0, 0, 0};
  int *pa = arr;
  int s = 0, c = 0;
  for (int k = 0; k < n; ++k) {
    s += arr[k & 3];
    c += k;
    pa[(in[i] + k) & 3] += c;
  }
  out[i] = s + c;
}
