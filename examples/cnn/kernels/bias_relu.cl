// y = max(z + bias, 0) over the GEMM's output z (K rows of `cols` pixels).
// A select rather than fmax: fmax(-0.0f, 0.0f) may return either zero, and
// the CPU reference must agree bit for bit.
__kernel void bias_relu(__global const float *z, __global const float *bias,
                        __global float *y, int cols, int total)
{
  int i = get_global_id(0);
  if (i >= total)
    return;
  float v = z[i] + bias[i / cols];
  y[i] = v > 0.0f ? v : 0.0f;
}
