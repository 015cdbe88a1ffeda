/* tdrc's stand-in for cuda_bf16.h where no CUDA toolkit is used
   (--cuda-prelude, Clang 19): the bfloat16 types and the intrinsics
   kernels commonly call, declared only (tdrc parses, never compiles,
   device code; host code calls the conversions too).  Plain structs, as
   tdrc's cuda_fp16.h stand-in. */
#pragma once
#include <cuda_fp16.h>
struct __nv_bfloat16 { unsigned short __x; };
struct __nv_bfloat162 { __nv_bfloat16 x, y; };
typedef __nv_bfloat16 nv_bfloat16;
typedef __nv_bfloat162 nv_bfloat162;
__host__ __device__ __nv_bfloat16 __float2bfloat16(float);
__host__ __device__ __nv_bfloat16 __float2bfloat16_rn(float);
__host__ __device__ float __bfloat162float(__nv_bfloat16);
__host__ __device__ __nv_bfloat162 __float2bfloat162_rn(float);
__host__ __device__ __nv_bfloat162 __floats2bfloat162_rn(float, float);
__host__ __device__ __nv_bfloat162 __halves2bfloat162(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ float2 __bfloat1622float2(__nv_bfloat162);
__host__ __device__ float __low2float(__nv_bfloat162);
__host__ __device__ float __high2float(__nv_bfloat162);
__host__ __device__ __nv_bfloat16 __hadd(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat16 __hsub(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat16 __hmul(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat16 __hfma(__nv_bfloat16, __nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat16 __hmax(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat16 __hmin(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ bool __hgt(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ bool __hlt(__nv_bfloat16, __nv_bfloat16);
__host__ __device__ __nv_bfloat162 __hadd2(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat162 __hsub2(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat162 __hmul2(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat162 __hfma2(__nv_bfloat162, __nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat162 __hmax2(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat162 __hmin2(__nv_bfloat162, __nv_bfloat162);
__host__ __device__ __nv_bfloat16 operator+(const __nv_bfloat16 &, const __nv_bfloat16 &);
__host__ __device__ __nv_bfloat16 operator-(const __nv_bfloat16 &, const __nv_bfloat16 &);
__host__ __device__ __nv_bfloat16 operator*(const __nv_bfloat16 &, const __nv_bfloat16 &);
__host__ __device__ __nv_bfloat162 operator+(const __nv_bfloat162 &, const __nv_bfloat162 &);
__host__ __device__ __nv_bfloat162 operator*(const __nv_bfloat162 &, const __nv_bfloat162 &);
