//===- Kernels.cpp - tdrc-calibrate's generated kernels --------------------===//
//
// In the style of benchmarks/micro and benchmarks/choice: a key loaded from
// memory selects one of P paths; each path loops `len` times over one mix of
// operations (integer hash, float multiply-add, special functions), the
// constants differing per path so that no two paths merge.  Values stay
// finite and distinct for any length, so a result written to the wrong
// work-item shows in a bit-exact comparison.  `len` is the kernel argument,
// or the macro CAL_LEN where tdrc is asked for the model's gain at a length.
//
//===----------------------------------------------------------------------===//
#include "Calibrate.h"
#include <cstdio>

namespace tdrc::cal {

std::string KernelShape::name() const {
  static const char *Mixes[] = {"int", "float", "special"};
  return "p" + std::to_string(Paths) + "-" + Mixes[Ops] +
         (Guard ? "-guard" : "");
}

std::vector<KernelShape> calibrationSet(bool Quick) {
  std::vector<KernelShape> Out;
  if (Quick) {
    Out.push_back({2, KernelShape::Int, false});
    Out.push_back({2, KernelShape::Float, true});
    return Out;
  }
  for (unsigned P : {2u, 4u, 8u})
    for (KernelShape::Mix M :
         {KernelShape::Int, KernelShape::Float, KernelShape::Special})
      for (bool G : {false, true})
        Out.push_back({P, M, G});
  return Out;
}

namespace {
std::string num(const char *Format, double V) {
  char B[64];
  std::snprintf(B, sizeof B, Format, V);
  return B;
}

/// One iteration of path P's loop.
std::string body(KernelShape::Mix M, unsigned P) {
  switch (M) {
  case KernelShape::Int:
    return "u = u * " + std::to_string(1664525u + 2u * P) + "u + " +
           std::to_string(1013904223u ^ P) + "u; u ^= u >> " +
           std::to_string(13 + P % 5) + ";";
  case KernelShape::Float:
    // Multiply-add, then the fractional part: stays in [0, 1).
    return "f = fma(f, " + num("%.2ff", 1.37 + 0.01 * P) + ", " +
           num("%.2ff", 0.11 * (P + 1)) + "); f = f - floor(f);";
  case KernelShape::Special:
    return "f = native_sin(f * " + num("%.2ff", 1.3 + 0.1 * P) +
           ") + native_sqrt(f * f + " + num("%.2ff", 0.5 + 0.1 * P) + ");";
  }
  return "";
}

std::string loop(const KernelShape &S, unsigned P) {
  return "for (int i = 0; i < LEN; ++i) { " + body(S.Ops, P) + " }";
}
} // namespace

std::string kernelSource(const KernelShape &S) {
  std::string K =
      "// tdrc-calibrate: " + S.name() +
      " (a loaded key selects one of " + std::to_string(S.Paths) +
      " paths, each `len` iterations)\n"
      "#ifdef CAL_LEN\n#define LEN CAL_LEN\n#else\n#define LEN len\n#endif\n"
      "__kernel void cal(__global const int *keys, __global const float *x,\n"
      "                  __global float *outf, __global uint *outu, int len,\n"
      "                  int n)\n{\n"
      "    int gid = get_global_id(0);\n";
  if (S.Guard)
    K += "    if (gid >= n)\n        return;\n";
  K += "    int k = keys[gid];\n"
       "    float f = x[gid];\n"
       "    uint u = (uint)k;\n";
  if (S.Paths == 2) {
    K += "    if (k % 2 == 0) {\n        " + loop(S, 0) +
         "\n    } else {\n        " + loop(S, 1) + "\n    }\n";
  } else {
    K += "    switch (k % " + std::to_string(S.Paths) + ") {\n";
    for (unsigned P = 0; P < S.Paths; ++P)
      K += std::string(P + 1 == S.Paths ? "    default:\n"
                                        : "    case " + std::to_string(P) +
                                              ":\n") +
           "        " + loop(S, P) + "\n        break;\n";
    K += "    }\n";
  }
  K += "    outf[gid] = f;\n    outu[gid] = u;\n}\n";
  return K;
}

} // namespace tdrc::cal
