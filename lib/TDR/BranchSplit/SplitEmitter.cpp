//===- SplitEmitter.cpp - The path kernels and their descriptor -----------===//
//
// After the kernel, unchanged, come one descriptor line and the parts:
//
//   /* tdrc-split: kernel=K parts=K__p0,K__p1 reads=1 writes=0 */
//   __kernel void K__p0(...) { ... if (c) { path 0 } else { return; } ... }
//   __kernel void K__p1(...) { ... if (c) { return; } else { path 1 } ... }
//
// Each part is the kernel's own text (comments, macros and formatting kept)
// with its name changed and every arm but its own replaced by `return`; a
// chain without a final else gets `else { return; }` in every part but the
// last, which runs the work-items no condition takes.  reads= and writes=
// are the parameters (by index) the parts read before the branch and the
// kernel may write: a host that binds one buffer to both must run K.
//
//===----------------------------------------------------------------------===//
#include "SplitEmitter.h"
#include "tdrc/TDR/BranchSplit/BranchSplitTransform.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/SourceText.h"
#include "clang/AST/Decl.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace tdrc {

std::vector<std::pair<SourceText::Range, std::string>>
onlyPath(const std::vector<std::optional<SourceText::Range>> &Arm, unsigned I) {
  std::vector<std::pair<SourceText::Range, std::string>> Subs;
  size_t N = Arm.size();
  for (size_t J = 0; J < N; ++J)
    if (J != I && Arm[J])
      Subs.push_back({*Arm[J], "{ return; }"});
  if (!Arm.back() && I + 1 != N) // only the last part runs "none"
    Subs.push_back({{Arm[N - 2]->End, Arm[N - 2]->End}, " else { return; }"});
  return Subs;
}

std::string indexList(const std::vector<unsigned> &L) {
  std::string S;
  for (unsigned I : L)
    S += (S.empty() ? "" : ",") + std::to_string(I);
  return S;
}

bool namedBySplitDescriptor(llvm::StringRef Text, llvm::StringRef Name) {
  for (size_t At = Text.find("/* tdrc-split"); At != llvm::StringRef::npos;
       At = Text.find("/* tdrc-split", At + 1)) {
    llvm::StringRef D = Text.substr(At, Text.find("*/", At) - At);
    llvm::SmallVector<llvm::StringRef, 8> Fields, Names;
    D.split(Fields, ' ', -1, false);
    for (llvm::StringRef F : Fields) {
      auto [Key, Value] = F.split('=');
      if (Key != "kernel" && Key != "list" && Key != "parts")
        continue;
      Names.clear();
      Value.split(Names, ',', -1, false);
      if (llvm::is_contained(Names, Name))
        return true;
    }
  }
  return false;
}

bool emitBranchSplit(ASTContext &Ctx, const SplitPlan &P, EditList &Edits,
                     KernelSequence &Seq, std::string &Why) {
  std::optional<KernelText> T =
      kernelText(Ctx.getSourceManager(), P.Kernel, Why);
  if (!T)
    return false;
  SourceText ST(Ctx);
  std::vector<std::optional<SourceText::Range>> Arm;
  for (const Stmt *S : P.Arms) {
    Arm.push_back(S ? ST.stmtRange(S) : std::nullopt);
    if (S && !Arm.back()) {
      Why = spelledInMacro("the path at " + ST.where(S->getBeginLoc()));
      return false;
    }
  }
  std::string K = P.Kernel->getNameAsString();
  unsigned N = unsigned(P.Arms.size());
  KernelSequence S;
  for (unsigned I = 0; I < N; ++I)
    S.Parts.push_back(splitPartName(K, I));
  std::string Parts = llvm::join(S.Parts, ",");
  S.Reads = P.Reads;
  S.Writes = P.Writes;
  std::string Out = "\n\n/* tdrc-split: kernel=" + K + " parts=" + Parts +
                    " reads=" + indexList(P.Reads) +
                    " writes=" + indexList(P.Writes) + " */\n"
                    "// tdrc: '" + K + "' split at its branch at " +
                    ST.where(P.Branch->getIfLoc()) +
                    ", one kernel per path; run in this order, with its "
                    "arguments and sizes, they compute what it computes.\n";
  for (unsigned I = 0; I < N; ++I) {
    std::vector<std::pair<SourceText::Range, std::string>> Subs =
        onlyPath(Arm, I);
    Subs.push_back({{T->Begin + T->NameAt,
                     T->Begin + T->NameAt + unsigned(K.size())},
                    splitPartName(K, I)});
    Out += "\n" + ST.respell({T->Begin, T->End}, std::move(Subs)) + "\n";
  }
  if (P.Lists) { // the split plan stands without them
    std::string NoLists;
    if (std::optional<std::string> L = splitListsText(Ctx, P, *T, NoLists)) {
      Out += *L;
      S.List = splitListName(K);
      for (unsigned I = 0; I < N; ++I)
        S.ListParts.push_back(splitListPartName(K, I));
    } else
      Out += "// tdrc: no per-path lists: " + NoLists + "\n";
  }
  Edits.insert(T->End, Out);
  Seq = std::move(S);
  return true;
}

} // namespace tdrc
