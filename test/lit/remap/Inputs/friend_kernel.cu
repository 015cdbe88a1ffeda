// Input of unassignable-declines.test: a kernel that a class befriends (it
// reads the class's private members); its copies would not be friends.
class Box;
__global__ void k(Box b, const int* in, int* out);
class Box {
  int* d_; int n_;
 public:
  Box(int* d, int n) : d_(d), n_(n) {}
  friend __global__ void k(Box b, const int* in, int* out);
};
__global__ void k(Box b, const int* in, int* out) {
  int i = threadIdx.x;
  int v = in[i], r;
  if (v & 1) { r = 0; for (int j = 0; j < v % 64; ++j) r += b.d_[(v + j) % b.n_]; }
  else r = v;
  out[i] = r;
}
int main() {
  int *d, *in, *out; cudaMalloc(&d, 256 * 4); cudaMalloc(&in, 256 * 4); cudaMalloc(&out, 256 * 4);
  k<<<1, 256>>>(Box(d, 256), in, out);
  cudaDeviceSynchronize(); 
}
