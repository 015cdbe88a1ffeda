//===- PathVector.cpp - A round's combined path, digit by digit ------------===//
#include "tdrc/TDR/PathVector.h"

namespace tdrc {

int childOf(const RemapRound &R, unsigned M, unsigned P) {
  for (unsigned C = 0; C < R.Members.size(); ++C)
    if (R.Members[C].Parent == int(M) && R.Members[C].ParentPath == P)
      return int(C);
  return -1;
}

/// Lays out member M's tree from digit value Lo on; returns its leaf count.
static unsigned layoutMember(RemapRound &R, unsigned M, unsigned Digit,
                             unsigned Lo) {
  R.Members[M].Digit = Digit;
  R.Members[M].PathLo.assign(R.Members[M].Paths, 0);
  R.Members[M].PathLeaves.assign(R.Members[M].Paths, 1);
  unsigned Leaves = 0;
  for (unsigned P = 0; P < R.Members[M].Paths; ++P) {
    int C = childOf(R, M, P);
    unsigned N = C < 0 ? 1 : layoutMember(R, unsigned(C), Digit, Lo + Leaves);
    R.Members[M].PathLo[P] = Lo + Leaves;
    R.Members[M].PathLeaves[P] = N;
    Leaves += N;
  }
  return Leaves;
}

void layoutPaths(RemapRound &R) {
  R.Radix.clear();
  R.Paths = 1;
  for (unsigned M = 0; M < R.Members.size(); ++M)
    if (R.Members[M].Parent < 0) {
      unsigned Digit = unsigned(R.Radix.size());
      R.Radix.push_back(layoutMember(R, M, Digit, 0));
      R.Paths *= R.Radix.back();
    }
}

unsigned pathsWith(const RemapRound &R, const PathMember &Extra) {
  RemapRound Copy = R;
  Copy.Members.push_back(Extra);
  layoutPaths(Copy);
  return Copy.Paths;
}

std::string digitValue(const RemapRound &R, unsigned D) {
  unsigned Stride = 1;
  for (unsigned E = D + 1; E < R.Radix.size(); ++E)
    Stride *= R.Radix[E];
  std::string V = "tdr_path";
  if (Stride > 1)
    V += " / " + std::to_string(Stride);
  if (D > 0)
    V += " % " + std::to_string(R.Radix[D]);
  return V;
}

std::string pathTest(const RemapRound &R, unsigned M, unsigned P) {
  const PathMember &PM = R.Members[M];
  std::string V = digitValue(R, PM.Digit);
  unsigned Lo = PM.PathLo[P], Hi = Lo + PM.PathLeaves[P];
  if (Hi == Lo + 1)
    return V + " == " + std::to_string(Lo);
  if (Lo == 0)
    return V + " < " + std::to_string(Hi);
  if (Hi == R.Radix[PM.Digit])
    return V + " >= " + std::to_string(Lo);
  return "(" + V + " >= " + std::to_string(Lo) + " && " + V + " < " +
         std::to_string(Hi) + ")";
}

} // namespace tdrc
