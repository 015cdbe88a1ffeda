//===- ExpansionRecorder.cpp - The tokens of the main file's macro invocations -===//
#include "tdrc/Rewriter/ExpansionRecorder.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

using namespace clang;

namespace tdrc {

ExpansionRecorder::ExpansionRecorder(Preprocessor &PP) {
  PP.setTokenWatcher([this, &PP](const Token &T) {
    SourceLocation L = T.getLocation();
    if (L.isInvalid() || !L.isMacroID())
      return;
    const SourceManager &SM = PP.getSourceManager();
    SourceLocation F = SM.getExpansionLoc(L);
    if (!SM.isWrittenInMainFile(F))
      return;
    Invocation &I = ByOffset[SM.getFileOffset(F)];
    if (T.isAnnotation() || T.is(tok::eod) || T.is(tok::unknown)) {
      I.Unspellable = true;
      return;
    }
    I.Toks.push_back({T.getKind(), PP.getSpelling(T), L});
  });
}

const std::vector<ExpandedToken> *
ExpansionRecorder::tokens(unsigned Offset) const {
  auto It = ByOffset.find(Offset);
  if (It == ByOffset.end() || It->second.Unspellable || It->second.Toks.empty())
    return nullptr;
  return &It->second.Toks;
}

} // namespace tdrc
