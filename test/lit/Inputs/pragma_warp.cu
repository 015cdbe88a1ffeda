__global__ void two(const int *in, int *out)
{
    int v = in[threadIdx.x];
#pragma tdr algorithm(warp_hot)
    if (v > 0) out[threadIdx.x] = v * 3; else out[threadIdx.x] = -v;
}

__global__ void four(const int *in, int *out)
{
    int v = in[threadIdx.x];
#pragma tdr algorithm(dgi)
    if (v > 2) out[threadIdx.x] = v * 3;
    else if (v > 1) out[threadIdx.x] = v + 7;
    else if (v > 0) out[threadIdx.x] = v - 1;
    else out[threadIdx.x] = -v;
}

__global__ void three(const int *in, int *out)
{
    int v = in[threadIdx.x];
#pragma tdr algorithm(warp_hot)
    if (v > 1) out[threadIdx.x] = v * 3;
    else if (v > 0) out[threadIdx.x] = v + 7;
    else out[threadIdx.x] = -v;
}
