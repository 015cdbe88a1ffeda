// Kernels for benchmarks/loopsplit: loops whose statements keep independent
// state, the shape loop splitting (Carrillo, Siegel & Li, CF'09) targets.
//
// neighbour_moments: per particle, one pass over every particle (all
// threads read the same one at a time: broadcast loads, cached) keeping
// five kinds of state: the force (3 words), the potential, the moments of
// the neighbourhood up to the quadrupole (1 + 3 + 6 words), the nearest
// neighbour (distance and index) and a count within the cutoff.  Heavy
// state, cheap loads: where splitting can pay.
//
// column_stats: per column of a matrix (coalesced across threads), the
// sum, the sum of squares, the extremes and a count, one load per element.
// Light state, a load per step that every loop repeats: where it should
// not pay (the launch-time measurement keeps the original).
//
// feature_banks_40 / feature_banks_96: per item, a pass over its samples
// (coalesced) feeding three banks of 40 or 96 accumulators each, held in
// registers (every index constant after unrolling): a polynomial bank, a
// wave bank and a peak bank, each stored right after the pass.  The heavy
// state of register-bound code, and at 96 x 3 words more than the 255
// registers a thread may have: the original spills.
// No include guard: the driver includes each rewrite in a namespace.

#define SOFTENING 1e-3f
#define CUTOFF2 0.04f

__device__ inline float inv_dist(float r2) { return rsqrtf(r2 + SOFTENING); }

__global__ void neighbour_moments(const float4 *__restrict__ pos, int n,
                                  float *__restrict__ force,
                                  float *__restrict__ moments,
                                  float *__restrict__ nearest,
                                  int *__restrict__ within) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float4 p = pos[i];
  float fx = 0.0f, fy = 0.0f, fz = 0.0f, pot = 0.0f;
  float m0 = 0.0f, dx = 0.0f, dy = 0.0f, dz = 0.0f;
  float qxx = 0.0f, qyy = 0.0f, qzz = 0.0f, qxy = 0.0f, qxz = 0.0f, qyz = 0.0f;
  float dmin = 1e30f;
  int jmin = -1, close = 0;
  for (int j = 0; j < n; ++j) {
    const float4 q = pos[j];
    const float rx = q.x - p.x, ry = q.y - p.y, rz = q.z - p.z;
    const float r2 = rx * rx + ry * ry + rz * rz;
    const float inv = inv_dist(r2);
    const float w = q.w * __expf(-r2 * 4.0f);
    // the force and the potential
    fx += q.w * rx * inv * inv * inv;
    fy += q.w * ry * inv * inv * inv;
    fz += q.w * rz * inv * inv * inv;
    pot -= q.w * inv;
    // the neighbourhood's moments, weighted by a Gaussian
    m0 += w;
    dx += w * rx;
    dy += w * ry;
    dz += w * rz;
    qxx += w * (3.0f * rx * rx - r2);
    qyy += w * (3.0f * ry * ry - r2);
    qzz += w * (3.0f * rz * rz - r2);
    qxy += w * 3.0f * rx * ry;
    qxz += w * 3.0f * rx * rz;
    qyz += w * 3.0f * ry * rz;
    // the nearest other particle
    if (j != i && r2 < dmin) {
      dmin = r2;
      jmin = j;
    }
    close += (j != i && r2 < CUTOFF2) ? 1 : 0;
  }
  force[4 * i] = fx;
  force[4 * i + 1] = fy;
  force[4 * i + 2] = fz;
  force[4 * i + 3] = pot;
  float *m = moments + 10 * i;
  m[0] = m0; m[1] = dx; m[2] = dy; m[3] = dz;
  m[4] = qxx; m[5] = qyy; m[6] = qzz; m[7] = qxy; m[8] = qxz; m[9] = qyz;
  nearest[2 * i] = dmin;
  nearest[2 * i + 1] = (float)jmin;
  within[i] = close;
}

__global__ void column_stats(const float *__restrict__ a, int rows, int cols,
                             float *__restrict__ sums,
                             float *__restrict__ ranges,
                             int *__restrict__ positive) {
  int c = blockIdx.x * blockDim.x + threadIdx.x;
  if (c >= cols)
    return;
  float s = 0.0f, s2 = 0.0f, lo = 1e30f, hi = -1e30f;
  int pos = 0;
  for (int r = 0; r < rows; ++r) {
    const float v = a[(size_t)r * cols + c];
    s += v;
    s2 = fmaf(v, v, s2);
    lo = fminf(lo, v);
    hi = fmaxf(hi, v);
    pos += v > 0.0f;
  }
  sums[2 * c] = s;
  sums[2 * c + 1] = s2;
  ranges[2 * c] = lo;
  ranges[2 * c + 1] = hi;
  positive[c] = pos;
}


__global__ void feature_banks_40(const float *__restrict__ x, int n, int items,
                                 float *__restrict__ poly,
                                 float *__restrict__ wave,
                                 float *__restrict__ peak) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= items)
    return;
  float a[40], b[40], c[40];
#pragma unroll
  for (int m = 0; m < 40; ++m) {
    a[m] = 0.0f;
    b[m] = 0.0f;
    c[m] = -1e30f;
  }
  for (int j = 0; j < n; ++j) {
    const float v = x[(size_t)j * items + i];
#pragma unroll
    for (int m = 0; m < 40; ++m)
      a[m] = fmaf(a[m], 0.5f, v * (float)(m + 1));
#pragma unroll
    for (int m = 0; m < 40; ++m)
      b[m] += __sinf(v + 0.1f * (float)m);
#pragma unroll
    for (int m = 0; m < 40; ++m)
      c[m] = fmaxf(c[m], v * (float)(m - 20));
  }
#pragma unroll
  for (int m = 0; m < 40; ++m)
    poly[(size_t)m * items + i] = a[m];
#pragma unroll
  for (int m = 0; m < 40; ++m)
    wave[(size_t)m * items + i] = b[m];
#pragma unroll
  for (int m = 0; m < 40; ++m)
    peak[(size_t)m * items + i] = c[m];
}

__global__ void feature_banks_96(const float *__restrict__ x, int n, int items,
                                 float *__restrict__ poly,
                                 float *__restrict__ wave,
                                 float *__restrict__ peak) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= items)
    return;
  float a[96], b[96], c[96];
#pragma unroll
  for (int m = 0; m < 96; ++m) {
    a[m] = 0.0f;
    b[m] = 0.0f;
    c[m] = -1e30f;
  }
  for (int j = 0; j < n; ++j) {
    const float v = x[(size_t)j * items + i];
#pragma unroll
    for (int m = 0; m < 96; ++m)
      a[m] = fmaf(a[m], 0.5f, v * (float)(m + 1));
#pragma unroll
    for (int m = 0; m < 96; ++m)
      b[m] += __sinf(v + 0.1f * (float)m);
#pragma unroll
    for (int m = 0; m < 96; ++m)
      c[m] = fmaxf(c[m], v * (float)(m - 48));
  }
#pragma unroll
  for (int m = 0; m < 96; ++m)
    poly[(size_t)m * items + i] = a[m];
#pragma unroll
  for (int m = 0; m < 96; ++m)
    wave[(size_t)m * items + i] = b[m];
#pragma unroll
  for (int m = 0; m < 96; ++m)
    peak[(size_t)m * items + i] = c[m];
}
