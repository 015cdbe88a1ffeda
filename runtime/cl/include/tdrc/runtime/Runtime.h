//===- Runtime.h - The tdrc OpenCL runtime library (tdrc_runtime) ----------===//
//
//   tdrc::rt::Context C = tdrc::rt::Context::createDefault();
//   tdrc::rt::Program P = tdrc::rt::Program::fromFile(C, "k.tdr.cl");
//   tdrc::rt::Kernel K = P.kernel("k");
//   K.setArg(0, InBuffer); ...
//   K.launch({N}, {256});
//
// See docs/runtime.md.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_RUNTIME_H
#define TDRC_RUNTIME_RUNTIME_H

#include "tdrc/runtime/ChoicePolicy.h"
#include "tdrc/runtime/Context.h"
#include "tdrc/runtime/Device.h"
#include "tdrc/runtime/Error.h"
#include "tdrc/runtime/FeedbackModel.h"
#include "tdrc/runtime/Kernel.h"
#include "tdrc/runtime/Program.h"
#include "tdrc/runtime/SplitPlans.h"
#include "tdrc/runtime/Variants.h"
#include "tdrc/runtime/WhenExpr.h"

#endif
