//===- Claims.cpp - Which transform edits which statement ------------------===//
#include "tdrc/TDR/Transform.h"

namespace tdrc {

TransformPlan::~TransformPlan() = default;
Transform::~Transform() = default;

llvm::StringRef StatementClaims::owner(const clang::Stmt *S) const {
  for (const auto &[C, Name] : Claims)
    if (A.contains(C, S) || A.contains(S, C))
      return Name;
  return "";
}

void StatementClaims::claim(const clang::Stmt *S, llvm::StringRef Transform) {
  Claims.push_back({S, Transform.str()});
}

void StatementClaims::release(llvm::StringRef Transform) {
  llvm::erase_if(Claims, [&](const auto &C) { return C.second == Transform; });
}

} // namespace tdrc
