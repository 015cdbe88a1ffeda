// The backward pass through max-pooling and the ReLU before it: the gradient
// of the loss with respect to the convolution's output z, given `dout`, the
// gradient with respect to the pooled output.  Each pooled gradient goes to
// its window's argmax (summed where windows overlap), times ReLU's
// derivative (1 where y > 0, else 0).
//
// One work-item per element of y.  An element ReLU cut off gets 0 without
// looking at any window; the others search the windows that cover them.
// Whether y > 0 is data: neighbouring work-items take different paths.
__kernel void maxpool_backward(__global const float *y,
                               __global const int *argmax,
                               __global const float *dout, __global float *dz,
                               int height, int width, int pooled_h,
                               int pooled_w, int pool, int stride, int total)
{
  int i = get_global_id(0);
  if (i >= total)
    return;
  int pos = i % (height * width);
  int plane = i / (height * width);
  int h = pos / width;
  int w = pos % width;
  float g = 0.0f;
  if (y[i] > 0.0f) {
    // Windows [ph0, ph1) x [pw0, pw1) cover (h, w); summed in row-major
    // order, as the CPU reference does.
    int ph0 = h < pool ? 0 : (h - pool) / stride + 1;
    int ph1 = min(h / stride + 1, pooled_h);
    int pw0 = w < pool ? 0 : (w - pool) / stride + 1;
    int pw1 = min(w / stride + 1, pooled_w);
    int base = plane * pooled_h * pooled_w;
    for (int ph = ph0; ph < ph1; ++ph)
      for (int pw = pw0; pw < pw1; ++pw)
        if (argmax[base + ph * pooled_w + pw] == pos)
          g += dout[base + ph * pooled_w + pw];
  }
  dz[i] = g;
}
