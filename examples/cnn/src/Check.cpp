#include "Check.h"
#include <cmath>
#include <cstdio>
#include <cstring>

namespace {
constexpr int Shown = 3; // differing indices printed per comparison

template <typename Differs>
bool compare(const std::string &What, size_t GotSize, size_t WantSize,
             Differs D) {
  if (GotSize != WantSize) {
    std::printf("MISMATCH %s: %zu elements, expected %zu\n", What.c_str(),
                GotSize, WantSize);
    return false;
  }
  size_t Bad = 0;
  for (size_t I = 0; I < GotSize; ++I)
    if (D(I, Bad < Shown))
      ++Bad;
  if (Bad)
    std::printf("MISMATCH %s: %zu of %zu elements differ\n", What.c_str(), Bad,
                GotSize);
  return Bad == 0;
}

// Printed as %g: exact for the ints here (argmax indices), 9 digits for
// floats, enough to tell any two apart.
template <typename T>
bool sameBitsOf(const std::string &What, const std::vector<T> &Got,
                const std::vector<T> &Want) {
  return compare(What, Got.size(), Want.size(), [&](size_t I, bool Show) {
    if (std::memcmp(&Got[I], &Want[I], sizeof(T)) == 0)
      return false;
    if (Show)
      std::printf("  %s[%zu] = %.9g, expected %.9g\n", What.c_str(), I,
                  double(Got[I]), double(Want[I]));
    return true;
  });
}
} // namespace

bool sameBits(const std::string &What, const std::vector<float> &Got,
              const std::vector<float> &Want) {
  return sameBitsOf(What, Got, Want);
}

bool sameBits(const std::string &What, const std::vector<int> &Got,
              const std::vector<int> &Want) {
  return sameBitsOf(What, Got, Want);
}

bool withinBound(const std::string &What, const std::vector<float> &Got,
                 const std::vector<double> &Want,
                 const std::vector<double> &Magnitude, double RelTol) {
  return compare(What, Got.size(), Want.size(), [&](size_t I, bool Show) {
    double Err = std::fabs(double(Got[I]) - Want[I]);
    if (Err <= RelTol * Magnitude[I])
      return false;
    if (Show)
      std::printf("  %s[%zu] = %.9g, expected %.9g (error %.3g > %.3g)\n",
                  What.c_str(), I, Got[I], Want[I], Err, RelTol * Magnitude[I]);
    return true;
  });
}
