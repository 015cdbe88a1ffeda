#include "Reference.h"
#include <algorithm>
#include <cmath>

namespace ref {

std::vector<float> im2col(const Shapes &S, const std::vector<float> &X) {
  const size_t Cols = S.pixels();
  std::vector<float> Col(S.taps() * Cols);
  for (size_t Row = 0; Row < S.taps(); ++Row) {
    int Sx = int(Row % S.ksize), R = int(Row / S.ksize % S.ksize);
    int C = int(Row / (S.ksize * S.ksize));
    for (size_t J = 0; J < Cols; ++J) {
      int Ow = int(J % S.outW()), Oh = int(J / S.outW() % S.outH());
      int B = int(J / (S.outW() * S.outH()));
      int Ih = Oh + R - S.pad, Iw = Ow + Sx - S.pad;
      bool Inside = Ih >= 0 && Ih < S.height && Iw >= 0 && Iw < S.width;
      Col[Row * Cols + J] =
          Inside ? X[((size_t(B) * S.channels + C) * S.height + Ih) * S.width + Iw]
                 : 0.0f;
    }
  }
  return Col;
}

Gemm gemm(const Shapes &S, const std::vector<float> &W,
          const std::vector<float> &Col) {
  const size_t N = S.pixels(), K = S.taps();
  Gemm G{std::vector<double>(S.convSize()), std::vector<double>(S.convSize())};
  // Row by row, tap by tap: streams col and vectorises the inner loop.
  for (size_t F = 0; F < size_t(S.filters); ++F) {
    double *Z = &G.Z[F * N], *M = &G.Magnitude[F * N];
    for (size_t T = 0; T < K; ++T) {
      const double A = W[F * K + T];
      const float *B = &Col[T * N];
      for (size_t J = 0; J < N; ++J) {
        double P = A * B[J];
        Z[J] += P;
        M[J] += std::fabs(P);
      }
    }
  }
  return G;
}

std::vector<float> biasRelu(const Shapes &S, const std::vector<float> &Z,
                            const std::vector<float> &Bias) {
  std::vector<float> Y(Z.size());
  for (size_t I = 0; I < Z.size(); ++I) {
    float V = Z[I] + Bias[I / S.pixels()];
    Y[I] = V > 0.0f ? V : 0.0f;
  }
  return Y;
}

void maxpoolForward(const Shapes &S, const std::vector<float> &Y,
                    std::vector<float> &Out, std::vector<int> &Argmax) {
  const int H = S.outH(), W = S.outW(), PH = S.pooledH(), PW = S.pooledW();
  Out.assign(S.pooledSize(), 0.0f);
  Argmax.assign(S.pooledSize(), 0);
  for (size_t P = 0; P < S.planes(); ++P) {
    const float *In = &Y[P * H * W];
    for (int Ph = 0; Ph < PH; ++Ph)
      for (int Pw = 0; Pw < PW; ++Pw) {
        int H0 = Ph * S.stride, W0 = Pw * S.stride;
        int Best = H0 * W + W0;
        for (int Hh = H0; Hh < H0 + S.pool; ++Hh)
          for (int Ww = W0; Ww < W0 + S.pool; ++Ww)
            if (In[Hh * W + Ww] > In[Best]) // strict: the first maximum wins
              Best = Hh * W + Ww;
        size_t O = (P * PH + Ph) * PW + Pw;
        Out[O] = In[Best];
        Argmax[O] = Best;
      }
  }
}

std::vector<float> maxpoolBackward(const Shapes &S, const std::vector<float> &Y,
                                   const std::vector<int> &Argmax,
                                   const std::vector<float> &Dout) {
  const int H = S.outH(), W = S.outW(), PH = S.pooledH(), PW = S.pooledW();
  std::vector<float> Dz(Y.size(), 0.0f);
  // Scatter window by window in row-major order: each element receives its
  // windows' gradients in the order the kernel's loops visit them.
  for (size_t P = 0; P < S.planes(); ++P)
    for (int O = 0; O < PH * PW; ++O) {
      size_t I = P * H * W + Argmax[P * PH * PW + O];
      if (Y[I] > 0.0f)
        Dz[I] += Dout[P * PH * PW + O];
    }
  return Dz;
}

} // namespace ref
