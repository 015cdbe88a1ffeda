//===- Measure.h - Timing an original against its rewrite ------------------===//
#ifndef TDRC_TOOLS_CALIBRATE_MEASURE_H
#define TDRC_TOOLS_CALIBRATE_MEASURE_H

#include "Calibrate.h"
#include "tdrc/runtime/Context.h"

namespace tdrc::cal {

/// The device to calibrate: the platform and device indices, or (negative)
/// tdrc's default device (TDR_CL_PLATFORM, else the first GPU, else any).
rt::Context openDevice(int Platform, int Device);
DeviceDesc describe(const rt::Context &C);

/// Random keys and inputs for N work-items, shared by every kernel.
class Bench {
public:
  Bench(const rt::Context &C, unsigned N, unsigned Reps);
  /// Builds both sources, times them at each length (profiling events,
  /// launches alternating one by one so that clock drift falls on both
  /// alike) and checks their outputs are bit-identical at every length; an
  /// error message, or none.
  std::optional<std::string> compare(const std::string &Original,
                                     const std::string &Rewrite,
                                     const std::vector<int> &Lens,
                                     std::vector<Timing> &Out);

private:
  rt::Context C;
  unsigned N, Reps;
  rt::Buffer Keys, X;
};

} // namespace tdrc::cal

#endif
