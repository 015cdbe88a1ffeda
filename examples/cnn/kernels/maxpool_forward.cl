// Max-pooling, pool x pool windows every `stride` pixels inside each plane
// (one plane per channel and image, height x width).  One work-item per
// pooled output: the largest value of its window, and where it is in the
// plane (the first in row-major order on ties) for the backward pass.
__kernel void maxpool_forward(__global const float *y, __global float *out,
                              __global int *argmax, int height, int width,
                              int pooled_h, int pooled_w, int pool, int stride,
                              int total)
{
  int o = get_global_id(0);
  if (o >= total)
    return;
  int pw = o % pooled_w;
  int ph = (o / pooled_w) % pooled_h;
  int plane = o / (pooled_w * pooled_h);
  __global const float *in = y + plane * height * width;
  int h0 = ph * stride;
  int w0 = pw * stride;
  int best = h0 * width + w0;
  float m = in[best];
  for (int h = h0; h < h0 + pool; ++h)
    for (int w = w0; w < w0 + pool; ++w)
      if (in[h * width + w] > m) {
        m = in[h * width + w];
        best = h * width + w;
      }
  out[o] = m;
  argmax[o] = best;
}
