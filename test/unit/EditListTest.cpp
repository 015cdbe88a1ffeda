//===- EditListTest.cpp ---------------------------------------------------===//
#include "tdrc/Rewriter/EditList.h"
#include "gtest/gtest.h"

using namespace tdrc;

TEST(EditList, InsertionsAtOneOffsetKeepTheirOrder) {
  EditList E;
  E.insert(3, "A");
  E.insert(3, "B");
  E.replace(3, 2, "xy");
  auto Out = E.apply("f.cl", "abcdefg");
  ASSERT_TRUE(bool(Out));
  EXPECT_EQ(*Out, "abcABxyfg");
}

TEST(EditList, OverlapIsAnError) {
  EditList E;
  E.replace(1, 4, "");
  E.replace(3, 1, "z");
  auto Out = E.apply("f.cl", "abcdefg");
  EXPECT_FALSE(bool(Out));
  llvm::consumeError(Out.takeError());
}
