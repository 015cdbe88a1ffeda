//===- TdrPragmas.cpp - Lex `#pragma tdr` lines; print their warnings -----===//
#include "tdrc/Rewriter/TdrPragmas.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Basic/Version.h"
#include "clang/Lex/Pragma.h"
#include "tdrc/TDR/Transform.h"
#include <algorithm>

using namespace clang;

namespace tdrc {

std::string TdrClause::text() const {
  switch (K) {
  case Target:
    return "target";
  case Skip:
    return "skip";
  case Off:
    return "off";
  case Algo:
    return std::string("algorithm(") + algorithmKeyword(Algorithm(Value)) + ")";
  case Neighbors:
    return "neighbors(" + std::to_string(Value) + ")";
  case Transforms: {
    std::string T;
    for (const auto &[Name, On] : Names)
      T += (T.empty() ? "" : ", ") + std::string(On ? "" : "-") + Name;
    return "transforms(" + T + ")";
  }
  }
  return "";
}

namespace {

/// Clauses that never make sense together on one line.
bool excludes(const TdrClause &A, const TdrClause &B) {
  if (A.K == B.K || A.K == TdrClause::Off || B.K == TdrClause::Off ||
      A.K == TdrClause::Skip || B.K == TdrClause::Skip)
    return true;
  auto IsHot = [](const TdrClause &C) {
    return C.K == TdrClause::Algo && isHeadOrTailLike(Algorithm(C.Value));
  };
  return (IsHot(A) && B.K == TdrClause::Neighbors) ||
         (IsHot(B) && A.K == TdrClause::Neighbors);
}

/// Reads one line's tokens into clauses; the first problem ends the line.
class LineParser {
public:
  LineParser(Preprocessor &PP, std::vector<Token> Toks, SourceLocation Eod)
      : PP(PP), Toks(std::move(Toks)), Eod(Eod) {}

  /// The clauses, or nothing with Problem set.
  std::optional<std::vector<TdrClause>> parse() {
    std::vector<TdrClause> Out;
    while (I < Toks.size()) {
      std::optional<TdrClause> C = clause();
      if (!C)
        return std::nullopt;
      for (const TdrClause &Prev : Out)
        if (excludes(Prev, *C))
          return fail(C->Loc, Prev.K == C->K
                                  ? "'" + C->text() + "' given twice"
                                  : "'" + C->text() +
                                        "' cannot be combined with '" +
                                        Prev.text() + "'");
      Out.push_back(*C);
      if (!Alias.empty()) { // `meld`, `split`: `transforms(X)`, `target`
        std::string Name = std::move(Alias);
        Alias.clear();
        TdrClause T;
        T.Loc = C->Loc;
        for (const TdrClause &Prev : Out)
          if (excludes(Prev, T))
            return fail(T.Loc, "'" + Name + "' (target transforms(" + Name +
                                   ")) cannot be combined with '" +
                                   Prev.text() + "'");
        Out.push_back(T);
      }
    }
    return Out;
  }

  TdrWarning Problem;

private:
  std::nullopt_t fail(SourceLocation L, std::string Msg) {
    Problem = {L, "'#pragma tdr': " + Msg + "; line ignored"};
    return std::nullopt;
  }
  SourceLocation here() const {
    return I < Toks.size() ? Toks[I].getLocation() : Eod;
  }
  std::string found() const {
    return I < Toks.size() ? "'" + PP.getSpelling(Toks[I]) + "'"
                           : "end of line";
  }
  /// The next token's spelling if it is a word (identifiers and keywords).
  StringRef word() const {
    if (I < Toks.size())
      if (const IdentifierInfo *II = Toks[I].getIdentifierInfo())
        return II->getName();
    return "";
  }
  bool expect(tok::TokenKind K, const char *Spelling, StringRef After) {
    if (I < Toks.size() && Toks[I].is(K)) {
      ++I;
      return true;
    }
    fail(here(), std::string("expected '") + Spelling + "' after '" +
                     After.str() + "', found " + found());
    return false;
  }

  std::optional<TdrClause> clause() {
    TdrClause C;
    C.Loc = here();
    StringRef W = word();
    if (W.empty())
      return fail(here(), "unexpected " + found());
    ++I;
    if (W == "target" || W == "skip" || W == "off") {
      C.K = W == "target" ? TdrClause::Target
            : W == "skip" ? TdrClause::Skip
                          : TdrClause::Off;
      return C;
    }
    if (W == "algorithm") {
      C.K = TdrClause::Algo;
      if (!expect(tok::l_paren, "(", "algorithm"))
        return std::nullopt;
      StringRef A = word();
      std::optional<Algorithm> Named = algorithmNamed(A);
      if (!Named)
        return fail(here(), "expected 'hot', 'dgi', 'warp_hot' or 'ballot' in "
                            "'algorithm(...)', found " +
                                found());
      ++I;
      C.Value = unsigned(*Named);
      if (!expect(tok::r_paren, ")", "algorithm(" + A.str()))
        return std::nullopt;
      return C;
    }
    if (W == "neighbors") {
      C.K = TdrClause::Neighbors;
      if (!expect(tok::l_paren, "(", "neighbors"))
        return std::nullopt;
      std::string N = I < Toks.size() && Toks[I].is(tok::numeric_constant)
                          ? PP.getSpelling(Toks[I])
                          : "";
      if (N != "16" && N != "32" && N != "64")
        return fail(here(), "expected 16, 32 or 64 in 'neighbors(...)', "
                            "found " +
                                found());
      ++I;
      StringRef(N).getAsInteger(10, C.Value);
      if (!expect(tok::r_paren, ")", "neighbors(" + N))
        return std::nullopt;
      return C;
    }
    if (W == "transforms")
      return transforms(C);
    // `meld`: this branch melded, whatever its similarity; `split`: this
    // branch split (the transform on for its kernel), whatever the
    // occupancy screen says.
    if (W == "meld" || W == "split") {
      C.K = TdrClause::Transforms;
      C.Names = {{W.str(), true}};
      Alias = W.str();
      return C;
    }
    --I;
    return fail(here(), "unknown directive '" + W.str() +
                            "' (expected target, skip, off, meld, split, "
                            "algorithm(hot|dgi), neighbors(16|32|64) or "
                            "transforms(...))");
  }

  /// `transforms(name, -name, ...)`: names from the transform registry.
  std::optional<TdrClause> transforms(TdrClause C) {
    C.K = TdrClause::Transforms;
    if (!expect(tok::l_paren, "(", "transforms"))
      return std::nullopt;
    while (true) {
      bool On = !(I < Toks.size() && Toks[I].is(tok::minus));
      if (!On)
        ++I;
      StringRef Name = word();
      if (Name.empty() || !findTransform(Name)) {
        std::string Known;
        for (const TransformInfo &T : registeredTransforms())
          Known += std::string(Known.empty() ? "" : ", ") + T.Name;
        return fail(here(), "expected a transform (" + Known +
                                ") in 'transforms(...)', found " + found());
      }
      ++I;
      C.Names.push_back({Name.str(), On});
      if (I < Toks.size() && Toks[I].is(tok::comma)) {
        ++I;
        continue;
      }
      if (!expect(tok::r_paren, ")", "transforms(" + Name.str()))
        return std::nullopt;
      return C;
    }
  }

  Preprocessor &PP;
  std::vector<Token> Toks;
  SourceLocation Eod;
  size_t I = 0;
  std::string Alias; // the last clause was `meld` or `split`
};

class TdrPragmaHandler : public PragmaHandler {
public:
  explicit TdrPragmaHandler(std::shared_ptr<TdrPragmaLog> Log)
      : PragmaHandler("tdr"), Log(std::move(Log)) {}

  void HandlePragma(Preprocessor &PP, PragmaIntroducer Intro,
                    Token &First) override {
    // Unexpanded, like `#pragma clang`: a macro named `skip` must not matter.
    std::vector<Token> Toks;
    Token T;
    for (PP.LexUnexpandedToken(T); T.isNot(tok::eod); PP.LexUnexpandedToken(T))
      Toks.push_back(T);
    SourceManager &SM = PP.getSourceManager();
    // Only lines of the main file can be tied to the text tdrc rewrites.
    if (Intro.Kind != PIK_HashPragma) {
      Log->Warnings.push_back({Intro.Loc, "'#pragma tdr' is read only as a "
                                          "line of its own, not through "
                                          "_Pragma; ignored"});
      return;
    }
    if (!SM.isWrittenInMainFile(Intro.Loc)) {
      Log->Warnings.push_back({First.getLocation(),
                               "'#pragma tdr' outside the main file is "
                               "ignored (tdrc rewrites the main file only)"});
      return;
    }
    TdrPragmaLine Line;
    Line.Hash = Intro.Loc;
    Line.Begin = SM.getFileOffset(Intro.Loc);
    Line.End = SM.getFileOffset(SM.getExpansionLoc(T.getLocation()));
    LineParser P(PP, std::move(Toks), T.getLocation());
    if (std::optional<std::vector<TdrClause>> Cs = P.parse()) {
      if (Cs->empty())
        Log->Warnings.push_back(
            {First.getLocation(),
             "empty '#pragma tdr' (expected target, skip, off, meld, split, "
             "algorithm(hot|dgi), neighbors(16|32|64) or transforms(...)); "
             "line ignored"});
      Line.Valid = !Cs->empty();
      Line.Clauses = std::move(*Cs);
    } else {
      Log->Warnings.push_back(P.Problem);
    }
    Log->Lines.push_back(std::move(Line));
  }

private:
  std::shared_ptr<TdrPragmaLog> Log;
};

} // namespace

std::shared_ptr<TdrPragmaLog> registerTdrPragmas(Preprocessor &PP) {
  auto Log = std::make_shared<TdrPragmaLog>();
  PP.AddPragmaHandler(new TdrPragmaHandler(Log)); // PP owns the handler
  return Log;
}

void emitTdrWarnings(ASTContext &Ctx, const std::vector<TdrWarning> &Ws) {
  if (Ws.empty())
    return;
  DiagnosticsEngine &Main = Ctx.getDiagnostics();
  SourceManager &SM = Ctx.getSourceManager();
  // A fresh engine on the same printer: its state has neither the `-w` that
  // silences the user's warnings nor a `-Werror` that would fail the run.
#if CLANG_VERSION_MAJOR >= 21
  DiagnosticOptions Opts;
  DiagnosticsEngine D(Main.getDiagnosticIDs(), Opts, Main.getClient(),
                      /*ShouldOwnClient=*/false);
#else
  DiagnosticsEngine D(Main.getDiagnosticIDs(), new DiagnosticOptions,
                      Main.getClient(), /*ShouldOwnClient=*/false);
#endif
  D.setSourceManager(&SM);
  unsigned ID = D.getCustomDiagID(DiagnosticsEngine::Warning, "%0");
  std::vector<const TdrWarning *> Sorted;
  for (const TdrWarning &W : Ws)
    Sorted.push_back(&W);
  std::stable_sort(Sorted.begin(), Sorted.end(),
                   [&](const TdrWarning *A, const TdrWarning *B) {
                     return SM.isBeforeInTranslationUnit(A->Loc, B->Loc);
                   });
  for (const TdrWarning *W : Sorted)
    D.Report(W->Loc, ID) << W->Message;
}

} // namespace tdrc
