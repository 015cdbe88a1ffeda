// The layer's sizes.  Layouts: input x is B x C x H x W; the convolution
// (K filters of C x R x R, stride 1, zero padding `pad`) is the GEMM
// z[K][B*OH*OW] = w[K][C*R*R] * col[C*R*R][B*OH*OW], so z, y and the
// gradients are K x B planes of OH x OW, and pooling works plane by plane.
#ifndef CNN_SHAPES_H
#define CNN_SHAPES_H

#include <cstddef>

struct Shapes {
  int batch, channels, height, width;
  int filters, ksize, pad;
  int pool, stride;

  int outH() const { return height + 2 * pad - ksize + 1; }
  int outW() const { return width + 2 * pad - ksize + 1; }
  // Windows lie wholly inside the plane (no padding).
  int pooledH() const { return (outH() - pool) / stride + 1; }
  int pooledW() const { return (outW() - pool) / stride + 1; }

  size_t inputSize() const { return size_t(batch) * channels * height * width; }
  size_t taps() const { return size_t(channels) * ksize * ksize; }   // GEMM k
  size_t pixels() const { return size_t(batch) * outH() * outW(); } // GEMM n
  size_t planes() const { return size_t(filters) * batch; }
  size_t convSize() const { return size_t(filters) * pixels(); }
  size_t pooledSize() const { return planes() * pooledH() * pooledW(); }

  // Quick on PoCL (CI).
  static Shapes small() { return {2, 3, 32, 32, 16, 3, 1, 3, 2}; }
  // A ResNet-like 56x56 layer with AlexNet's overlapping 3x3/2 pooling.
  static Shapes large() { return {16, 64, 56, 56, 128, 3, 1, 3, 2}; }
};

#endif
