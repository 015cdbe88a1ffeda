//===- EditList.cpp -------------------------------------------------------===//
#include "tdrc/Rewriter/EditList.h"
#include "clang/Tooling/Core/Replacement.h"

namespace tdrc {

void EditList::insert(unsigned Offset, const std::string &Text) {
  Edits[Offset].Before += Text;
}

void EditList::replace(unsigned Offset, unsigned Length,
                       const std::string &Text) {
  Edit &E = Edits[Offset];
  E.Replaces = true;
  E.Length = Length;
  E.Text = Text;
}

bool EditList::touches(unsigned Begin, unsigned End) const {
  for (auto It = Edits.lower_bound(Begin); It != Edits.end() && It->first < End;
       ++It)
    if (It->first > Begin || It->second.Replaces)
      return true;
  if (auto It = Edits.lower_bound(Begin); It != Edits.begin()) {
    --It; // one that starts before Begin and replaces into the range
    return It->first + It->second.Length > Begin;
  }
  return false;
}

llvm::Expected<std::string> EditList::apply(llvm::StringRef FileName,
                                            llvm::StringRef Code) const {
  clang::tooling::Replacements Reps;
  unsigned End = 0;
  for (const auto &[Offset, E] : Edits) {
    if (Offset < End || Offset + E.Length > Code.size())
      return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                     "internal error: overlapping edits at "
                                     "offset %u",
                                     Offset);
    End = Offset + E.Length;
    if (llvm::Error Err = Reps.add(clang::tooling::Replacement(
            FileName, Offset, E.Length, E.Before + E.Text)))
      return llvm::Expected<std::string>(std::move(Err));
  }
  return clang::tooling::applyAllReplacements(Code, Reps);
}

} // namespace tdrc
