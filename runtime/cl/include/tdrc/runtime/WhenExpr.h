//===- WhenExpr.h - tdrc's `when=` conditions, parsed and evaluated --------===//
//
// A `tdrc-variants` descriptor says when the rewrite is expected to pay as a
// C expression over the kernel's scalar parameters, e.g. `(len) >= 24` or
// `2.7f + 76.4f * ((n) > 0 ? (float)(n) : 0.0f) >= 586`.  This is a small
// evaluator for that language, without OpenCL: parsed once, evaluated per
// launch with the arguments' values.
//
// Accepted: names, integer literals (decimal, 0x hex, u/l suffixes), float
// literals (`3.0f`, `1.5`, `1e3`), casts to the OpenCL C scalar types, unary
// - + !, * / %, + -, < <= > >=, == !=, &&, ||, ?:, parentheses and the calls
// max, min, fmax, fmin.  Integer math is int64 (a cast to int, uint, short,
// char truncates as C does), float math is double; an operation on an
// integer and a float gives a float, comparisons and logical operators give
// the integer 0 or 1.  A result that C leaves undefined (integer division
// by zero, signed overflow) makes the expression's value unknown.  Text
// longer than 4096 characters or nested more than about 100 levels deep is
// rejected (no condition tdrc writes comes near).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_WHENEXPR_H
#define TDRC_RUNTIME_WHENEXPR_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tdrc::rt {

/// An integer (int64) or a float (double) value.
struct WhenValue {
  bool IsFloat = false;
  int64_t I = 0;
  double F = 0;

  static WhenValue integer(int64_t V) { return {false, V, 0}; }
  static WhenValue real(double V) { return {true, 0, V}; }
  double asDouble() const { return IsFloat ? F : double(I); }
  bool truthy() const { return IsFloat ? F != 0 : I != 0; }
  std::string str() const; // "64", "1.5"
  bool operator==(const WhenValue &O) const;
  bool operator<(const WhenValue &O) const;
};

class WhenExpr {
public:
  using Bindings = std::map<std::string, WhenValue, std::less<>>;

  /// nullopt for text outside the language above; Why (if given) says where.
  static std::optional<WhenExpr> parse(std::string_view Text,
                                       std::string *Why = nullptr);

  const std::string &text() const { return Text; }
  /// The names the expression reads, sorted, each once.
  const std::vector<std::string> &names() const { return Names; }
  /// nullopt: a name without a binding, or an undefined operation.
  std::optional<WhenValue> evaluate(const Bindings &B) const;
  /// evaluate(B) as a truth value.
  std::optional<bool> holds(const Bindings &B) const;

  enum class Op : uint8_t;
  struct Node {
    Op Kind;
    WhenValue Value;   // a literal
    unsigned Name = 0; // a name: its index in Names; a cast: its type
    int A = -1, B = -1, C = -1;
  };

private:
  std::string Text;
  std::vector<std::string> Names;
  std::vector<Node> Nodes;
  int Root = -1;
  class Parser;
  std::optional<WhenValue> eval(int N, const std::vector<const WhenValue *> &V)
      const;
};

} // namespace tdrc::rt

#endif
