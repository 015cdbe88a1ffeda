// CUDA grid-stride loops; lines are referenced by remap/grid-stride.test.
__global__ void cuda_classic(const float *a, float *b, int n) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    float v = a[i], acc = 0.0f;
    if (v > 0.5f) { for (int k = 0; k < 64; ++k) acc += sinf(v * k); } else { acc = v * 0.5f; }
    b[i] = acc;
  }
}
__global__ void cuda_swapped(const int *a, int *b, unsigned n) {
  for (unsigned i = threadIdx.x + blockDim.x * blockIdx.x; i < n; i += gridDim.x * blockDim.x) {
    int v = a[i], r = 0;
    if (v & 1) { for (int k = 0; k < 64; ++k) r += (v * k) ^ k; } else { r = v >> 1; }
    b[i] = r;
  }
}
// The y dimension: not the global ID of x.
__global__ void cuda_y(const int *a, int *b, int n) {
  for (int i = blockIdx.y * blockDim.y + threadIdx.y; i < n; i += blockDim.y * gridDim.y) {
    int v = a[i], r = 0;
    if (v & 1) { for (int k = 0; k < 64; ++k) r += (v * k) ^ k; } else { r = v >> 1; }
    b[i] = r;
  }
}
