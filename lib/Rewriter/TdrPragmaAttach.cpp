//===- TdrPragmaAttach.cpp - Tie `#pragma tdr` lines to branches/kernels --===//
//
// A line belongs to the if, switch, loop or function definition whose first
// token is the first token after it, skipping only whitespace, comments and
// other `#pragma tdr` lines (raw lexing of the main file; any other
// directive, such as `#if`, breaks the tie).  A statement that starts a
// macro expansion starts where the macro is invoked.  The lines of one
// statement merge; if two contradict, every line of it is dropped.  A loop
// takes target, skip and the loop transforms (`split` there means loop
// splitting); the remap round's clauses and branch transforms are ignored
// on a loop with a warning.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Rewriter/TdrPragmas.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/PathShapes.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/MapVector.h"
#include <map>

using namespace clang;

namespace tdrc {

namespace {

/// What may follow a pragma line: a branch, a loop or a function.
struct Candidate {
  const Stmt *Branch = nullptr;        // IfStmt, SwitchStmt or a loop
  const FunctionDecl *Fn = nullptr;    // a function declaration
  const FunctionDecl *Owner = nullptr; // the function around Branch
  bool ElseIf = false;                 // Branch is the `if` of an `else if`
};

/// Every if, switch and function of the main file by its first token's offset.
class CandidateFinder : public RecursiveASTVisitor<CandidateFinder> {
public:
  CandidateFinder(const SourceManager &SM, const LangOptions &LO)
      : SM(SM), LO(LO) {}

  bool TraverseFunctionDecl(FunctionDecl *FD) {
    add(FD->getBeginLoc(), {nullptr, FD, nullptr, false});
    const FunctionDecl *Saved = Owner;
    Owner = FD;
    bool Ok = RecursiveASTVisitor::TraverseFunctionDecl(FD);
    Owner = Saved;
    return Ok;
  }
  bool VisitIfStmt(IfStmt *If) { // pre-order: a chain's head comes first
    if (const auto *Else = dyn_cast_or_null<IfStmt>(If->getElse()))
      ElseIfs.insert(Else);
    add(If->getBeginLoc(), {If, nullptr, Owner, ElseIfs.count(If) != 0});
    return true;
  }
  bool VisitSwitchStmt(SwitchStmt *S) {
    add(S->getBeginLoc(), {S, nullptr, Owner, false});
    return true;
  }
  bool VisitForStmt(ForStmt *S) { return addLoop(S); }
  bool VisitWhileStmt(WhileStmt *S) { return addLoop(S); }
  bool VisitDoStmt(DoStmt *S) { return addLoop(S); }

  std::map<unsigned, Candidate> ByOffset;

private:
  bool addLoop(Stmt *S) {
    add(S->getBeginLoc(), {S, nullptr, Owner, false});
    return true;
  }
  void add(SourceLocation L, const Candidate &C) {
    SourceLocation Start;
    if (L.isMacroID() && !Lexer::isAtStartOfMacroExpansion(L, SM, LO, &Start))
      return; // starts inside a macro's text: no line can precede it
    L = L.isMacroID() ? SM.getExpansionLoc(Start) : L;
    if (SM.getFileID(L) == SM.getMainFileID())
      ByOffset.try_emplace(SM.getFileOffset(L), C); // outermost first
  }

  const SourceManager &SM;
  const LangOptions &LO;
  const FunctionDecl *Owner = nullptr;
  llvm::DenseSet<const IfStmt *> ElseIfs;
};

class Attacher {
public:
  Attacher(ASTContext &Ctx, TdrPragmaLog &Log)
      : Ctx(Ctx), SM(Ctx.getSourceManager()), Log(Log),
        Finder(SM, Ctx.getLangOpts()) {
    for (Decl *D : Ctx.getTranslationUnitDecl()->decls())
      if (SM.isWrittenInMainFile(SM.getExpansionLoc(D->getBeginLoc())))
        Finder.TraverseDecl(D);
    for (const TdrPragmaLine &L : Log.Lines)
      LineEnd[L.Begin] = L.End;
  }

  TdrDirectives run() {
    TdrDirectives Dirs;
    llvm::MapVector<const Stmt *, std::vector<const TdrPragmaLine *>> Groups;
    for (const TdrPragmaLine &L : Log.Lines)
      if (L.Valid)
        if (const Stmt *S = place(L, Dirs))
          Groups[S].push_back(&L);
    for (auto &[S, Lines] : Groups)
      merge(S, Lines, Dirs);
    return Dirs;
  }

private:
  void warn(SourceLocation L, std::string Msg) {
    Log.Warnings.push_back({L, std::move(Msg)});
  }
  static std::string spelled(const TdrPragmaLine &L) {
    std::string S = "'#pragma tdr";
    for (const TdrClause &C : L.Clauses)
      S += " " + C.text();
    return S + "'";
  }

  /// The main-file offset of the first token after the line at Offset that
  /// is not part of another `#pragma tdr` line.
  std::optional<unsigned> nextToken(unsigned Offset) const {
    FileID Main = SM.getMainFileID();
    StringRef Buf = SM.getBufferData(Main);
    for (;;) {
      Lexer Raw(SM.getLocForStartOfFile(Main), Ctx.getLangOpts(), Buf.begin(),
                Buf.begin() + Offset, Buf.end());
      Token T;
      Raw.LexFromRawLexer(T);
      if (T.is(tok::eof))
        return std::nullopt;
      unsigned At = SM.getFileOffset(T.getLocation());
      auto It = LineEnd.find(At);
      if (!T.is(tok::hash) || It == LineEnd.end())
        return At;
      Offset = It->second;
    }
  }

  /// Records an `off` line, or returns the branch a branch line belongs to.
  const Stmt *place(const TdrPragmaLine &L, TdrDirectives &Dirs) {
    const Candidate *C = nullptr;
    if (std::optional<unsigned> At = nextToken(L.End)) {
      auto It = Finder.ByOffset.find(*At);
      if (It != Finder.ByOffset.end())
        C = &It->second;
    }
    SourceLocation Loc = L.Clauses.front().Loc;
    std::string Kernel = dialectFor(Ctx.getLangOpts()).Kernel;
    if (L.isOff()) {
      if (C && C->Fn && C->Fn->doesThisDeclarationHaveABody() &&
          isKernelFunction(C->Fn))
        Dirs.Off.try_emplace(C->Fn, L.Hash);
      else
        warn(Loc, spelled(L) + " must be followed by a " + Kernel +
                      " function definition; ignored");
      return nullptr;
    }
    if (!C || !C->Branch)
      warn(Loc, spelled(L) + " must be followed by an if, switch or loop "
                             "statement; ignored");
    else if (C->ElseIf)
      warn(Loc, spelled(L) + " cannot apply to an 'else if' alone; put it "
                             "before the chain's first 'if'; ignored");
    else if (!C->Owner || !isKernelFunction(C->Owner))
      warn(Loc, spelled(L) + " applies to branches and loops of " + Kernel +
                    " functions only; ignored");
    else
      return C->Branch;
    return nullptr;
  }

  std::string at(const TdrClause &C) const {
    PresumedLoc P = SM.getPresumedLoc(C.Loc);
    return std::to_string(P.getLine()) + ":" + std::to_string(P.getColumn());
  }

  /// T, if it is a transforms(...) clause that turns remap off.
  static const TdrClause *remapOff(const TdrClause *T) {
    if (T)
      for (const auto &[Name, On] : T->Names)
        if (Name == "remap" && !On)
          return T;
    return nullptr;
  }

  /// An earlier clause of the branch that C contradicts, if any.
  static const TdrClause *
  contradicted(const TdrClause &C,
               const std::map<TdrClause::Kind, const TdrClause *> &Seen) {
    auto Get = [&](TdrClause::Kind K) {
      auto It = Seen.find(K);
      return It == Seen.end() ? nullptr : It->second;
    };
    const TdrClause *Skip = Get(TdrClause::Skip), *Algo = Get(TdrClause::Algo),
                    *Nb = Get(TdrClause::Neighbors);
    auto Hot = [](const TdrClause *X) {
      return X && isHeadOrTailLike(Algorithm(X->Value));
    };
    switch (C.K) {
    case TdrClause::Target:
      return Skip ? Skip : remapOff(Get(TdrClause::Transforms));
    case TdrClause::Skip:
      return Get(TdrClause::Target)      ? Get(TdrClause::Target)
             : Algo                      ? Algo
             : Nb                        ? Nb
                                         : Get(TdrClause::Transforms);
    case TdrClause::Algo:
      if (Algo && Algo->Value != C.Value)
        return Algo;
      return Skip ? Skip : Hot(&C) ? Nb : remapOff(Get(TdrClause::Transforms));
    case TdrClause::Neighbors:
      if (Nb && Nb->Value != C.Value)
        return Nb;
      return Skip ? Skip : Hot(Algo) ? Algo : remapOff(Get(TdrClause::Transforms));
    case TdrClause::Off:
      break;
    case TdrClause::Transforms: {
      // A branch with remap turned off takes none of remap's clauses.
      if (const TdrClause *T = Get(TdrClause::Transforms);
          T && T->Names != C.Names)
        return T;
      bool RemapOff = false;
      for (const auto &[Name, On] : C.Names)
        RemapOff |= Name == "remap" && !On;
      if (Skip)
        return Skip;
      if (RemapOff)
        return Get(TdrClause::Target) ? Get(TdrClause::Target) : Algo ? Algo : Nb;
      return nullptr;
    }
    }
    return nullptr;
  }

  static unsigned pathsOf(const Stmt *S) {
    if (const auto *If = dyn_cast<IfStmt>(S))
      return unsigned(elseIfChain(If).size()) + 1;
    SwitchPaths SP;
    return switchPaths(cast<SwitchStmt>(S), SP) ? 0 : SP.paths();
  }

  static bool isLoop(const Stmt *S) {
    return isa<ForStmt, WhileStmt, DoStmt>(S);
  }

  /// C as it applies to a loop: `split` is loop splitting; the remap
  /// round's clauses are dropped with a warning (none when nothing is
  /// left).  A transform of branches asked for sets Wrong (the loop's lines
  /// are then all dropped: `meld` would leave `target` alone).
  std::optional<TdrClause> forLoop(const TdrClause &C, bool &Wrong) {
    if (C.K == TdrClause::Algo || C.K == TdrClause::Neighbors) {
      warn(C.Loc, "'#pragma tdr " + C.text() + "' chooses a remap round's "
                  "algorithm and applies to branches, not loops; ignored");
      return std::nullopt;
    }
    if (C.K != TdrClause::Transforms)
      return C;
    TdrClause Out = C;
    Out.Names.clear();
    for (auto [Name, On] : C.Names) {
      if (Name == "split")
        Name = "loopsplit";
      if (Name == "loopsplit" || Name == "dwa")
        Out.Names.push_back({Name, On});
      else if (On && !Wrong) {
        warn(C.Loc, "the transform '" + Name + "' changes branches, not "
                    "loops; every '#pragma tdr' of this loop is ignored");
        Wrong = true;
      }
    }
    if (Out.Names.empty())
      return std::nullopt;
    return Out;
  }

  void merge(const Stmt *S, const std::vector<const TdrPragmaLine *> &Lines,
             TdrDirectives &Dirs) {
    std::vector<TdrClause> Clauses; // filled first: Seen points into it
    bool Wrong = false;
    for (const TdrPragmaLine *L : Lines)
      for (const TdrClause &C : L->Clauses)
        if (!isLoop(S))
          Clauses.push_back(C);
        else if (std::optional<TdrClause> LC = forLoop(C, Wrong))
          Clauses.push_back(std::move(*LC));
    if (Wrong)
      return;
    std::map<TdrClause::Kind, const TdrClause *> Seen; // first of each kind
    for (const TdrClause &C : Clauses) {
      if (const TdrClause *Prev = contradicted(C, Seen)) {
        warn(C.Loc, "'#pragma tdr " + C.text() + "' contradicts " +
                        "'#pragma tdr " + Prev->text() + "' at " + at(*Prev) +
                        "; every '#pragma tdr' of this " +
                        (isLoop(S) ? "loop" : "branch") + " is ignored");
        return;
      }
      Seen.try_emplace(C.K, &C);
    }
    BranchDirective D;
    D.Loc = Lines.front()->Hash;
    for (auto [K, C] : Seen) {
      D.Target |= K == TdrClause::Target;
      D.Skip |= K == TdrClause::Skip;
      if (K == TdrClause::Algo)
        D.Algo = Algorithm(C->Value);
      if (K == TdrClause::Neighbors)
        D.Neighbors = C->Value;
      if (K == TdrClause::Transforms)
        for (const auto &[Name, On] : C->Names)
          D.Transforms[Name] = On;
    }
    unsigned Paths = D.Algo ? pathsOf(S) : 0; // branches only
    if (D.Algo && isHeadOrTailLike(*D.Algo) && Paths > 2) {
      warn(Seen[TdrClause::Algo]->Loc,
           "Head-or-Tail handles two paths only and this branch has " +
               std::to_string(Paths) + "; 'algorithm(" +
               algorithmKeyword(*D.Algo) + ")' ignored");
      D.Algo.reset();
    }
    if (D.Algo && isWarpLevel(*D.Algo) && !Ctx.getLangOpts().CUDA) {
      warn(Seen[TdrClause::Algo]->Loc,
           std::string("'algorithm(") + algorithmKeyword(*D.Algo) +
               ")' needs CUDA's warp intrinsics; ignored in OpenCL");
      D.Algo.reset();
    }
    if (D.Target || D.Skip || D.Algo || D.Neighbors || !D.Transforms.empty())
      Dirs.Branches[S] = D;
  }

  ASTContext &Ctx;
  const SourceManager &SM;
  TdrPragmaLog &Log;
  CandidateFinder Finder;
  std::map<unsigned, unsigned> LineEnd; // `#` offset -> end of its line
};

} // namespace

TdrDirectives attachTdrPragmas(ASTContext &Ctx, TdrPragmaLog &Log) {
  return Attacher(Ctx, Log).run();
}

} // namespace tdrc
