// NVRTC-style source: no includes, no host code, kernels looked up by name.
#define TILE 256

__device__ float settle(float v, int steps, float a, float b) {
  for (int j = 0; j < steps; ++j)
    v = v * a + b;
  return v;
}

extern "C" __global__ void shade(const int *kind, const float *in, float *out,
                                 int n, unsigned len, float scale,
                                 unsigned char flag, long long base) {
  int i = blockIdx.x * TILE + threadIdx.x;
  if (i >= n)
    return;
  float v = in[i] * scale;
  if (kind[i] & 1) {
    for (unsigned j = 0; j < len; ++j)
      v = v * 0.999f + 1.0f;
  } else {
    for (unsigned j = 0; j < len; ++j)
      v = sqrtf(v * v + 1.0f) - 0.5f;
  }
  out[i] = settle(v, 2, 0.5f, 0.25f) + (float)flag + (float)base;
}

extern "C" {
__global__ void braced(const int *kind, float *out, int n, int len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = 0.0f;
  if (kind[i] > 3) {
    for (int j = 0; j < len; ++j) v = v * 0.5f + 2.0f;
  } else {
    for (int j = 0; j < len; ++j) v = v * 0.25f - 1.0f;
  }
  out[i] = v;
}
}

// C++ linkage: the host asks nvrtcGetLoweredName for both names.
__global__ void mangled(const int *kind, float *out, int n, int len) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float v = 0.0f;
  if (kind[i] == 0) {
    for (int j = 0; j < len; ++j) v = v * 0.5f + 2.0f;
  } else {
    for (int j = 0; j < len; ++j) v = v * 0.25f - 1.0f;
  }
  out[i] = v;
}
