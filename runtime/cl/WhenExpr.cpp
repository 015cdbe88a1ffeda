//===- WhenExpr.cpp - Parsing and evaluating `when=` conditions -----------===//
#include "tdrc/runtime/WhenExpr.h"
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>

namespace tdrc::rt {

enum class WhenExpr::Op : uint8_t {
  Lit, Name, Neg, Plus, Not, Cast, Mul, Div, Rem, Add, Sub, Lt, Le, Gt, Ge,
  Eq, Ne, And, Or, Cond, Max, Min
};

namespace {

using Op = WhenExpr::Op;

constexpr size_t MaxText = 4096;

/// The scalar types a cast may name (Node::Name holds one).
enum Type : unsigned { TInt, TUInt, TShort, TUShort, TChar, TUChar, TLong,
                       TFloat, TDouble, TBool };

struct Token {
  enum Kind { End, Number, Ident, Punct } K = End;
  std::string Text;
  WhenValue Value;
};

/// Integer literal with optional 0x and u/l suffixes, or a float literal.
bool lexNumber(std::string_view S, size_t &I, Token &T) {
  std::string_view Rest = S.substr(I);
  bool Hex = Rest.size() > 1 && Rest[0] == '0' && (Rest[1] == 'x' || Rest[1] == 'X');
  size_t Len = 0;
  for (; Len < Rest.size(); ++Len) {
    char C = Rest[Len];
    bool Sign = (C == '+' || C == '-') && !Hex && Len &&
                (Rest[Len - 1] == 'e' || Rest[Len - 1] == 'E');
    if (!std::isalnum((unsigned char)C) && C != '.' && !Sign)
      break;
  }
  std::string Lit(Rest.substr(0, Len));
  char *End = nullptr;
  if (!Hex && Lit.find_first_of(".eE") != std::string::npos) {
    double V = std::strtod(Lit.c_str(), &End);
    std::string_view Suffix(End);
    if (Suffix == "f" || Suffix == "F")
      V = double(float(V));
    else if (!Suffix.empty())
      return false;
    T.Value = WhenValue::real(V);
  } else {
    errno = 0;
    unsigned long long V = std::strtoull(Lit.c_str(), &End, Hex ? 16 : 10);
    std::string Suffix(End);
    for (char &C : Suffix)
      C = char(std::tolower((unsigned char)C));
    if (errno || End == Lit.c_str() ||
        V > uint64_t(std::numeric_limits<int64_t>::max()) ||
        !(Suffix.empty() || Suffix == "u" || Suffix == "l" || Suffix == "ul" ||
          Suffix == "lu"))
      return false;
    T.Value = WhenValue::integer(int64_t(V));
  }
  T.K = Token::Number;
  T.Text = Lit;
  I += Len;
  return true;
}

bool lex(std::string_view S, std::vector<Token> &Out, std::string &Why) {
  static const char *Two[] = {"<=", ">=", "==", "!=", "&&", "||"};
  for (size_t I = 0; I < S.size();) {
    char C = S[I];
    if (std::isspace((unsigned char)C)) {
      ++I;
      continue;
    }
    Token T;
    if (std::isdigit((unsigned char)C) ||
        (C == '.' && I + 1 < S.size() && std::isdigit((unsigned char)S[I + 1]))) {
      if (!lexNumber(S, I, T)) {
        Why = "bad number at offset " + std::to_string(I);
        return false;
      }
    } else if (std::isalpha((unsigned char)C) || C == '_') {
      size_t J = I;
      while (J < S.size() && (std::isalnum((unsigned char)S[J]) || S[J] == '_'))
        ++J;
      T.K = Token::Ident;
      T.Text = std::string(S.substr(I, J - I));
      I = J;
    } else {
      T.K = Token::Punct;
      for (const char *P : Two)
        if (S.substr(I, 2) == P)
          T.Text = P;
      if (T.Text.empty() && std::string_view("()+-*/%<>!?:,").find(C) !=
                                std::string_view::npos)
        T.Text = std::string(1, C);
      if (T.Text.empty() || (T.Text == "<" && S.substr(I, 2) == "<<") ||
          (T.Text == ">" && S.substr(I, 2) == ">>")) {
        Why = "unsupported character '" + std::string(1, C) + "' at offset " +
              std::to_string(I);
        return false;
      }
      I += T.Text.size();
    }
    Out.push_back(std::move(T));
  }
  Out.push_back(Token());
  return true;
}

std::optional<Type> typeWord(const std::string &W) {
  static const std::map<std::string, Type> Words = {
      {"int", TInt},       {"uint", TUInt},     {"short", TShort},
      {"ushort", TUShort}, {"char", TChar},     {"uchar", TUChar},
      {"long", TLong},     {"ulong", TLong},    {"size_t", TLong},
      {"float", TFloat},   {"double", TDouble}, {"bool", TBool}};
  auto It = Words.find(W);
  if (It == Words.end())
    return std::nullopt;
  return It->second;
}

std::optional<WhenValue> castTo(unsigned T, const WhenValue &V) {
  if (T == TFloat)
    return WhenValue::real(double(float(V.asDouble())));
  if (T == TDouble)
    return WhenValue::real(V.asDouble());
  if (T == TBool)
    return WhenValue::integer(V.truthy());
  int64_t I = V.I;
  if (V.IsFloat) { // C: truncation toward zero; out of range is undefined
    if (!(std::fabs(V.F) < 9.2e18))
      return std::nullopt;
    I = int64_t(V.F);
  }
  switch (T) {
  case TInt: return WhenValue::integer(int32_t(uint32_t(I)));
  case TUInt: return WhenValue::integer(uint32_t(I));
  case TShort: return WhenValue::integer(int16_t(uint16_t(I)));
  case TUShort: return WhenValue::integer(uint16_t(I));
  case TChar: return WhenValue::integer(int8_t(uint8_t(I)));
  case TUChar: return WhenValue::integer(uint8_t(I));
  default: return WhenValue::integer(I);
  }
}

} // namespace

std::string WhenValue::str() const {
  if (!IsFloat)
    return std::to_string(I);
  char Buf[32];
  std::snprintf(Buf, sizeof Buf, "%g", F);
  return Buf;
}

bool WhenValue::operator==(const WhenValue &O) const {
  return IsFloat == O.IsFloat && (IsFloat ? F == O.F : I == O.I);
}

bool WhenValue::operator<(const WhenValue &O) const {
  if (IsFloat != O.IsFloat)
    return IsFloat < O.IsFloat;
  return IsFloat ? F < O.F : I < O.I;
}

/// Recursive descent, one level per C precedence level.
class WhenExpr::Parser {
public:
  Parser(WhenExpr &E, std::vector<Token> T) : E(E), Toks(std::move(T)) {}

  bool run(std::string &Why) {
    E.Root = ternary();
    if (E.Root >= 0 && peek().K != Token::End)
      fail("unexpected '" + peek().Text + "'");
    Why = Error;
    return Error.empty();
  }

private:
  WhenExpr &E;
  std::vector<Token> Toks;
  size_t Pos = 0;
  unsigned Depth = 0;
  std::string Error;
  std::map<std::string, unsigned> NameIds;

  const Token &peek(size_t Ahead = 0) const {
    return Toks[std::min(Pos + Ahead, Toks.size() - 1)];
  }
  bool isPunct(const char *P, size_t Ahead = 0) const {
    return peek(Ahead).K == Token::Punct && peek(Ahead).Text == P;
  }
  bool accept(const char *P) {
    if (!isPunct(P))
      return false;
    ++Pos;
    return true;
  }
  int fail(std::string Msg) {
    if (Error.empty())
      Error = std::move(Msg);
    return -1;
  }
  bool expect(const char *P) {
    if (accept(P))
      return true;
    fail(std::string("expected '") + P + "'" +
         (peek().K == Token::End ? " at the end" : " before '" + peek().Text + "'"));
    return false;
  }
  int node(Op K, int A = -1, int B = -1, int C = -1) {
    bool Leaf = K == Op::Lit || K == Op::Name;
    if (!Error.empty() || (!Leaf && A < 0) || (K >= Op::Mul && B < 0) ||
        (K == Op::Cond && C < 0))
      return -1;
    E.Nodes.push_back({K, WhenValue(), 0, A, B, C});
    return int(E.Nodes.size() - 1);
  }

  /// A left-associative level: Ops are its operators, Next the level below.
  int binary(const std::vector<std::pair<const char *, Op>> &Ops,
             int (Parser::*Next)()) {
    int L = (this->*Next)();
    for (bool More = true; More && L >= 0;) {
      More = false;
      for (auto &[Text, K] : Ops)
        if (accept(Text)) {
          L = node(K, L, (this->*Next)());
          More = true;
          break;
        }
    }
    return L;
  }

  int ternary() {
    if (++Depth > 200) // input this deep is no tdrc condition
      return fail("nested too deeply");
    int C = logicalOr();
    if (C >= 0 && accept("?")) {
      int T = ternary();
      int F = expect(":") ? ternary() : -1;
      C = node(Op::Cond, C, T, F);
    }
    --Depth;
    return C;
  }
  int logicalOr() { return binary({{"||", Op::Or}}, &Parser::logicalAnd); }
  int logicalAnd() { return binary({{"&&", Op::And}}, &Parser::equality); }
  int equality() {
    return binary({{"==", Op::Eq}, {"!=", Op::Ne}}, &Parser::relational);
  }
  int relational() {
    return binary({{"<=", Op::Le}, {">=", Op::Ge}, {"<", Op::Lt}, {">", Op::Gt}},
                  &Parser::additive);
  }
  int additive() {
    return binary({{"+", Op::Add}, {"-", Op::Sub}}, &Parser::multiplicative);
  }
  int multiplicative() {
    return binary({{"*", Op::Mul}, {"/", Op::Div}, {"%", Op::Rem}},
                  &Parser::unary);
  }

  /// `(unsigned int)` and the like after an opening parenthesis: its type.
  std::optional<Type> castAhead(size_t &Len) const {
    std::vector<std::string> Words;
    size_t I = 1;
    for (; peek(I).K == Token::Ident; ++I)
      Words.push_back(peek(I).Text);
    if (Words.empty() || !isPunct(")", I))
      return std::nullopt;
    Len = I + 1;
    if (Words[0] == "unsigned" || Words[0] == "signed") {
      bool Unsigned = Words[0] == "unsigned";
      std::string W = Words.size() == 1 ? "int" : Words[1];
      if (Words.size() > 2 || !(W == "int" || W == "short" || W == "char" ||
                                W == "long"))
        return std::nullopt;
      return typeWord((Unsigned && W != "long" ? "u" : "") + W);
    }
    if (Words.size() != 1)
      return std::nullopt;
    return typeWord(Words[0]);
  }

  int unary() {
    if (++Depth > 200)
      return fail("nested too deeply");
    int R;
    size_t Len = 0;
    if (accept("-"))
      R = node(Op::Neg, unary());
    else if (accept("+"))
      R = node(Op::Plus, unary());
    else if (accept("!"))
      R = node(Op::Not, unary());
    else if (isPunct("(") && castAhead(Len)) {
      Type T = *castAhead(Len);
      Pos += Len;
      R = node(Op::Cast, unary());
      if (R >= 0)
        E.Nodes[R].Name = T;
    } else
      R = primary();
    --Depth;
    return R;
  }

  int call(const std::string &F) {
    Op K = F == "max" || F == "fmax" ? Op::Max : Op::Min;
    ++Pos; // the name; the parenthesis follows
    expect("(");
    int A = ternary();
    int B = expect(",") ? ternary() : -1;
    expect(")");
    return node(K, A, B);
  }

  int primary() {
    const Token &T = peek();
    if (T.K == Token::Number) {
      ++Pos;
      int N = node(Op::Lit);
      if (N >= 0)
        E.Nodes[N].Value = T.Value;
      return N;
    }
    if (T.K == Token::Ident) {
      if (isPunct("(", 1)) {
        if (T.Text == "max" || T.Text == "min" || T.Text == "fmax" ||
            T.Text == "fmin")
          return call(T.Text);
        return fail("unknown function '" + T.Text + "'");
      }
      if (typeWord(T.Text) || T.Text == "unsigned" || T.Text == "signed")
        return fail("a type name '" + T.Text + "' outside a cast");
      ++Pos;
      auto [It, New] = NameIds.emplace(T.Text, unsigned(NameIds.size()));
      int N = node(Op::Name);
      if (N >= 0)
        E.Nodes[N].Name = It->second;
      return N;
    }
    if (accept("(")) {
      int R = ternary();
      expect(")");
      return R;
    }
    return fail(T.K == Token::End ? "unexpected end"
                                  : "unexpected '" + T.Text + "'");
  }

public:
  /// Names sorted; nodes renumbered to match.
  void finishNames() {
    std::vector<std::pair<std::string, unsigned>> Sorted(NameIds.begin(),
                                                         NameIds.end());
    std::vector<unsigned> NewId(Sorted.size());
    for (unsigned I = 0; I < Sorted.size(); ++I) {
      NewId[Sorted[I].second] = I;
      E.Names.push_back(Sorted[I].first);
    }
    for (Node &N : E.Nodes)
      if (N.Kind == Op::Name)
        N.Name = NewId[N.Name];
  }
};

std::optional<WhenExpr> WhenExpr::parse(std::string_view Text,
                                        std::string *Why) {
  std::string Error;
  std::vector<Token> Toks;
  WhenExpr E;
  E.Text = std::string(Text);
  if (Text.size() > MaxText) // keeps the evaluator's recursion shallow
    Error = "longer than " + std::to_string(MaxText) + " characters";
  else if (lex(Text, Toks, Error)) {
    Parser P(E, std::move(Toks));
    if (P.run(Error)) {
      P.finishNames();
      return E;
    }
  }
  if (Why)
    *Why = Error;
  return std::nullopt;
}

std::optional<WhenValue> WhenExpr::evaluate(const Bindings &B) const {
  std::vector<const WhenValue *> V;
  for (const std::string &N : Names) {
    auto It = B.find(N);
    if (It == B.end())
      return std::nullopt;
    V.push_back(&It->second);
  }
  return eval(Root, V);
}

std::optional<bool> WhenExpr::holds(const Bindings &B) const {
  std::optional<WhenValue> R = evaluate(B);
  if (!R)
    return std::nullopt;
  return R->truthy();
}

namespace {

std::optional<WhenValue> arith(Op K, const WhenValue &L, const WhenValue &R) {
  if (L.IsFloat || R.IsFloat) {
    double A = L.asDouble(), B = R.asDouble();
    switch (K) {
    case Op::Mul: return WhenValue::real(A * B);
    case Op::Div: return WhenValue::real(A / B);
    case Op::Add: return WhenValue::real(A + B);
    case Op::Sub: return WhenValue::real(A - B);
    case Op::Max: return WhenValue::real(std::fmax(A, B));
    case Op::Min: return WhenValue::real(std::fmin(A, B));
    default: return std::nullopt; // % on a float: not C
    }
  }
  int64_t A = L.I, B = R.I, Out = 0;
  switch (K) {
  case Op::Mul: if (__builtin_mul_overflow(A, B, &Out)) return std::nullopt; break;
  case Op::Add: if (__builtin_add_overflow(A, B, &Out)) return std::nullopt; break;
  case Op::Sub: if (__builtin_sub_overflow(A, B, &Out)) return std::nullopt; break;
  case Op::Div:
  case Op::Rem:
    if (B == 0 || (A == std::numeric_limits<int64_t>::min() && B == -1))
      return std::nullopt;
    Out = K == Op::Div ? A / B : A % B;
    break;
  case Op::Max: Out = std::max(A, B); break;
  case Op::Min: Out = std::min(A, B); break;
  default: return std::nullopt;
  }
  return WhenValue::integer(Out);
}

std::optional<WhenValue> compare(Op K, const WhenValue &L, const WhenValue &R) {
  bool Float = L.IsFloat || R.IsFloat;
  double A = L.asDouble(), B = R.asDouble();
  int C = Float ? (A < B ? -1 : A > B ? 1 : A == B ? 0 : 2)
                : (L.I < R.I ? -1 : L.I > R.I ? 1 : 0);
  if (C == 2) // NaN: every comparison but != is false
    return WhenValue::integer(K == Op::Ne);
  switch (K) {
  case Op::Lt: return WhenValue::integer(C < 0);
  case Op::Le: return WhenValue::integer(C <= 0);
  case Op::Gt: return WhenValue::integer(C > 0);
  case Op::Ge: return WhenValue::integer(C >= 0);
  case Op::Eq: return WhenValue::integer(C == 0);
  default: return WhenValue::integer(C != 0);
  }
}

} // namespace

std::optional<WhenValue>
WhenExpr::eval(int I, const std::vector<const WhenValue *> &V) const {
  const Node &N = Nodes[I];
  switch (N.Kind) {
  case Op::Lit: return N.Value;
  case Op::Name: return *V[N.Name];
  case Op::And:
  case Op::Or: { // short-circuit, as C
    std::optional<WhenValue> L = eval(N.A, V);
    if (!L)
      return std::nullopt;
    if (L->truthy() == (N.Kind == Op::Or))
      return WhenValue::integer(N.Kind == Op::Or);
    std::optional<WhenValue> R = eval(N.B, V);
    if (!R)
      return std::nullopt;
    return WhenValue::integer(R->truthy());
  }
  case Op::Cond: {
    std::optional<WhenValue> C = eval(N.A, V);
    if (!C)
      return std::nullopt;
    std::optional<WhenValue> R = eval(C->truthy() ? N.B : N.C, V);
    // C's usual conversions: a float on the other side makes this a float.
    std::optional<WhenValue> Other = eval(C->truthy() ? N.C : N.B, V);
    if (R && Other && Other->IsFloat && !R->IsFloat)
      return WhenValue::real(R->asDouble());
    return R;
  }
  default: break;
  }
  std::optional<WhenValue> L = eval(N.A, V);
  if (!L)
    return std::nullopt;
  switch (N.Kind) {
  case Op::Neg:
    if (L->IsFloat)
      return WhenValue::real(-L->F);
    if (L->I == std::numeric_limits<int64_t>::min())
      return std::nullopt;
    return WhenValue::integer(-L->I);
  case Op::Plus: return L;
  case Op::Not: return WhenValue::integer(!L->truthy());
  case Op::Cast: return castTo(N.Name, *L);
  default: break;
  }
  std::optional<WhenValue> R = eval(N.B, V);
  if (!R)
    return std::nullopt;
  if (N.Kind >= Op::Lt && N.Kind <= Op::Ne)
    return compare(N.Kind, *L, *R);
  return arith(N.Kind, *L, *R);
}

} // namespace tdrc::rt
