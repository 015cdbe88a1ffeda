// The pipeline on the CPU, element for element as the kernels compute it
// (same operations in the same order), so that all but the GEMM can be
// compared bit for bit.
#ifndef CNN_REFERENCE_H
#define CNN_REFERENCE_H

#include "Shapes.h"
#include <vector>

namespace ref {

std::vector<float> im2col(const Shapes &S, const std::vector<float> &X);

// z = w * col in double, and for each entry the sum of |w_k * col_k|, the
// scale of float rounding error in any summation order.
struct Gemm {
  std::vector<double> Z, Magnitude;
};
Gemm gemm(const Shapes &S, const std::vector<float> &W,
          const std::vector<float> &Col);

std::vector<float> biasRelu(const Shapes &S, const std::vector<float> &Z,
                            const std::vector<float> &Bias);

void maxpoolForward(const Shapes &S, const std::vector<float> &Y,
                    std::vector<float> &Out, std::vector<int> &Argmax);

std::vector<float> maxpoolBackward(const Shapes &S, const std::vector<float> &Y,
                                   const std::vector<int> &Argmax,
                                   const std::vector<float> &Dout);

} // namespace ref

#endif
