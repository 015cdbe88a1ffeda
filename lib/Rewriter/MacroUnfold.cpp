//===- MacroUnfold.cpp - Macro invocations a transform would have to edit --===//
#include "tdrc/Rewriter/MacroUnfold.h"
#include "tdrc/Rewriter/ExpansionRecorder.h"
#include "tdrc/Rewriter/MacroText.h"
#include "tdrc/TDR/CudaBuiltins.h"
#include "tdrc/TDR/OpenCLBuiltins.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/CharInfo.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include <map>

using namespace clang;

namespace tdrc {

namespace {

constexpr const char *MarkerComment = "/* tdrc: unfolded macro */";

/// A line of its own that gives the next line the number Line.
std::string lineMarker(unsigned Line) {
  return "#line " + std::to_string(Line) + " " + MarkerComment + "\n";
}

/// A name that reads a work-item's identity: an ID query (the group ID too:
/// work pools, unified paths and per-path lists redirect it), or CUDA's
/// threadIdx / blockIdx.
bool isIdName(StringRef Name) {
  return classifyBuiltin(Name) == BuiltinKind::WorkItemId ||
         Name == "get_group_id" || Name == cudaVarName(CudaVar::ThreadIdx) ||
         Name == cudaVarName(CudaVar::BlockIdx);
}

/// Whether S reads an ID itself (helpers aside).
bool readsIdHere(const Stmt *S) {
  if (auto *CE = dyn_cast<CallExpr>(S))
    if (const FunctionDecl *FD = CE->getDirectCallee();
        FD && !FD->hasBody() && FD->getIdentifier())
      return isIdName(FD->getName());
  CudaVarRef V = cudaBuiltinVar(S);
  return V.Var == CudaVar::ThreadIdx || V.Var == CudaVar::BlockIdx;
}

/// The user functions that read an ID, themselves or through the functions
/// they call: a transform calls a clone of each with the item's IDs, so a
/// call of one spelled in a macro is edited like an ID query.
class IdHelperFinder : public RecursiveASTVisitor<IdHelperFinder> {
public:
  bool TraverseFunctionDecl(FunctionDecl *FD) {
    const FunctionDecl *Saved = Fn;
    Fn = FD->doesThisDeclarationHaveABody() ? FD->getCanonicalDecl() : nullptr;
    bool Ok = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Fn = Saved;
    return Ok;
  }
  bool VisitStmt(Stmt *S) {
    if (!Fn)
      return true;
    if (readsIdHere(S))
      Reads.insert(Fn);
    else if (auto *CE = dyn_cast<CallExpr>(S))
      if (const FunctionDecl *Callee = CE->getDirectCallee())
        Calls.push_back({Fn, Callee->getCanonicalDecl()});
    return true;
  }
  /// Reads, closed over the calls.
  llvm::DenseSet<const FunctionDecl *> helpers() {
    for (bool Changed = true; Changed;) {
      Changed = false;
      for (const auto &[Caller, Callee] : Calls)
        if (Reads.count(Callee))
          Changed |= Reads.insert(Caller).second;
    }
    return Reads;
  }

private:
  const FunctionDecl *Fn = nullptr;
  llvm::DenseSet<const FunctionDecl *> Reads;
  std::vector<std::pair<const FunctionDecl *, const FunctionDecl *>> Calls;
};

/// The names of the helpers that read IDs, see IdHelperFinder.
llvm::StringSet<> idHelperNames(ASTContext &Ctx) {
  IdHelperFinder F;
  F.TraverseDecl(Ctx.getTranslationUnitDecl());
  llvm::StringSet<> Names;
  for (const FunctionDecl *FD : F.helpers())
    if (FD->getIdentifier())
      Names.insert(FD->getName());
  return Names;
}

/// The file locations of the invocations holding what a transform edits.
class InvocationFinder : public RecursiveASTVisitor<InvocationFinder> {
public:
  InvocationFinder(const SourceManager &SM, unsigned LBrac, unsigned RBrac,
                   const llvm::StringSet<> &IdHelpers)
      : SM(SM), LBrac(LBrac), RBrac(RBrac), IdHelpers(IdHelpers) {}

  bool VisitStmt(Stmt *S) {
    if (isa<IfStmt, SwitchStmt, ForStmt, WhileStmt, DoStmt, ReturnStmt,
            GotoStmt, BreakStmt, ContinueStmt, LabelStmt>(S) ||
        readsId(S)) {
      note(S->getBeginLoc());
      note(S->getEndLoc());
    }
    const Expr *Cond = nullptr;
    if (auto *If = dyn_cast<IfStmt>(S))
      Cond = If->getCond();
    else if (auto *W = dyn_cast<WhileStmt>(S))
      Cond = W->getCond();
    else if (auto *F = dyn_cast<ForStmt>(S))
      Cond = F->getCond();
    else if (auto *D = dyn_cast<DoStmt>(S))
      Cond = D->getCond();
    else if (auto *Sw = dyn_cast<SwitchStmt>(S))
      Cond = Sw->getCond();
    if (Cond) {
      note(Cond->getBeginLoc());
      note(Cond->getEndLoc());
    }
    return true;
  }

  bool VisitDoStmt(DoStmt *D) {
    const auto *Zero =
        dyn_cast<IntegerLiteral>(D->getCond()->IgnoreParenImpCasts());
    if (Zero && Zero->getValue() == 0 && !leaves(D->getBody(), false, false))
      PlainDos.insert(D->getDoLoc());
    return true;
  }

  std::vector<SourceLocation> Starts; // macro name tokens, in order seen
  llvm::DenseSet<SourceLocation> PlainDos; // `do { } while (0)`: a block

private:
  /// Whether a break or continue in S leaves the statement around S.
  static bool leaves(const Stmt *S, bool InLoop, bool InSwitch) {
    if (!S)
      return false;
    if (isa<BreakStmt>(S))
      return !InLoop && !InSwitch;
    if (isa<ContinueStmt>(S))
      return !InLoop;
    bool Loop = isa<ForStmt, WhileStmt, DoStmt>(S);
    bool Switch = isa<SwitchStmt>(S);
    for (const Stmt *C : S->children())
      if (leaves(C, InLoop || Loop, InSwitch || Switch))
        return true;
    return false;
  }
  /// An ID read, or a call of a helper that reads one.
  bool readsId(const Stmt *S) const {
    if (readsIdHere(S))
      return true;
    auto *CE = dyn_cast<CallExpr>(S);
    const FunctionDecl *FD = CE ? CE->getDirectCallee() : nullptr;
    return FD && FD->getIdentifier() && IdHelpers.count(FD->getName());
  }
  void note(SourceLocation L) {
    if (L.isInvalid() || !L.isMacroID())
      return;
    SourceLocation F = SM.getExpansionLoc(L);
    if (!SM.isInMainFile(F))
      return;
    unsigned Off = SM.getFileOffset(F);
    if (Off > LBrac && Off < RBrac && Seen.insert(Off).second)
      Starts.push_back(F);
  }

  const SourceManager &SM;
  unsigned LBrac, RBrac;
  const llvm::StringSet<> &IdHelpers;
  llvm::DenseSet<unsigned> Seen;
};

/// Whether the expansion can be spelled as plain text that compiles the
/// same later: no macro from the command line or the compiler's predefines
/// (other -D flags may be given then), no directive in its arguments.
bool spellable(const SourceManager &SM, StringRef Spelled,
               llvm::ArrayRef<ExpandedToken> Expanded) {
  for (size_t At = Spelled.find('#'); At != StringRef::npos;
       At = Spelled.find('#', At + 1))
    if (Spelled.take_front(At).rtrim(" \t").ends_with("\n"))
      return false; // a directive inside the arguments
  for (const ExpandedToken &T : Expanded)
    for (SourceLocation D = T.Loc; D.isMacroID();
         D = SM.getImmediateMacroCallerLoc(D)) {
      // The macro bodies this token went through (a predefined macro used
      // by a file's macro taints it as well).
      SourceLocation Sp = SM.getSpellingLoc(D);
      if (SM.isWrittenInCommandLineFile(Sp) || SM.isWrittenInBuiltinFile(Sp))
        return false;
    }
  return true;
}

/// Whether the expansion itself holds what a transform edits: a branch,
/// loop or jump keyword, a work-item ID query or a call of a helper that
/// reads one.  An invocation that only borders such code (`i < STEPS`)
/// stays: unfolding would bake in a value the build may set otherwise
/// (`#ifndef STEPS`, `-DSTEPS=10`).
bool holdsTarget(llvm::ArrayRef<ExpandedToken> Expanded,
                 const llvm::StringSet<> &IdHelpers) {
  for (const ExpandedToken &T : Expanded) {
    switch (T.Kind) {
    case tok::kw_if: case tok::kw_for: case tok::kw_while: case tok::kw_do:
    case tok::kw_switch: case tok::kw_case: case tok::kw_return:
    case tok::kw_goto: case tok::kw_break: case tok::kw_continue:
      return true;
    default:
      if (isIdName(T.Text) || IdHelpers.count(T.Text))
        return true;
    }
  }
  return false;
}

/// Whether the file tests the macro's name (`#ifndef NAME`, `#ifdef NAME`,
/// `defined(NAME)`): a definition the build can override.
bool overridable(StringRef Code, StringRef Name) {
  for (size_t At = Code.find(Name); At != StringRef::npos;
       At = Code.find(Name, At + 1)) {
    bool WordStart = At == 0 || !isAsciiIdentifierContinue(Code[At - 1]);
    bool WordEnd = At + Name.size() >= Code.size() ||
                   !isAsciiIdentifierContinue(Code[At + Name.size()]);
    if (!WordStart || !WordEnd)
      continue;
    StringRef Before = Code.take_front(At).rtrim(" \t(");
    if (Before.ends_with("ifndef") || Before.ends_with("ifdef") ||
        Before.ends_with("defined"))
      return true;
  }
  return false;
}

/// Where a token that a header's macro spelled was named in the user's
/// text (`__global__` in a kernel-defining macro's body): the caller loc
/// spelled in the main file; invalid for a token spelled there itself.
SourceLocation headerMacroUse(const SourceManager &SM, SourceLocation L) {
  if (SM.isWrittenInMainFile(SM.getSpellingLoc(L)))
    return SourceLocation();
  while (L.isMacroID() && !SM.isWrittenInMainFile(SM.getSpellingLoc(L)))
    L = SM.getImmediateMacroCallerLoc(L);
  return SM.isWrittenInMainFile(SM.getSpellingLoc(L)) ? L : SourceLocation();
}

/// The expansion's tokens, those of a header's object-like macro named in
/// the user's text spelled as that name again (`__global__`, `FLT_MAX`),
/// not as the header's expansion (`__attribute__((global))`), unless they
/// hold what a transform edits (hashcat's `PASTE_PW`, `s_pws[get_local_id
/// (0)]`): the name would hide it again.
std::vector<MacroToken>
respellHeaderMacros(const SourceManager &SM, const LangOptions &LO,
                    llvm::ArrayRef<ExpandedToken> Expanded,
                    const llvm::DenseSet<SourceLocation> &PlainDos,
                    const llvm::StringSet<> &IdHelpers) {
  std::vector<MacroToken> Toks;
  auto Plain = [&](const ExpandedToken &T) {
    Toks.push_back({T.Kind, T.Text,
                    T.Kind == tok::kw_do && PlainDos.count(T.Loc)});
  };
  for (size_t I = 0; I < Expanded.size(); ++I) {
    const ExpandedToken &T = Expanded[I];
    SourceLocation Use = headerMacroUse(SM, T.Loc);
    std::optional<Token> Next;
    if (Use.isValid())
      Next = Lexer::findNextToken(SM.getSpellingLoc(Use), SM, LO);
    if (Use.isInvalid() || !Next || Next->is(tok::l_paren)) {
      Plain(T);
      continue;
    }
    // The run of tokens from that one use, then its name.
    size_t First = I;
    while (I + 1 < Expanded.size() &&
           headerMacroUse(SM, Expanded[I + 1].Loc) == Use)
      ++I;
    llvm::ArrayRef<ExpandedToken> Run = Expanded.slice(First, I + 1 - First);
    if (holdsTarget(Run, IdHelpers)) {
      llvm::for_each(Run, Plain);
      continue;
    }
    SourceLocation NameAt = SM.getSpellingLoc(Use);
    std::string Name = Lexer::getSourceText(
                           CharSourceRange::getTokenRange(NameAt), SM, LO)
                           .str();
    Toks.push_back({tok::identifier, Name, false});
  }
  return Toks;
}

/// The formatted replacement of one invocation, or nothing.
std::optional<MacroUnfold>
unfoldAt(ASTContext &Ctx, const ExpansionRecorder &Rec, SourceLocation Start,
         unsigned RBrac, const llvm::DenseSet<SourceLocation> &PlainDos,
         const llvm::StringSet<> &IdHelpers) {
  const SourceManager &SM = Ctx.getSourceManager();
  const LangOptions &LO = Ctx.getLangOpts();
  FileID FID = SM.getMainFileID();
  StringRef Code = SM.getBufferData(FID);
  MacroUnfold U;
  U.Begin = SM.getFileOffset(Start);
  const std::vector<ExpandedToken> *Expanded = Rec.tokens(U.Begin);
  if (!Expanded)
    return std::nullopt;
  // The invocation's text: from its name to the end of its last token.
  SourceLocation Last = SM.getExpansionRange(Expanded->front().Loc).getEnd();
  if (!SM.isWrittenInMainFile(Last))
    return std::nullopt;
  U.End = SM.getFileOffset(Last) + Lexer::MeasureTokenLength(Last, SM, LO);
  if (U.End >= RBrac || U.End <= U.Begin)
    return std::nullopt;
  U.Spelled = Code.slice(U.Begin, U.End).str();
  U.Macro = Code.substr(U.Begin)
                .take_while([](char C) { return isAsciiIdentifierContinue(C); })
                .str();
  if (!holdsTarget(*Expanded, IdHelpers) || !spellable(SM, U.Spelled, *Expanded) ||
      overridable(Code, U.Macro))
    return std::nullopt;
  std::vector<MacroToken> Toks =
      respellHeaderMacros(SM, LO, *Expanded, PlainDos, IdHelpers);
  // `do { } while (0);` wrappers: plain blocks (the file's `;` included).
  std::optional<Token> After = Lexer::findNextToken(Last, SM, LO);
  bool Semi = After && After->is(tok::semi) &&
              SM.isWrittenInMainFile(After->getLocation());
  if (dropDoWhileZero(Toks, Semi))
    U.End = SM.getFileOffset(After->getEndLoc());
  U.Spelled = Code.slice(U.Begin, U.End).str(); // the `;` too, if dropped
  size_t LineStart = Code.rfind('\n', U.Begin);
  LineStart = LineStart == StringRef::npos ? 0 : LineStart + 1;
  StringRef Indent = Code.slice(LineStart, U.Begin);
  Indent = Indent.take_while([](char C) { return C == ' ' || C == '\t'; });
  std::string Body = formatMacroTokens(Toks, Indent);
  std::string Label = invocationLabel(Code.slice(U.Begin, U.End));
  U.Line = SM.getPresumedLineNumber(SM.getExpansionLoc(Start));
  if (Body.find('\n') == std::string::npos) { // first, so columns stay
    U.Text = Body + " /* tdrc: " + Label + " */";
    return U;
  }
  // Every line of the expansion keeps the invocation's number: a branch in
  // it is reported at the line of the macro, which exists in the file.
  U.Text = "/* tdrc: unfolded " + Label + " */\n" + lineMarker(U.Line) +
           Indent.str();
  for (char C : Body) {
    U.Text += C;
    if (C == '\n')
      U.Text += lineMarker(U.Line);
  }
  size_t NL = Code.find('\n', U.End);
  if (NL != StringRef::npos) {
    U.Marker = true;
    U.NextLineOffset = unsigned(NL + 1);
    U.NextLine = SM.getPresumedLineNumber(
                     SM.getComposedLoc(FID, U.End ? U.End - 1 : 0)) +
                 1;
  }
  return U;
}

/// A kernel whose definition, head and body, is one macro invocation at
/// file scope (`DEFINE_KERNEL(name, op)`): that invocation, unfolded like
/// one in a body, so that the kernel becomes text a transform can edit.
std::optional<MacroUnfold>
wholeKernelUnfold(ASTContext &Ctx, const ExpansionRecorder &Rec,
                  const FunctionDecl *K, const CompoundStmt *Body,
                  const llvm::StringSet<> &IdHelpers) {
  const SourceManager &SM = Ctx.getSourceManager();
  SourceLocation Head = K->getBeginLoc(), End = Body->getRBracLoc();
  if (!Head.isMacroID() || !End.isMacroID())
    return std::nullopt;
  SourceLocation Start = SM.getExpansionLoc(Head);
  if (Start != SM.getExpansionLoc(End) || !SM.isWrittenInMainFile(Start) ||
      !K->getDeclContext()->getRedeclContext()->isFileContext())
    return std::nullopt;
  unsigned Size = SM.getBufferData(SM.getMainFileID()).size();
  return unfoldAt(Ctx, Rec, Start, Size + 1, {}, IdHelpers);
}

} // namespace

std::vector<KernelUnfolds>
findMacroUnfolds(ASTContext &Ctx, const ExpansionRecorder &Rec,
                 llvm::ArrayRef<const FunctionDecl *> Kernels) {
  const SourceManager &SM = Ctx.getSourceManager();
  std::vector<KernelUnfolds> Out;
  llvm::StringSet<> IdHelpers = idHelperNames(Ctx);
  llvm::DenseSet<unsigned> WholeSeen;
  for (const FunctionDecl *K : Kernels) {
    const auto *Body = dyn_cast_or_null<CompoundStmt>(K->getBody());
    if (std::optional<MacroUnfold> U =
            Body ? wholeKernelUnfold(Ctx, Rec, K, Body, IdHelpers)
                 : std::nullopt) {
      if (WholeSeen.insert(U->Begin).second) // one unfold per invocation
        Out.push_back({K->getNameAsString(), {std::move(*U)}});
      continue;
    }
    if (!Body || Body->getLBracLoc().isMacroID() ||
        Body->getRBracLoc().isMacroID() ||
        !SM.isInMainFile(Body->getLBracLoc()))
      continue;
    unsigned LBrac = SM.getFileOffset(Body->getLBracLoc());
    unsigned RBrac = SM.getFileOffset(Body->getRBracLoc());
    InvocationFinder F(SM, LBrac, RBrac, IdHelpers);
    F.TraverseStmt(const_cast<CompoundStmt *>(Body));
    KernelUnfolds KU{K->getNameAsString(), {}};
    for (SourceLocation S : F.Starts)
      if (std::optional<MacroUnfold> U =
              unfoldAt(Ctx, Rec, S, RBrac, F.PlainDos, IdHelpers))
        KU.Unfolds.push_back(std::move(*U));
    llvm::sort(KU.Unfolds, [](const MacroUnfold &A, const MacroUnfold &B) {
      return A.Begin < B.Begin;
    });
    // Overlaps cannot happen between top-level invocations; be safe.
    for (size_t I = 1; I < KU.Unfolds.size();)
      if (KU.Unfolds[I].Begin < KU.Unfolds[I - 1].End)
        KU.Unfolds.erase(KU.Unfolds.begin() + I);
      else
        ++I;
    if (!KU.Unfolds.empty())
      Out.push_back(std::move(KU));
  }
  return Out;
}

UnfoldedSource applyUnfolds(llvm::StringRef Code,
                            llvm::ArrayRef<const KernelUnfolds *> Kernels) {
  // offset -> the unfold; markers at line starts, one per line.
  std::map<unsigned, std::pair<const KernelUnfolds *, const MacroUnfold *>>
      Edits;
  std::map<unsigned, unsigned> Markers;
  for (const KernelUnfolds *K : Kernels)
    for (const MacroUnfold &U : K->Unfolds) {
      Edits[U.Begin] = {K, &U};
      if (U.Marker)
        Markers[U.NextLineOffset] = U.NextLine;
    }
  UnfoldedSource Src;
  std::string &Out = Src.Text;
  unsigned Pos = 0;
  auto E = Edits.begin();
  auto M = Markers.begin();
  while (E != Edits.end() || M != Markers.end()) {
    bool Marker = M != Markers.end() &&
                  (E == Edits.end() || M->first <= E->first);
    unsigned At = Marker ? M->first : E->first;
    Out.append(Code.data() + Pos, Code.data() + std::max(At, Pos));
    Pos = std::max(At, Pos);
    if (Marker) {
      Out += lineMarker(M->second);
      ++M;
    } else {
      const MacroUnfold &U = *E->second.second;
      unsigned Begin = unsigned(Out.size());
      Out += U.Text;
      Src.Spans.push_back({E->second.first, &U, Begin, unsigned(Out.size())});
      Pos = U.End;
      ++E;
    }
  }
  Out.append(Code.data() + std::min<size_t>(Pos, Code.size()),
             Code.data() + Code.size());
  return Src;
}

std::string dropUnfoldMarkers(llvm::StringRef Text) {
  std::string Out;
  Out.reserve(Text.size());
  while (!Text.empty()) {
    auto [Line, Rest] = Text.split('\n');
    bool HasNL = Line.size() < Text.size();
    StringRef T = Line.trim();
    bool Marker = T.consume_front("#line ") && T.ends_with(MarkerComment) &&
                  llvm::all_of(T.drop_back(strlen(MarkerComment)).rtrim(),
                               [](char C) { return C >= '0' && C <= '9'; });
    if (!Marker) {
      Out += Line;
      if (HasNL)
        Out += '\n';
    }
    Text = Rest;
  }
  return Out;
}

std::string unfoldSummary(llvm::ArrayRef<const MacroUnfold *> Unfolds) {
  if (Unfolds.empty())
    return "";
  std::string S = "; macro";
  S += Unfolds.size() > 1 ? "s " : " ";
  for (size_t I = 0; I < Unfolds.size(); ++I)
    S += (I ? ", " : "") + Unfolds[I]->Macro + " (line " +
         std::to_string(Unfolds[I]->Line) + ")";
  return S + (Unfolds.size() > 1 ? " unfolded into their expansions"
                                 : " unfolded into its expansion") +
         " to rewrite it";
}

} // namespace tdrc
