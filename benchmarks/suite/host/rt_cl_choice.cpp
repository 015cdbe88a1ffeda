// rt_cl_choice.h over runtime/cl (tdrc::rt): the suite's C host reaches the
// launch-time choice through these few calls; exceptions end here.
#include "rt_cl_choice.h"

#include "tdrc/runtime/Runtime.h"

#include <cstdio>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

struct rtc_kernel {
  // Declared in this order so that the kernel goes first, the context last.
  tdrc::rt::Context C;
  tdrc::rt::Program P;
  tdrc::rt::Kernel K;
};

namespace {

// Runs F; an exception becomes a message and `Failed`.
template <typename F, typename R> R guarded(const char *What, R Failed, F &&Fn) {
  try {
    return Fn();
  } catch (const std::exception &E) {
    std::fprintf(stderr, "suite: %s: %s\n", What, E.what());
    return Failed;
  }
}

} // namespace

extern "C" int rtc_has_choice(const char *file) {
  std::ifstream In(file, std::ios::binary);
  if (!In) {
    std::fprintf(stderr, "suite: cannot read %s\n", file);
    return -1;
  }
  std::stringstream Text;
  Text << In.rdbuf();
  return guarded(file, -1, [&] { return tdrc::rt::parseVariantDescriptors(Text.str()).empty() ? 0 : 1; });
}

extern "C" rtc_kernel *rtc_load(cl_context context, cl_device_id device, cl_command_queue queue, const char *file,
                                const char *kernel, const char *options) {
  return guarded(file, static_cast<rtc_kernel *>(nullptr), [&] {
    tdrc::rt::Context C(context, device, queue);
    tdrc::rt::Program P = tdrc::rt::Program::fromFile(C, file, options ? options : "");
    tdrc::rt::Kernel K = P.kernel(kernel);
    if (!K.hasChoice())
      throw tdrc::rt::Error(std::string("kernel '") + kernel + "' has no choice (no tdrc-variants descriptor)");
    return new rtc_kernel{C, P, K};
  });
}

extern "C" void rtc_free(rtc_kernel *k) { delete k; }

extern "C" int rtc_set_arg(rtc_kernel *k, cl_uint index, size_t size, const void *value) {
  return guarded("setArg", -1, [&] {
    k->K.setArg(index, size, value);
    return 0;
  });
}

extern "C" int rtc_launch(rtc_kernel *k, size_t global, size_t local, cl_event *event) {
  return guarded("launch", -1, [&] {
    k->K.launch({global}, {local}, event);
    return 0;
  });
}

extern "C" int rtc_exploration_launches(const rtc_kernel *k) {
  // Samples timed launches of each variant, and one untimed first launch of
  // each kernel object (ChoicePolicy, Kernel: a cold launch may compile).
  return 2 * (int)k->K.choice()->options().Samples + 2;
}

extern "C" const char *rtc_last_variant(const rtc_kernel *k) {
  std::optional<tdrc::rt::Variant> V = k->K.lastVariant();
  return V ? tdrc::rt::variantName(*V) : "none";
}

extern "C" unsigned rtc_launches(const rtc_kernel *k, int rewritten) {
  return k->K.launches(rewritten ? tdrc::rt::Variant::Rewritten : tdrc::rt::Variant::Original);
}
