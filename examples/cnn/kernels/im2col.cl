// im2col: the convolution's input as a matrix, so that the convolution is one
// GEMM.  col has C*R*R rows (one per filter tap c, r, s) and B*OH*OW columns
// (one per output pixel b, oh, ow); taps that fall in the padding read 0.
// Global size (columns rounded up, rows); the row range is exact.
__kernel void im2col(__global const float *x, __global float *col,
                     int batch, int channels, int height, int width,
                     int ksize, int pad, int out_h, int out_w)
{
  int cols = batch * out_h * out_w;
  int j = get_global_id(0);
  int row = get_global_id(1);
  if (j >= cols)
    return;
  int s = row % ksize;
  int r = (row / ksize) % ksize;
  int c = row / (ksize * ksize);
  int ow = j % out_w;
  int oh = (j / out_w) % out_h;
  int b = j / (out_w * out_h);
  int ih = oh + r - pad;
  int iw = ow + s - pad;
  float v = 0.0f;
  if (ih >= 0 && ih < height && iw >= 0 && iw < width)
    v = x[((b * channels + c) * height + ih) * width + iw];
  col[row * cols + j] = v;
}
