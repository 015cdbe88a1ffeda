// Comparisons that print what differs: "MISMATCH <what>: ..." with the first
// few differing indices, or nothing when the two agree.
#ifndef CNN_CHECK_H
#define CNN_CHECK_H

#include <cstddef>
#include <string>
#include <vector>

// Bit for bit (floats by their representation, so -0.0 != 0.0).
bool sameBits(const std::string &What, const std::vector<float> &Got,
              const std::vector<float> &Want);
bool sameBits(const std::string &What, const std::vector<int> &Got,
              const std::vector<int> &Want);

// |Got - Want| <= RelTol * Magnitude elementwise (Magnitude: the sum of the
// terms' absolute values, so the bound scales with the rounding error).
bool withinBound(const std::string &What, const std::vector<float> &Got,
                 const std::vector<double> &Want,
                 const std::vector<double> &Magnitude, double RelTol);

#endif
