//===- HelperClones.cpp - Helpers that read IDs, redirected by clones -----===//
#include "HelperClones.h"
#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Explanation.h"
#include "tdrc/TDR/KernelAnalyses.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Expr.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include <cassert>
#include <map>

using namespace clang;

namespace tdrc {

namespace {

using Subs = std::vector<std::pair<SourceText::Range, std::string>>;

/// One name per redirected ID, in a fixed order.
std::string takeKey(const PoolIdRef &Id) {
  return std::to_string(int(Id.K)) + ":" + std::to_string(Id.Dim);
}

/// The helpers that read IDs, and the IDs each takes, from G (to a
/// fixpoint: a helper takes what the helpers it calls take).
std::map<const FunctionDecl *, std::map<std::string, PoolIdRef>>
takes(const HelperGraph &G) {
  std::map<const FunctionDecl *, std::map<std::string, PoolIdRef>> T;
  for (const HelperGraph::Read &R : G.Reads)
    T[R.Helper].insert({takeKey(R.Id), PoolIdRef{nullptr, R.Id.K, R.Id.Dim}});
  for (bool Changed = true; Changed;) {
    Changed = false;
    for (const HelperGraph::Call &C : G.Calls) {
      auto It = T.find(C.Callee);
      if (It == T.end() || C.Caller == C.Callee)
        continue;
      auto &To = T[C.Caller]; // std::map: It stays valid
      for (const auto &[Key, Id] : It->second)
        Changed |= To.insert({Key, Id}).second;
    }
  }
  return T;
}

std::string where(KernelAnalyses &A, const FunctionDecl *H) {
  return "helper '" + H->getNameAsString() + "' (at " +
         A.loc(H->getLocation()) + "), which reads IDs,";
}

/// H's declaration before offset Before in the main file, with a written
/// parameter list outside macros: where a clone's prototype can go.
const FunctionDecl *prototypeBefore(const SourceManager &SM,
                                    const FunctionDecl *H, unsigned Before) {
  for (const FunctionDecl *D : H->redecls()) {
    FunctionTypeLoc FTL = D->getFunctionTypeLoc();
    if (D->doesThisDeclarationHaveABody() || !FTL)
      continue;
    SourceLocation B = SM.getExpansionLoc(D->getBeginLoc());
    SourceLocation R = FTL.getRParenLoc(), N = D->getLocation();
    if (R.isValid() && N.isValid() && R.isFileID() && N.isFileID() &&
        SM.isInMainFile(B) && SM.isInMainFile(R) &&
        SM.getFileOffset(R) < Before)
      return D;
  }
  return nullptr;
}

/// Why H cannot be cloned for the kernel, or none; Proto is set when H is
/// defined after the kernel (its clone is then declared before it).
std::optional<std::string> whyNoClone(KernelAnalyses &A, const FunctionDecl *H,
                                      const FunctionDecl *&Proto) {
  const SourceManager &SM = A.Ctx.getSourceManager();
  Proto = nullptr;
  if (H->isTemplated() || H->isTemplateInstantiation())
    return where(A, H) + " is a template";
  if (H->isVariadic())
    return where(A, H) + " takes a variable number of arguments";
  if (isKernelFunction(H)) // a kernel called as a function: so would be its clone
    return where(A, H) + " is a kernel";
  // The clone is written at file scope and its ID parameters come last.
  if (!H->getDeclContext()->getRedeclContext()->isTranslationUnit())
    return where(A, H) + " is declared inside a namespace or a class";
  if (llvm::any_of(H->parameters(),
                   [](const ParmVarDecl *P) { return P->hasDefaultArg(); }))
    return where(A, H) + " has a parameter with a default argument";
  std::string Why;
  std::optional<KernelText> T = kernelText(SM, H, Why);
  if (!T)
    return where(A, H) + " is not spelled in the kernel's file (" + Why + ")";
  if (!H->getFunctionTypeLoc())
    return where(A, H) + " has no written parameter list";
  std::string KWhy;
  std::optional<KernelText> K = kernelText(SM, A.Kernel, KWhy);
  if (K && T->End > K->Begin &&
      !(Proto = prototypeBefore(SM, H, K->Begin)))
    return where(A, H) + " is defined after the kernel and declared before "
                         "it only in a macro or another file";
  return std::nullopt;
}

/// The callees-first order of the helpers in Need; false on a cycle.
bool order(const HelperGraph &G, const FunctionDecl *H,
           const std::map<const FunctionDecl *,
                          std::map<std::string, PoolIdRef>> &Need,
           llvm::DenseMap<const FunctionDecl *, int> &State,
           std::vector<const FunctionDecl *> &Out) {
  int &S = State[H];
  if (S == 2)
    return true;
  if (S == 1)
    return false; // on the current path: recursion
  S = 1;
  for (const HelperGraph::Call &C : G.Calls)
    if (C.Caller == H && Need.count(C.Callee) &&
        !order(G, C.Callee, Need, State, Out))
      return false;
  State[H] = 2;
  Out.push_back(H);
  return true;
}

std::string argList(const std::vector<PoolIdRef> &Takes, bool Cuda,
                    IdNamer Name) {
  std::string S;
  for (const PoolIdRef &Id : Takes)
    S += (S.empty() ? "" : ", ") + Name(Id, Cuda);
  return S;
}

/// Whether L is written in the file: outside macros, or in a macro's
/// argument (an edit of its spelling changes every use of the argument).
bool spelledInFile(const SourceManager &SM, SourceLocation L) {
  return L.isFileID() || (SM.isMacroArgExpansion(L) &&
                          SM.getSpellingLoc(L).isFileID());
}

/// The call's callee name and arguments, as the clone's (once, when a
/// macro expands the argument holding the call twice).
bool callSubs(const SourceText &T, const CallExpr *CE,
              const HelperClone &Callee, llvm::StringRef K, bool Cuda,
              IdNamer IdName, Subs &S, std::string &Why) {
  const SourceManager &SM = T.sourceManager();
  const auto *Ref = dyn_cast<DeclRefExpr>(CE->getCallee()->IgnoreImpCasts());
  std::optional<SourceText::Range> Name =
      Ref ? T.range(SourceRange(Ref->getLocation(), Ref->getLocation()))
          : std::nullopt;
  std::optional<SourceText::Range> RParen =
      T.range(SourceRange(CE->getRParenLoc(), CE->getRParenLoc()));
  if (!Name || !RParen || !spelledInFile(SM, Ref->getLocation()) ||
      !spelledInFile(SM, CE->getRParenLoc())) {
    Why = spelledInMacro("the call of helper '" +
                         Callee.Helper->getNameAsString() + "' at " +
                         T.where(CE->getBeginLoc()));
    return false;
  }
  for (const auto &[At, New] : S)
    if (At.Begin == Name->Begin && At.End == Name->End)
      return true; // the same spelling, expanded again
  S.push_back({*Name, helperCloneName(Callee.Helper, K)});
  S.push_back({{RParen->Begin, RParen->Begin},
               std::string(CE->getNumArgs() ? ", " : "") +
                   argList(Callee.Takes, Cuda, IdName)});
  return true;
}

const HelperClone *cloneOf(const ClonedHelpers &H, const CallExpr *CE) {
  const FunctionDecl *Callee = CE->getDirectCallee();
  const FunctionDecl *Def = Callee ? Callee->getDefinition() : nullptr;
  for (const HelperClone &C : H.Clones)
    if (C.Helper == Def)
      return &C;
  return nullptr;
}

} // namespace

std::string helperIdType(bool Cuda) { return Cuda ? "unsigned int" : "size_t"; }

std::string helperCloneName(const FunctionDecl *H, llvm::StringRef K) {
  return (H->getName() + "__tdr_" + K).str();
}

std::optional<std::string> planHelperClones(KernelAnalyses &A,
                                            const HelperGraph &G,
                                            ClonedHelpers &Out, unsigned &Dims,
                                            bool Allowed) {
  Out = ClonedHelpers();
  if (G.Reads.empty())
    return std::nullopt;
  if (!Allowed) {
    const HelperGraph::Read &R = G.Reads.front();
    return "helper '" + R.Helper->getNameAsString() + "' reads '" + R.Name +
           "' at " + A.loc(R.Id.E->getBeginLoc()) +
           " (pass the ID as an argument so it can be redirected)";
  }
  auto Need = takes(G);
  Need.erase(A.Kernel);
  llvm::DenseMap<const FunctionDecl *, int> State;
  std::vector<const FunctionDecl *> Order;
  for (const auto &[H, Ids] : Need)
    if (!order(G, H, Need, State, Order))
      return where(A, H) + " is recursive";
  for (const FunctionDecl *H : Order) {
    HelperClone C;
    if (std::optional<std::string> Why = whyNoClone(A, H, C.Prototype))
      return *Why;
    C.Helper = H;
    for (const auto &[Key, Id] : Need[H])
      C.Takes.push_back(Id);
    for (const HelperGraph::Read &R : G.Reads)
      if (R.Helper == H)
        C.Reads.push_back(R.Id);
    for (const HelperGraph::Call &Call : G.Calls)
      if (Call.Caller == H && Need.count(Call.Callee))
        C.Calls.push_back(Call.E);
    for (const PoolIdRef &Id : C.Takes)
      Dims = std::max(Dims, Id.Dim + 1);
    Out.Clones.push_back(std::move(C));
  }
  for (const HelperGraph::Call &Call : G.Calls)
    if (Call.Caller == A.Kernel && Need.count(Call.Callee))
      Out.Calls.push_back(Call.E);
  return std::nullopt;
}

namespace {

/// The clone's name and ID parameters, as edits of H's parameter list FTL.
bool signatureSubs(const SourceText &T, const FunctionDecl *H,
                   FunctionTypeLoc FTL, const HelperClone &C, llvm::StringRef K,
                   bool Cuda, IdNamer IdName, Subs &S, std::string &Why) {
  std::optional<SourceText::Range> Name =
      T.range(SourceRange(H->getLocation(), H->getLocation()));
  std::optional<SourceText::Range> LParen =
      FTL ? T.range(SourceRange(FTL.getLParenLoc(), FTL.getLParenLoc()))
          : std::nullopt;
  std::optional<SourceText::Range> RParen =
      FTL ? T.range(SourceRange(FTL.getRParenLoc(), FTL.getRParenLoc()))
          : std::nullopt;
  if (!Name || !LParen || !RParen) {
    Why = spelledInMacro("the parameter list of helper '" +
                         H->getNameAsString() + "'");
    return false;
  }
  S.push_back({*Name, helperCloneName(C.Helper, K)});
  std::string Params;
  for (const PoolIdRef &Id : C.Takes)
    Params += (Params.empty() ? "" : ", ") + helperIdType(Cuda) + " " +
              IdName(Id, Cuda);
  if (H->getNumParams() == 0) // `()` or `(void)`
    S.push_back({{LParen->End, RParen->Begin}, Params});
  else
    S.push_back({{RParen->Begin, RParen->Begin}, ", " + Params});
  return true;
}

/// C's definition after a comment; none with Why when a part cannot be
/// spelled.
std::optional<std::string> cloneDefinition(ASTContext &Ctx,
                                           const ClonedHelpers &H,
                                           const HelperClone &C,
                                           llvm::StringRef K, bool Cuda,
                                           IdNamer IdName, std::string &Why) {
  SourceText T(Ctx);
  std::optional<KernelText> KT =
      kernelText(Ctx.getSourceManager(), C.Helper, Why);
  Subs S;
  if (!KT || !signatureSubs(T, C.Helper, C.Helper->getFunctionTypeLoc(), C,
                            K, Cuda, IdName, S, Why))
    return std::nullopt;
  for (const PoolIdRef &Id : C.Reads) {
    std::optional<SourceText::Range> R = T.range(Id.E->getSourceRange());
    if (!R) {
      Why = spelledInMacro("an ID in helper '" +
                           C.Helper->getNameAsString() + "'");
      return std::nullopt;
    }
    S.push_back({*R, IdName(Id, Cuda)});
  }
  for (const CallExpr *CE : C.Calls)
    if (const HelperClone *Callee = cloneOf(H, CE);
        Callee && !callSubs(T, CE, *Callee, K, Cuda, IdName, S, Why))
      return std::nullopt;
  return "// tdrc: '" + C.Helper->getNameAsString() +
         "' with the item's IDs as parameters, for '" + K.str() + "'\n" +
         T.respell({KT->Begin, KT->End}, std::move(S));
}

/// The prototype of C's clone, from C.Prototype's text.
std::optional<std::string> clonePrototype(ASTContext &Ctx,
                                          const HelperClone &C,
                                          llvm::StringRef K, bool Cuda,
                                          IdNamer IdName, std::string &Why) {
  const SourceManager &SM = Ctx.getSourceManager();
  const FunctionDecl *P = C.Prototype;
  FunctionTypeLoc FTL = P->getFunctionTypeLoc();
  SourceText T(Ctx);
  Subs S;
  if (!signatureSubs(T, P, FTL, C, K, Cuda, IdName, S, Why))
    return std::nullopt;
  unsigned Begin = SM.getFileOffset(SM.getExpansionLoc(P->getBeginLoc()));
  unsigned End = SM.getFileOffset(FTL.getRParenLoc()) + 1;
  return "// tdrc: the clone of '" + C.Helper->getNameAsString() +
         "' for '" + K.str() + "' follows it\n" +
         T.respell({Begin, End}, std::move(S)) + ";";
}

} // namespace

std::optional<std::string> helperClonesText(ASTContext &Ctx,
                                            const ClonedHelpers &H,
                                            llvm::StringRef K, bool Cuda,
                                            IdNamer IdName, std::string &Why) {
  std::string Out;
  for (const HelperClone &C : H.Clones) {
    assert(!C.Prototype && "a clone here would precede what its body names");
    std::optional<std::string> D =
        cloneDefinition(Ctx, H, C, K, Cuda, IdName, Why);
    if (!D)
      return std::nullopt;
    Out += *D + "\n\n";
  }
  return Out;
}

bool cloneCallSubs(const SourceText &T, const ClonedHelpers &H,
                   llvm::StringRef K, bool Cuda, IdNamer IdName, Subs &S,
                   std::string &Why) {
  for (const CallExpr *CE : H.Calls)
    if (const HelperClone *Callee = cloneOf(H, CE);
        Callee && !callSubs(T, CE, *Callee, K, Cuda, IdName, S, Why))
      return false;
  return true;
}

bool emitHelperClones(ASTContext &Ctx, const ClonedHelpers &H,
                      const FunctionDecl *K, bool Cuda, IdNamer IdName,
                      const std::vector<SourceText::Range> &Spelled,
                      EditList &E, std::string &Why) {
  std::string N = K->getNameAsString();
  const SourceManager &SM = Ctx.getSourceManager();
  std::optional<KernelText> KT = kernelText(SM, K, Why);
  if (!KT)
    return false;
  // Before the kernel: the prototypes of the clones of helpers defined after
  // it, then the clones of those defined before it; the former follow
  // their helpers.
  std::string Before;
  for (const HelperClone &C : H.Clones)
    if (C.Prototype) {
      std::optional<std::string> P =
          clonePrototype(Ctx, C, N, Cuda, IdName, Why);
      if (!P)
        return false;
      Before += *P + "\n\n";
    }
  for (const HelperClone &C : H.Clones) {
    std::optional<std::string> D =
        cloneDefinition(Ctx, H, C, N, Cuda, IdName, Why);
    std::optional<KernelText> HT =
        D ? kernelText(SM, C.Helper, Why) : std::nullopt;
    if (!HT)
      return false;
    if (C.Prototype)
      E.insert(HT->End, "\n\n" + *D);
    else
      Before += *D + "\n\n";
  }
  E.insert(KT->LineStart, Before);
  SourceText T(Ctx);
  Subs S;
  for (const CallExpr *CE : H.Calls) {
    std::optional<SourceText::Range> R = T.range(CE->getSourceRange());
    bool Inside = false;
    for (const SourceText::Range &C : Spelled)
      Inside |= R && R->Begin >= C.Begin && R->End <= C.End;
    const HelperClone *Callee = cloneOf(H, CE);
    if (!Inside && Callee &&
        !callSubs(T, CE, *Callee, N, Cuda, IdName, S, Why))
      return false;
  }
  for (const auto &[At, New] : S)
    if (At.Begin == At.End)
      E.insert(At.Begin, New);
    else
      E.replace(At.Begin, At.End - At.Begin, New);
  return true;
}

} // namespace tdrc
