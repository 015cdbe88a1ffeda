// A CUDA helper that reads threadIdx and blockIdx, called on one path.
__device__ int lane_bias(int v) { return v + (int)(threadIdx.x & 31u) - (int)blockIdx.x; }

__global__ void bias(const int *in, const int *sel, int *out, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        if (sel[i] > 0)
            out[i] = in[i] * 7;
        else
            out[i] = lane_bias(in[i]);
    }
}
