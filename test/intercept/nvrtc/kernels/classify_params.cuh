// In-memory header of with_header.cu (nvrtc_app: NVRTC_APP_HEADER).
#define DAMPING 0.0625f
#define ROT_C 0.8f
#define ROT_S 0.6f

__device__ inline float settle(float x, float y)
{
    return x * x + y * y;
}
