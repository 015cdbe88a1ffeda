__global__ void add(float *a, const float *b, int n) { int i = blockIdx.x*blockDim.x+threadIdx.x; if (i<n) a[i]+=b[i]; }
__global__ void reduce(float *out, const float *in) {
  __shared__ float s[256];
  int t = threadIdx.x; s[t] = in[blockIdx.x*256+t]; __syncthreads();
  for (int k=128;k>0;k>>=1){ if(t<k) s[t]+=s[t+k]; __syncthreads(); }
  if(t==0) out[blockIdx.x]=s[0];
}
__global__ void spill(float *out, const float *in, int n) {
  float loc[64];
  for (int i=0;i<64;i++) loc[i]=in[i*n+threadIdx.x];
  float acc=0; for (int i=0;i<n;i++) acc+=loc[(i*7)&63]*loc[i&63];
  out[threadIdx.x]=acc;
}
__device__ int helper(int x) { return x*3+1; }
extern "C" __global__ void cfun(int *p) { extern __shared__ int d[]; d[threadIdx.x]=p[threadIdx.x]; __syncthreads(); p[threadIdx.x]=helper(d[threadIdx.x^1]); }
