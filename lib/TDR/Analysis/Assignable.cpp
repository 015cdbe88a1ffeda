//===- Assignable.cpp - Types whose variables take their value later ------===//
#include "tdrc/TDR/Assignable.h"
#include "clang/AST/Decl.h"

using namespace clang;

namespace tdrc {

static const FieldDecl *constMember(const RecordDecl *RD) {
  const RecordDecl *Def = RD ? RD->getDefinition() : nullptr;
  if (!Def)
    return nullptr;
  for (const FieldDecl *F : Def->fields()) {
    QualType FT = F->getType();
    if (FT.isConstQualified())
      return F;
    const Type *Base = FT->getBaseElementTypeUnsafe();
    if (const FieldDecl *In = constMember(Base->getAsRecordDecl()))
      return In;
  }
  return nullptr;
}

std::optional<std::string> whyNotAssignable(QualType T) {
  const Type *Base = T->getBaseElementTypeUnsafe();
  if (Base->isOpenCLSpecificType())
    return "has the OpenCL type '" + QualType(Base, 0).getAsString() +
           "', which cannot be assigned";
  if (const FieldDecl *F = constMember(Base->getAsRecordDecl()))
    return "has a const member ('" + F->getNameAsString() +
           "'), which an assignment cannot set";
  return std::nullopt;
}

} // namespace tdrc
