// Per-block statistics of a CUDA kernel: restrict pointers and a block's
// shared tile (which no parameter can reach).
#define N_BINS 8

__device__ float weight(float v) { return v * v + 1.0f; }

__global__ void moments(const float *__restrict__ in, float *__restrict__ out,
                        int *__restrict__ hist, int n) {
  __shared__ float tile[256];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float s = 0.0f, w = 0.0f;
  for (int k = 0; k < n; ++k) {
    float v = in[i * n + k];
    s += v;
    w += weight(v);
    tile[threadIdx.x] = v;
    atomicAdd(&hist[(int)v & (N_BINS - 1)], 1);
  }
  out[2 * i] = s + tile[threadIdx.x];
  out[2 * i + 1] = w;
}

__global__ void hinted(const float *__restrict__ in, float *__restrict__ out) {
  float s = 0.0f, w = 0.0f;
#pragma unroll 4
  for (int k = 0; k < 16; ++k) {
    s += in[k];
    w -= in[k];
  }
  out[threadIdx.x] = s * w;
}
