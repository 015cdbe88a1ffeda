/* tdrc's stand-in for cuda_fp16.h where no CUDA toolkit is used
   (--cuda-prelude, Clang 19): the half types and the intrinsics kernels
   commonly call, declared only (tdrc parses, never compiles, device code).
   CUDA's own __half2 writes its copy operations out; this one is a plain
   struct, which tdrc treats the same (LiveState's sharedMemoryHolds). */
#pragma once
struct __half { unsigned short __x; };
struct __half2 { __half x, y; };
typedef __half half;
typedef __half2 half2;
__host__ __device__ __half __float2half(float);
__host__ __device__ __half __float2half_rn(float);
__host__ __device__ float __half2float(__half);
__host__ __device__ __half __int2half_rn(int);
__host__ __device__ __half2 __float2half2_rn(float);
__host__ __device__ __half2 __floats2half2_rn(float, float);
__host__ __device__ __half2 __halves2half2(__half, __half);
__host__ __device__ __half2 __half2half2(__half);
__host__ __device__ float2 __half22float2(__half2);
__host__ __device__ float __low2float(__half2);
__host__ __device__ float __high2float(__half2);
__host__ __device__ __half __low2half(__half2);
__host__ __device__ __half __high2half(__half2);
__host__ __device__ __half __hadd(__half, __half);
__host__ __device__ __half __hsub(__half, __half);
__host__ __device__ __half __hmul(__half, __half);
__host__ __device__ __half __hdiv(__half, __half);
__host__ __device__ __half __hfma(__half, __half, __half);
__host__ __device__ __half __hneg(__half);
__host__ __device__ __half __habs(__half);
__host__ __device__ __half __hmax(__half, __half);
__host__ __device__ __half __hmin(__half, __half);
__host__ __device__ bool __hgt(__half, __half);
__host__ __device__ bool __hlt(__half, __half);
__host__ __device__ bool __hge(__half, __half);
__host__ __device__ bool __hle(__half, __half);
__host__ __device__ bool __heq(__half, __half);
__host__ __device__ __half2 __hadd2(__half2, __half2);
__host__ __device__ __half2 __hsub2(__half2, __half2);
__host__ __device__ __half2 __hmul2(__half2, __half2);
__host__ __device__ __half2 __h2div(__half2, __half2);
__host__ __device__ __half2 __hfma2(__half2, __half2, __half2);
__host__ __device__ __half2 __hneg2(__half2);
__host__ __device__ __half2 __habs2(__half2);
__host__ __device__ __half2 __hmax2(__half2, __half2);
__host__ __device__ __half2 __hmin2(__half2, __half2);
__host__ __device__ __half2 h2exp(__half2);
__host__ __device__ __half2 h2log(__half2);
__host__ __device__ __half2 h2sqrt(__half2);
__host__ __device__ __half hexp(__half);
__host__ __device__ __half hlog(__half);
__host__ __device__ __half hsqrt(__half);
__host__ __device__ __half operator+(const __half &, const __half &);
__host__ __device__ __half operator-(const __half &, const __half &);
__host__ __device__ __half operator*(const __half &, const __half &);
__host__ __device__ __half operator/(const __half &, const __half &);
__host__ __device__ bool operator<(const __half &, const __half &);
__host__ __device__ bool operator>(const __half &, const __half &);
__host__ __device__ __half2 operator+(const __half2 &, const __half2 &);
__host__ __device__ __half2 operator-(const __half2 &, const __half2 &);
__host__ __device__ __half2 operator*(const __half2 &, const __half2 &);
__host__ __device__ __half2 operator/(const __half2 &, const __half2 &);
