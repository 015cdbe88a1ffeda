//===- AddressEscape.cpp - Whether a private variable's address outlives calls ===//
//
// Follows every use of the variable (and of each pointer made from it)
// upwards through the AST: a use that reads or writes in place ends the
// walk, a pointer handed to a helper continues in the helper's body at the
// parameter, anything else (a pointer stored, returned, compared, bound to a
// reference, passed to a function without a body) is an escape.
//
//===----------------------------------------------------------------------===//
#include "tdrc/TDR/AddressEscape.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ParentMapContext.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include <set>

using namespace clang;

namespace tdrc {

namespace {

class EscapeWalk {
public:
  EscapeWalk(const KernelAnalyses &A) : A(A), Ctx(A.Ctx) {}

  /// Every reference to D under Root: each is an lvalue of the object.
  std::optional<std::string> fromDecl(const ValueDecl *D, const Stmt *Root,
                                      bool IsPointer, unsigned Depth) {
    if (Depth > 8)
      return std::string("helpers nested too deeply");
    std::optional<std::string> Why;
    struct Finder : RecursiveASTVisitor<Finder> {
      const ValueDecl *D;
      std::vector<const DeclRefExpr *> Refs;
      bool VisitDeclRefExpr(DeclRefExpr *E) {
        if (E->getDecl() == D)
          Refs.push_back(E);
        return true;
      }
    } F;
    F.D = D;
    F.TraverseStmt(const_cast<Stmt *>(Root));
    for (const DeclRefExpr *R : F.Refs)
      if ((Why = IsPointer ? pointerUse(R, Depth) : objectUse(R, Depth)))
        return Why;
    return std::nullopt;
  }

private:
  const KernelAnalyses &A;
  ASTContext &Ctx;

  /// The first parent of E that is not a parenthesis (E follows); a
  /// declaration's initialiser has the declaration as parent: Decl is set.
  const Stmt *up(const Expr *&E, const Decl *&Decl) {
    Decl = nullptr;
    for (;;) {
      auto Ps = Ctx.getParents(*E);
      if (Ps.empty())
        return nullptr;
      if ((Decl = Ps[0].get<clang::Decl>()))
        return nullptr;
      const Stmt *P = Ps[0].get<Stmt>();
      if (!P || !isa<ParenExpr>(P))
        return P;
      E = cast<Expr>(P);
    }
  }
  std::string at(const Stmt *S) { return A.loc(S->getBeginLoc()); }
  /// A trivial copy or move (C++ spells `a = b` and `T a = b` on structs as
  /// calls): reads or writes the object in place.
  static bool trivialCopy(const Stmt *P) {
    if (auto *CC = dyn_cast<CXXConstructExpr>(P))
      return CC->getConstructor()->isTrivial();
    if (auto *OC = dyn_cast<CXXOperatorCallExpr>(P))
      if (auto *M = dyn_cast_or_null<CXXMethodDecl>(OC->getDirectCallee()))
        return M->isTrivial();
    return false;
  }

  /// E is (part of) the object: its uses are in place unless a pointer is
  /// made from it or it binds a reference.
  std::optional<std::string> objectUse(const Expr *E, unsigned Depth) {
    const Decl *D;
    const Stmt *P = up(E, D);
    if (D) {
      auto *VD = dyn_cast<VarDecl>(D);
      if (VD && VD->getType()->isReferenceType())
        return "a reference binds it at " + at(E);
      return std::nullopt; // initialises another variable: a copy
    }
    if (!P)
      return std::nullopt;
    if (auto *IC = dyn_cast<ImplicitCastExpr>(P)) {
      if (IC->getCastKind() == CK_ArrayToPointerDecay)
        return pointerUse(IC, Depth);
      if (IC->getCastKind() == CK_NoOp) // const added for a copy
        return objectUse(IC, Depth);
      return std::nullopt; // a value read
    }
    if (auto *UO = dyn_cast<UnaryOperator>(P);
        UO && UO->getOpcode() == UO_AddrOf)
      return pointerUse(UO, Depth);
    if (auto *ME = dyn_cast<MemberExpr>(P); ME && ME->getBase() == E)
      return objectUse(ME, Depth);
    if (trivialCopy(P))
      return std::nullopt;
    if (isa<CallExpr, CXXConstructExpr, MaterializeTemporaryExpr>(P))
      return "a reference binds it at " + at(E);
    return std::nullopt; // assigned, incremented, an operand
  }

  /// E is a pointer into the object: dereferenced, or handed to a helper.
  std::optional<std::string> pointerUse(const Expr *E, unsigned Depth) {
    const Decl *D;
    const Stmt *P = up(E, D);
    while (auto *IC = dyn_cast_or_null<ImplicitCastExpr>(P)) {
      if (IC->getCastKind() != CK_NoOp &&
          IC->getCastKind() != CK_LValueToRValue)
        break;
      E = IC;
      P = up(E, D);
    }
    if (!P)
      return "a pointer to it is kept at " + at(E);
    if (auto *UO = dyn_cast<UnaryOperator>(P); UO && UO->getOpcode() == UO_Deref)
      return objectUse(UO, Depth);
    if (auto *AS = dyn_cast<ArraySubscriptExpr>(P); AS && AS->getBase() == E)
      return objectUse(AS, Depth);
    if (auto *ME = dyn_cast<MemberExpr>(P); ME && ME->isArrow())
      return objectUse(ME, Depth);
    if (auto *CE = dyn_cast<CallExpr>(P)) {
      const FunctionDecl *FD = CE->getDirectCallee();
      unsigned I = 0;
      for (; I < CE->getNumArgs() && CE->getArg(I) != E; ++I)
        ;
      if (!FD || !FD->hasBody() || I == CE->getNumArgs() ||
          I >= FD->getNumParams())
        return "a pointer to it goes to a call at " + at(CE) +
               " whose body tdrc cannot follow";
      const FunctionDecl *Def = nullptr;
      FD->hasBody(Def);
      if (!Visited.insert({Def, I}).second)
        return std::nullopt; // already followed (or being followed)
      return fromDecl(Def->getParamDecl(I), Def->getBody(), /*IsPointer=*/true,
                      Depth + 1);
    }
    return "a pointer to it is kept at " + at(E);
  }

  std::set<std::pair<const FunctionDecl *, unsigned>> Visited;
};

} // namespace

std::optional<std::string> addressEscapes(const KernelAnalyses &A,
                                          const VarDecl *V, const Stmt *Body) {
  EscapeWalk W(A);
  return W.fromDecl(V, Body, /*IsPointer=*/false, 0);
}

} // namespace tdrc
