//===- KernelChoice.cpp - `when` bound to a kernel's parameters -----------===//
#include "KernelChoice.h"
#include <algorithm>
#include <cstdio>

namespace tdrc::rt {

namespace {

/// A string-valued kernel argument info; nullopt where the implementation
/// keeps none.
std::optional<std::string> argInfo(cl_kernel K, cl_uint I,
                                   cl_kernel_arg_info What) {
  size_t Size = 0;
  cl_int Err = clGetKernelArgInfo(K, I, What, 0, nullptr, &Size);
  if (Err == CL_KERNEL_ARG_INFO_NOT_AVAILABLE)
    return std::nullopt;
  check(Err, "clGetKernelArgInfo");
  std::string S(Size, '\0');
  check(clGetKernelArgInfo(K, I, What, Size, S.data(), nullptr),
        "clGetKernelArgInfo");
  while (!S.empty() && S.back() == '\0')
    S.pop_back();
  return S;
}

ChoicePolicy::Options optionsFor(const VariantDescriptor &D) {
  ChoicePolicy::Options O;
  O.Mode = chooseModeFromEnvironment();
  O.MaxWg = D.MaxWg;
  if (D.Margin >= 0)
    O.Tolerance = D.Margin;
  if (logFromEnvironment())
    O.Log = [](const std::string &Line) {
      std::fprintf(stderr, "%s\n", Line.c_str());
    };
  return O;
}

} // namespace

KernelChoice::KernelChoice(cl_kernel Rewritten, cl_uint UserArgs,
                           const VariantDescriptor &D)
    : Policy(D.Kernel, optionsFor(D)), Desc(D) {
  std::vector<Scalar> Scalars;
  bool Info = true;
  for (cl_uint I = 0; I < UserArgs && Info; ++I) {
    cl_kernel_arg_address_qualifier Q = 0;
    cl_int Err = clGetKernelArgInfo(Rewritten, I, CL_KERNEL_ARG_ADDRESS_QUALIFIER,
                                    sizeof Q, &Q, nullptr);
    if (Err == CL_KERNEL_ARG_INFO_NOT_AVAILABLE) {
      Info = false;
      break;
    }
    check(Err, "clGetKernelArgInfo(CL_KERNEL_ARG_ADDRESS_QUALIFIER)");
    std::optional<std::string> Name = argInfo(Rewritten, I, CL_KERNEL_ARG_NAME);
    std::optional<std::string> Type =
        argInfo(Rewritten, I, CL_KERNEL_ARG_TYPE_NAME);
    if (!Name || !Type) {
      Info = false;
      break;
    }
    if (Q == CL_KERNEL_ARG_ADDRESS_PRIVATE && scalarTypeSize(*Type))
      Scalars.push_back({*Name, *Type, I});
  }
  std::string Parse;
  When = WhenExpr::parse(D.When, &Parse);
  if (!When)
    Why = "cannot parse when=" + D.When + ": " + Parse;
  else if (!Info)
    Why = "no kernel argument info";
  else
    for (const std::string &N : When->names())
      if (std::none_of(Scalars.begin(), Scalars.end(),
                       [&](const Scalar &S) { return S.Name == N; }))
        Why = "'" + N + "' is no scalar parameter of " + D.Kernel;
  if (!Why.empty()) { // unknown: every scalar keys the bucket
    When.reset();
    Keyed = Scalars;
    return;
  }
  for (const Scalar &S : Scalars)
    if (std::binary_search(When->names().begin(), When->names().end(), S.Name))
      Keyed.push_back(S);
}

Bucket KernelChoice::bucket(const std::vector<size_t> &Global,
                            const std::vector<size_t> &Local,
                            const SetArgs &Args,
                            std::optional<bool> &WhenHolds) const {
  Bucket B;
  B.Global = Global;
  B.Local = Local;
  WhenExpr::Bindings Values;
  for (const Scalar &S : Keyed) {
    const std::optional<SetArg> &A = Args[S.Index];
    std::optional<WhenValue> V;
    if (A && !A->Null)
      V = decodeScalarArg(S.Type, A->Bytes.data(), A->Size);
    if (!V)
      continue; // not set (the launch fails) or of another size
    B.Args.emplace_back(S.Name, *V);
    Values.emplace(S.Name, *V);
  }
  WhenHolds.reset();
  if (When && !Desc.MeasuredOnly) // measured=1: the model says "measure"
    WhenHolds = When->holds(Values);
  return B;
}

bool KernelChoice::keys(cl_uint Index) const {
  return std::any_of(Keyed.begin(), Keyed.end(),
                     [&](const Scalar &S) { return S.Index == Index; });
}

} // namespace tdrc::rt
