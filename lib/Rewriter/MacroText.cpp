//===- MacroText.cpp - A macro's expansion spelled as readable code --------===//
#include "tdrc/Rewriter/MacroText.h"
#include "llvm/ADT/StringExtras.h"

using namespace clang;

namespace tdrc {

namespace {

bool isKeyword(tok::TokenKind K) { return tok::getKeywordSpelling(K); }

bool isWord(tok::TokenKind K) {
  return K == tok::identifier || K == tok::raw_identifier || isKeyword(K);
}

/// A token after which a binary operator can follow (an operand's end).
bool endsOperand(tok::TokenKind K) {
  return K == tok::identifier || K == tok::raw_identifier ||
         tok::isLiteral(K) || K == tok::r_paren || K == tok::r_square ||
         K == tok::kw_this || K == tok::kw_true || K == tok::kw_false;
}

bool mayBeUnary(tok::TokenKind K) {
  switch (K) {
  case tok::minus: case tok::plus: case tok::exclaim: case tok::tilde:
  case tok::star: case tok::amp: case tok::plusplus: case tok::minusminus:
    return true;
  default:
    return false;
  }
}

/// Whether a `{` opens a block (not an initializer list); after another
/// `{`, it is what that one is.
bool opensBlock(const MacroToken *Prev, bool InBlock) {
  if (!Prev)
    return true;
  switch (Prev->Kind) {
  case tok::l_brace:
    return InBlock;
  case tok::equal: case tok::comma: case tok::l_paren: case tok::kw_return:
    return false;
  default:
    return true;
  }
}

class Formatter {
public:
  Formatter(llvm::ArrayRef<MacroToken> Toks, llvm::StringRef Indent)
      : Toks(Toks), Indent(Indent) {}

  std::string run() {
    for (size_t I = 0; I < Toks.size(); ++I)
      token(I);
    return Out;
  }

private:
  void newline() {
    Out += '\n';
    AtLineStart = true;
  }
  const MacroToken *at(size_t I) const {
    return I < Toks.size() ? &Toks[I] : nullptr;
  }
  bool space(size_t I) const {
    tok::TokenKind P = Toks[I - 1].Kind, T = Toks[I].Kind;
    if (P == tok::l_paren || P == tok::l_square || P == tok::period ||
        P == tok::arrow)
      return false;
    bool InInit = !Braces.empty() && !Braces.back(); // `{1, 2}`
    if (InInit && (P == tok::l_brace || T == tok::r_brace))
      return false;
    switch (T) {
    case tok::r_paren: case tok::r_square: case tok::comma: case tok::semi:
      return false;
    case tok::colon: // `case 1:`, not `c ? a : b`
      return !InCase;
    case tok::period: case tok::arrow: // `1 .x` must not become `1.x`
      return !(isWord(P) && !isKeyword(P)) && P != tok::r_paren &&
             P != tok::r_square;
    case tok::l_paren: case tok::l_square: // a call or an index
      return !((isWord(P) && !isKeyword(P)) || P == tok::r_paren ||
               P == tok::r_square);
    case tok::plusplus: case tok::minusminus: // postfix
      if (PrevEndsOperand)
        return false;
      break;
    default:
      break;
    }
    // After a unary operator, only a word, a number or `(` may touch it.
    if (PrevUnary)
      return !(isWord(T) || T == tok::numeric_constant || T == tok::l_paren);
    return true;
  }
  void token(size_t I) {
    const MacroToken &T = Toks[I];
    const MacroToken *Prev = I ? &Toks[I - 1] : nullptr;
    const MacroToken *Next = at(I + 1);
    if (T.Kind == tok::r_brace && !Braces.empty() && Braces.back()) {
      Braces.pop_back();
      --Level;
      if (!AtLineStart)
        newline();
      emit("}");
      PrevEndsOperand = false;
      if (Next && Next->Kind != tok::semi && Next->Kind != tok::comma &&
          Next->Kind != tok::r_paren && Next->Kind != tok::kw_else &&
          Next->Kind != tok::kw_while)
        newline();
      PrevUnary = false;
      return;
    }
    bool Unary = mayBeUnary(T.Kind) && !PrevEndsOperand;
    if (!AtLineStart && Prev && space(I))
      Out += ' ';
    emit(T.Text);
    PrevUnary = Unary;
    // A postfix ++/-- ends an operand as a name does: `i++ + j`.
    PrevEndsOperand = endsOperand(T.Kind) ||
                      ((T.Kind == tok::plusplus || T.Kind == tok::minusminus) &&
                       !Unary);
    if (T.Kind == tok::kw_case || T.Kind == tok::kw_default)
      InCase = true;
    else if (T.Kind == tok::colon || T.Kind == tok::question)
      InCase = false;
    if (T.Kind == tok::l_paren || T.Kind == tok::l_square)
      ++Depth;
    else if ((T.Kind == tok::r_paren || T.Kind == tok::r_square) && Depth)
      --Depth;
    if (T.Kind == tok::l_brace) {
      bool Block =
          Depth == 0 && opensBlock(Prev, Braces.empty() || Braces.back());
      Braces.push_back(Block);
      if (Block) {
        ++Level;
        if (Next)
          newline();
      }
    } else if (T.Kind == tok::r_brace && !Braces.empty()) {
      Braces.pop_back();
    } else if (T.Kind == tok::semi && Depth == 0 && Next &&
               Next->Kind != tok::r_brace) {
      newline();
    }
  }
  void emit(llvm::StringRef S) {
    if (AtLineStart) {
      Out += Indent;
      Out.append(2 * std::max(Level, 0), ' ');
      AtLineStart = false;
    }
    Out += S;
  }

  llvm::ArrayRef<MacroToken> Toks;
  llvm::StringRef Indent;
  std::string Out;
  std::vector<bool> Braces; // open braces: true for a block
  int Level = 0;            // open blocks
  unsigned Depth = 0;       // open ( and [
  bool AtLineStart = false; // the first line continues the invocation's
  bool PrevUnary = false;
  bool PrevEndsOperand = false;
  bool InCase = false; // between `case` and its `:`
};

} // namespace

std::string formatMacroTokens(llvm::ArrayRef<MacroToken> Toks,
                              llvm::StringRef Indent) {
  return Formatter(Toks, Indent).run();
}

/// The index of the `}` closing the `{` at Open, 0 if none.
static size_t blockEnd(llvm::ArrayRef<MacroToken> Toks, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < Toks.size(); ++I) {
    Depth += Toks[I].Kind == tok::l_brace;
    if (Toks[I].Kind == tok::r_brace && --Depth == 0)
      return I;
  }
  return 0;
}

bool dropDoWhileZero(std::vector<MacroToken> &Toks, bool SemiAfter) {
  bool Last = false;
  for (size_t I = 0; I + 6 < Toks.size(); ++I) {
    if (!Toks[I].PlainDo || Toks[I + 1].Kind != tok::l_brace)
      continue;
    size_t Close = blockEnd(Toks, I + 1);
    if (!Close || Close + 4 >= Toks.size() ||
        Toks[Close + 1].Kind != tok::kw_while ||
        Toks[Close + 2].Kind != tok::l_paren ||
        Toks[Close + 3].Kind != tok::numeric_constant ||
        Toks[Close + 3].Text != "0" || Toks[Close + 4].Kind != tok::r_paren)
      continue;
    bool AtEnd = Close + 5 == Toks.size();
    if (AtEnd ? !SemiAfter : Toks[Close + 5].Kind != tok::semi)
      continue;
    // `do { S } while (0);` -> `{ S }`: the `;` goes too (the invocation's
    // own, in the file, when the loop ends the expansion).
    Toks.erase(Toks.begin() + Close + 1,
               Toks.begin() + std::min(Close + 6, Toks.size()));
    Toks.erase(Toks.begin() + I);
    Last |= AtEnd;
  }
  return Last;
}

std::string invocationLabel(llvm::StringRef Spelled, size_t Max) {
  std::string Out;
  bool Space = false;
  for (char C : Spelled) {
    if (llvm::isSpace(C) || C == '\\') { // line continuations too
      Space = !Out.empty();
      continue;
    }
    if (Space)
      Out += ' ';
    Space = false;
    if ((C == '/' && !Out.empty() && Out.back() == '*') ||
        (C == '*' && !Out.empty() && Out.back() == '/'))
      Out += ' '; // neither ends nor opens a comment
    Out += C;
  }
  if (Out.size() > Max)
    Out = Out.substr(0, Max - 3) + "...";
  return Out;
}

} // namespace tdrc
