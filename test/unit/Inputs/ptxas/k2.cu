__device__ __noinline__ float helper(float x, int n) { float a=x; for(int i=0;i<n;i++) a=a*a+1.f; return a; }
__global__ void callsHelper(float *p, int n) { p[threadIdx.x] = helper(p[threadIdx.x], n); }
__global__ void pressure(float *out, const float *in, int n) {
  float r[48];
  #pragma unroll
  for (int i=0;i<48;i++) r[i]=in[i*n+threadIdx.x];
  for (int j=0;j<n;j++) {
  #pragma unroll
  for (int i=0;i<48;i++) r[i]=r[i]*r[(i+1)%48]+r[(i+7)%48];
  }
  float acc=0;
  #pragma unroll
  for (int i=0;i<48;i++) acc+=r[i];
  out[threadIdx.x]=acc;
}
__constant__ float cst[64];
__device__ float gvar[16];
__global__ void usesConst(float *p) { __shared__ double sd[100]; sd[threadIdx.x%100]=cst[threadIdx.x%64]+gvar[0]; __syncthreads(); p[threadIdx.x]=sd[(threadIdx.x+1)%100]; }
