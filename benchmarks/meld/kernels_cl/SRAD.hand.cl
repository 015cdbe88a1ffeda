// OpenCL twin of kernels/SRAD.hand.cu, launched the same way by meld_cl.cpp.
// SRAD, melded by hand (see SRAD.cu): each neighbour selected once, from
// the halo on its edge and from the tile elsewhere; the saturation as
// selects.
#pragma OPENCL FP_CONTRACT OFF

#define SR_BS 16
#define SR_ITERS 24
#define IDX(y, x) ((y) * cols + (x))

__kernel void srad_prepare(__global float *J, __global const float *img, int count)
{
    const int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
    if (i < count)
        J[i] = 1.0f + img[i];
}

__kernel void srad_coeff(__global const float *restrict J, __global float *restrict C, __global float *restrict dN,
                           __global float *restrict dS, __global float *restrict dW, __global float *restrict dE,
                           int rows, int cols, float q0sqr)
{
    __local float tile[SR_BS][SR_BS];
    __local float north[SR_BS], south[SR_BS], west[SR_BS], east[SR_BS];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int x = get_group_id(0) * SR_BS + tx, y = get_group_id(1) * SR_BS + ty;
    tile[ty][tx] = J[IDX(y, x)];
    if (ty == 0)
        north[tx] = J[IDX(max(y - 1, 0), x)];
    if (ty == SR_BS - 1)
        south[tx] = J[IDX(min(y + 1, rows - 1), x)];
    if (tx == 0)
        west[ty] = J[IDX(y, max(x - 1, 0))];
    if (tx == SR_BS - 1)
        east[ty] = J[IDX(y, min(x + 1, cols - 1))];
    barrier(CLK_LOCAL_MEM_FENCE);
    const float jc = tile[ty][tx];
    const float n = (ty == 0 ? north[tx] : tile[ty - 1][tx]) - jc;
    const float s = (ty == SR_BS - 1 ? south[tx] : tile[ty + 1][tx]) - jc;
    const float w = (tx == 0 ? west[ty] : tile[ty][tx - 1]) - jc;
    const float e = (tx == SR_BS - 1 ? east[ty] : tile[ty][tx + 1]) - jc;
    const float g2 = (n * n + s * s + w * w + e * e) / (jc * jc);
    const float l = (n + s + w + e) / jc;
    const float num = 0.5f * g2 - (1.0f / 16.0f) * (l * l);
    const float den = 1.0f + 0.25f * l;
    const float qsqr = num / (den * den);
    float c = 1.0f / (1.0f + (qsqr - q0sqr) / (q0sqr * (1.0f + q0sqr)));
    c = c < 0.0f ? 0.0f : c > 1.0f ? 1.0f : c;
    const int i = IDX(y, x);
    C[i] = c;
    dN[i] = n;
    dS[i] = s;
    dW[i] = w;
    dE[i] = e;
}

__kernel void srad_update(__global float *restrict J, __global const float *restrict C, __global const float *restrict dN,
                            __global const float *restrict dS, __global const float *restrict dW,
                            __global const float *restrict dE, int rows, int cols, float lambda)
{
    __local float ctile[SR_BS][SR_BS];
    __local float south_c[SR_BS], east_c[SR_BS];
    const int tx = get_local_id(0), ty = get_local_id(1);
    const int x = get_group_id(0) * SR_BS + tx, y = get_group_id(1) * SR_BS + ty;
    const int i = IDX(y, x);
    ctile[ty][tx] = C[i];
    if (ty == SR_BS - 1)
        south_c[tx] = C[IDX(min(y + 1, rows - 1), x)];
    if (tx == SR_BS - 1)
        east_c[ty] = C[IDX(y, min(x + 1, cols - 1))];
    barrier(CLK_LOCAL_MEM_FENCE);
    const float cc = ctile[ty][tx];
    const float cs = ty == SR_BS - 1 ? south_c[tx] : ctile[ty + 1][tx];
    const float ce = tx == SR_BS - 1 ? east_c[ty] : ctile[ty][tx + 1];
    const float div = cc * dN[i] + cs * dS[i] + cc * dW[i] + ce * dE[i];
    J[i] = J[i] + 0.25f * lambda * div;
}
