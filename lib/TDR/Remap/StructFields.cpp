//===- StructFields.cpp - A migrated struct moved field by field -----------===//
//
// A struct moves through a pool of its own type, one whole struct per slot,
// so the budget's passes (Budget.cpp) cannot share out less than one struct
// for each work-item of the group: hashcat's hash contexts (200 bytes and
// more) need 50 KiB and more for one slot of 256 work-items.  Split into its
// fields, each moving through the pool of its own type (`ctx.h[k]` through
// the uint pool), the struct's words are slots like any other and the passes
// take as few of them at a time as the budget asks.
//
// Fields are assigned one by one, so only structs whose fields can be are
// split: no bit-fields, const or reference members, unions' overlapping
// members, unnamed members, multi-dimensional arrays, C++ bases or
// non-public members.  A struct nested in one splits too; a union, or a
// struct from a system header (CUDA's float4), moves whole.
//
//===----------------------------------------------------------------------===//
#include "PlannerImpl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/Basic/SourceManager.h"

using namespace clang;

namespace tdrc {

namespace {

/// One field to move: its access path from the variable and its type.
struct FieldPart {
  std::string Path;
  QualType Type;
};

/// The record of T when it is a struct that splits into its fields.
const RecordDecl *splittableStruct(ASTContext &Ctx, QualType T) {
  const RecordDecl *RD = T->getAsRecordDecl();
  if (!RD || !RD->isStruct() || !RD->isCompleteDefinition() ||
      RD->hasFlexibleArrayMember() ||
      Ctx.getSourceManager().isInSystemHeader(RD->getLocation()))
    return nullptr;
  if (auto *CXX = dyn_cast<CXXRecordDecl>(RD))
    if (CXX->getNumBases() || CXX->isDynamicClass() ||
        !CXX->isTriviallyCopyable())
      return nullptr;
  return RD;
}

/// A type that moves whole through one pool slot (per element of an array).
bool movesWhole(QualType T) {
  T = T.getCanonicalType();
  if (T->isHalfType() || T->isFloat16Type()) // no `half` pool (OpenCL 1.2)
    return false;
  return T->isScalarType() || T->isVectorType() || T->isRecordType();
}

/// Appends the fields of RD below Path to Out; false when one cannot be
/// assigned on its own.
bool collectFields(ASTContext &Ctx, const RecordDecl *RD,
                   const std::string &Path, std::vector<FieldPart> &Out,
                   unsigned Depth) {
  if (Depth > 8)
    return false;
  for (const FieldDecl *F : RD->fields()) {
    QualType T = F->getType();
    if (F->isBitField() || !F->getIdentifier() || T.isConstQualified() ||
        T->isReferenceType() ||
        (F->getAccess() != AS_public && F->getAccess() != AS_none))
      return false;
    std::string Sub = Path + "." + F->getNameAsString();
    if (const RecordDecl *Inner = splittableStruct(Ctx, T)) {
      if (!collectFields(Ctx, Inner, Sub, Out, Depth + 1))
        return false;
      continue;
    }
    if (auto *CAT = Ctx.getAsConstantArrayType(T)) {
      QualType Elem = CAT->getElementType();
      if (CAT->getSize() == 0 || Elem->isArrayType() ||
          Elem.isConstQualified() || !movesWhole(Elem))
        return false;
    } else if (!movesWhole(T)) {
      return false;
    }
    Out.push_back({Sub, T});
  }
  return !Out.empty();
}

} // namespace

bool splitStructState(PlannerState &S) {
  bool Any = false;
  for (RemapRound &R : S.Plan.Rounds) {
    std::vector<LiveVar> Live;
    for (const LiveVar &L : R.Live) {
      std::vector<FieldPart> Fields;
      const RecordDecl *RD = nullptr;
      if (L.How == LiveVar::Migrate && L.Var && L.Field.empty() &&
          L.Elements == 1)
        RD = splittableStruct(S.Ctx, L.Var->getType());
      if (!RD || !collectFields(S.Ctx, RD, "", Fields, 0)) {
        Live.push_back(L);
        continue;
      }
      for (const FieldPart &F : Fields) {
        LiveVar Part = L;
        Part.Field = F.Path;
        Part.FieldType = F.Type;
        placeInPool(S, Part, F.Type);
        Live.push_back(Part);
      }
      Any = true;
    }
    R.Live = std::move(Live);
    // The round's own bytes, which choose the round a cancel takes.
    R.LocalBytes = 0;
    for (const LiveVar &L : R.Live)
      if (L.How == LiveVar::Migrate)
        R.LocalBytes += L.Elements * S.Plan.Pools[L.Pool].ElementBytes *
                        S.Plan.MaxWorkGroupSize;
  }
  return Any;
}

} // namespace tdrc
