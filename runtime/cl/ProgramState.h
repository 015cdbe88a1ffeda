//===- ProgramState.h - Program internals shared with Kernel ---------------===//
#ifndef TDRC_RUNTIME_PROGRAMSTATE_H
#define TDRC_RUNTIME_PROGRAMSTATE_H

#include "tdrc/runtime/Program.h"
#include "tdrc/runtime/SplitPlans.h"
#include "tdrc/runtime/Variants.h"
#include <map>

namespace tdrc::rt {

struct Program::State {
  Context Ctx;
  std::string Source, Origin, UserOptions;
  bool Original = false;
  std::map<unsigned, cl_program> Builds; // by -DTDR_NEIGHBORS (0: none)
  /// tdrc --keep-original's descriptors, by kernel (none in an original).
  std::map<std::string, VariantDescriptor> Variants;
  /// The split transform's launch plans, by kernel (none in an original).
  std::map<std::string, SplitPlans> Splits;

  explicit State(const Context &C) : Ctx(C) {}
  ~State();
  State(const State &) = delete;
  State &operator=(const State &) = delete;
  static Program wrap(std::shared_ptr<State> S) { return Program(std::move(S)); }
};

} // namespace tdrc::rt

#endif
