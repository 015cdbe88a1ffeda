//===- WhenExprTest.cpp - The `when=` evaluator, without a device ----------===//
#include "tdrc/runtime/WhenExpr.h"
#include <gtest/gtest.h>
#include <cmath>

using namespace tdrc::rt;

namespace {

WhenExpr parsed(const std::string &Text) {
  std::string Why;
  std::optional<WhenExpr> E = WhenExpr::parse(Text, &Why);
  EXPECT_TRUE(E.has_value()) << Text << ": " << Why;
  return E ? *E : *WhenExpr::parse("0");
}

std::optional<WhenValue> eval(const std::string &Text,
                              const WhenExpr::Bindings &B = {}) {
  return parsed(Text).evaluate(B);
}

WhenExpr::Bindings ints(std::initializer_list<std::pair<const char *, int64_t>> L) {
  WhenExpr::Bindings B;
  for (auto &[N, V] : L)
    B.emplace(N, WhenValue::integer(V));
  return B;
}

/// Text evaluates to the integer Want.
void expectInt(const std::string &Text, int64_t Want,
               const WhenExpr::Bindings &B = {}) {
  std::optional<WhenValue> V = eval(Text, B);
  ASSERT_TRUE(V) << Text;
  EXPECT_FALSE(V->IsFloat) << Text;
  EXPECT_EQ(V->I, Want) << Text;
}

void expectFloat(const std::string &Text, double Want) {
  std::optional<WhenValue> V = eval(Text);
  ASSERT_TRUE(V) << Text;
  EXPECT_TRUE(V->IsFloat) << Text;
  EXPECT_DOUBLE_EQ(V->F, Want) << Text;
}

TEST(WhenExpr, TdrcsIntegerSwitch) {
  WhenExpr E = parsed("(len) >= 24");
  EXPECT_EQ(E.names(), std::vector<std::string>{"len"});
  EXPECT_EQ(E.holds(ints({{"len", 24}})), true);
  EXPECT_EQ(E.holds(ints({{"len", 23}})), false);
  EXPECT_EQ(E.holds(ints({{"len", -5}})), false);
  EXPECT_EQ(E.holds({}), std::nullopt); // len unbound: unknown
}

TEST(WhenExpr, ConstantOne) {
  WhenExpr E = parsed("1");
  EXPECT_TRUE(E.names().empty());
  EXPECT_EQ(E.holds({}), true);
}

TEST(WhenExpr, TdrcsFloatSwitch) {
  WhenExpr E = parsed("2.7f + 76.4f * ((pathlen) > 0 ? (float)(pathlen) : "
                      "0.0f) >= 586");
  EXPECT_EQ(E.holds(ints({{"pathlen", 8}})), true);  // 613.9
  EXPECT_EQ(E.holds(ints({{"pathlen", 7}})), false); // 537.5
  EXPECT_EQ(E.holds(ints({{"pathlen", -3}})), false);
}

TEST(WhenExpr, SeveralRoundsAndNames) {
  WhenExpr E = parsed("((len) >= 24) || ((n) * (m) > 1000 && !(flag))");
  EXPECT_EQ(E.names(), (std::vector<std::string>{"flag", "len", "m", "n"}));
  EXPECT_EQ(E.holds(ints({{"len", 30}, {"n", 0}, {"m", 0}, {"flag", 1}})), true);
  EXPECT_EQ(E.holds(ints({{"len", 3}, {"n", 40}, {"m", 30}, {"flag", 0}})), true);
  EXPECT_EQ(E.holds(ints({{"len", 3}, {"n", 40}, {"m", 30}, {"flag", 2}})), false);
}

TEST(WhenExpr, IntegerArithmeticAsC) {
  expectInt("7 / 2", 3);
  expectInt("-7 / 2", -3);
  expectInt("-7 % 3", -1);
  expectInt("2 + 3 * 4 - 6 / 3", 12);
  expectInt("(3 > 2) + (2 > 3) + (2 == 2) + (1 != 1)", 2);
  expectInt("1 < 2 == 1", 1); // relational binds tighter than equality
  expectInt("!0 + !5", 1);
  expectInt("- -3", 3);
  expectInt("+4", 4);
  expectInt("0x10 + 24u + 3ul + 07", 50);
}

TEST(WhenExpr, FloatsPromoteAndCompare) {
  expectFloat("7 / 2.0f", 3.5);
  expectFloat("1e3 + .5", 1000.5);
  expectFloat("1.5e-1", 0.15);
  expectFloat("0.1f", double(0.1f)); // a float literal has float precision
  expectInt("3.0f >= 3", 1);
  expectInt("2.5 < 2", 0);
  expectFloat("(1 ? 3 : 2.0f) / 2", 1.5); // ?: takes the common type
  expectInt("(1 ? 3 : 2) / 2", 1);
}

TEST(WhenExpr, Casts) {
  expectInt("(int)2.9", 2);
  expectInt("(int)-2.9", -2);
  expectInt("(uint)-1", 4294967295);
  expectInt("(unsigned int)-1", 4294967295);
  expectInt("(unsigned)-2", 4294967294);
  expectInt("(char)300", 44);
  expectInt("(uchar)-1", 255);
  expectInt("(short)70000", 4464);
  expectInt("(long)(3.5f * 2)", 7);
  expectFloat("(float)16777217", 16777216.0);
  expectFloat("(double)(7) / 2", 3.5);
  EXPECT_EQ(eval("(int)(1e30)"), std::nullopt); // out of range: undefined in C
}

TEST(WhenExpr, MaxAndMin) {
  expectInt("max(a, b)", 9, ints({{"a", 4}, {"b", 9}}));
  expectInt("min(a, b)", 4, ints({{"a", 4}, {"b", 9}}));
  expectFloat("min(3, 2.5)", 2.5);
  expectFloat("fmax(1.0f, 2)", 2.0);
  expectInt("max(min(x, 10), 0) * 2 >= 20", 1, ints({{"x", 15}}));
}

TEST(WhenExpr, ShortCircuitAsC) {
  // The right side would divide by zero; C never evaluates it.
  WhenExpr E = parsed("(n) == 0 || 10 / (n) > 2");
  EXPECT_EQ(E.holds(ints({{"n", 0}})), true);
  EXPECT_EQ(E.holds(ints({{"n", 4}})), false);
  EXPECT_EQ(parsed("(n) != 0 && 10 % (n) == 1").holds(ints({{"n", 0}})), false);
  EXPECT_EQ(parsed("(n) ? 10 / (n) : 7").evaluate(ints({{"n", 0}}))->I, 7);
}

TEST(WhenExpr, UndefinedIsUnknown) {
  EXPECT_EQ(eval("1 / (n)", ints({{"n", 0}})), std::nullopt);
  EXPECT_EQ(eval("1 % (n)", ints({{"n", 0}})), std::nullopt);
  EXPECT_EQ(eval("(n) * (n)", ints({{"n", int64_t(1) << 40}})), std::nullopt);
  EXPECT_EQ(eval("1.5 % 2"), std::nullopt); // % on a float is no C
  // Float division by zero is IEEE, as on the device.
  EXPECT_TRUE(std::isinf(eval("1.0f / 0")->F));
  // NaN: every comparison false but !=.
  WhenExpr::Bindings B{{"x", WhenValue::real(std::nan(""))}};
  EXPECT_EQ(parsed("(x) >= 0").holds(B), false);
  EXPECT_EQ(parsed("(x) < 0").holds(B), false);
  EXPECT_EQ(parsed("(x) != (x)").holds(B), true);
}

TEST(WhenExpr, FloatArguments) {
  WhenExpr E = parsed("(scale) * (float)(n) > 3.0f");
  WhenExpr::Bindings B{{"scale", WhenValue::real(0.5)},
                       {"n", WhenValue::integer(7)}};
  EXPECT_EQ(E.holds(B), true);
  B["n"] = WhenValue::integer(6);
  EXPECT_EQ(E.holds(B), false);
}

TEST(WhenExpr, OutsideTheLanguageIsRejected) {
  for (const char *Bad :
       {"", "len >=", "(len", "len)", "len & 1", "len | 1", "len << 2",
        "a[0]", "p->x", "s.x", "foo(len)", "max(a)", "max(a, b, c)", "int",
        "(int)", "len = 3", "len++", "~len", "a ? b", "3 4", "1.5.2", "0x",
        "1e", "12abc", "'a'", "\"s\"", "99999999999999999999"}) {
    std::string Why;
    EXPECT_FALSE(WhenExpr::parse(Bad, &Why)) << "'" << Bad << "' parsed";
    EXPECT_FALSE(Why.empty()) << Bad;
  }
}

TEST(WhenExpr, DeepNestingFailsCleanly) {
  std::string Deep = std::string(5000, '(') + "1" + std::string(5000, ')');
  EXPECT_FALSE(WhenExpr::parse(Deep));
  std::string Minus(5000, '-');
  EXPECT_FALSE(WhenExpr::parse(Minus + "1"));
  std::string Long = "1";
  for (int I = 0; I < 3000; ++I)
    Long += " + 1";
  EXPECT_FALSE(WhenExpr::parse(Long)); // longer than any condition tdrc writes
  std::string Fine = std::string(50, '(') + "len" + std::string(50, ')') + " > 1";
  EXPECT_EQ(parsed(Fine).holds(ints({{"len", 2}})), true);
}

TEST(WhenExpr, ValuesOrderAndPrint) {
  EXPECT_EQ(WhenValue::integer(64).str(), "64");
  EXPECT_EQ(WhenValue::real(1.5).str(), "1.5");
  EXPECT_TRUE(WhenValue::integer(2) < WhenValue::integer(3));
  EXPECT_FALSE(WhenValue::integer(2) == WhenValue::real(2));
}

} // namespace
