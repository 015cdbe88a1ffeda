//===- PathVector.h - A round's combined path, digit by digit --------------===//
//
// A round that evaluates several branches (see PathMember) numbers the
// work-item's combined path in mixed radix: one digit per top-level member,
// in source order, the first digit most significant.  A digit's values are
// the leaves of its member's tree in source order (a nested member's leaves
// replace the path it opens), so "member M took its path P" is a range of
// one digit's values.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_PATHVECTOR_H
#define TDRC_TDR_PATHVECTOR_H

#include "tdrc/TDR/Remap/RemapPlan.h"
#include <string>

namespace tdrc {

/// Sets every member's digit and path ranges, the round's radices and its
/// combined path count (R.Paths).
void layoutPaths(RemapRound &R);

/// The combined path count R would have with Extra as one more member.
unsigned pathsWith(const RemapRound &R, const PathMember &Extra);

/// The member whose path P of member M it opens, or -1.
int childOf(const RemapRound &R, unsigned M, unsigned P);

/// `tdr_path`'s digit D, as an OpenCL C expression.
std::string digitValue(const RemapRound &R, unsigned D);

/// An OpenCL C condition that holds when member M took its own path P.
std::string pathTest(const RemapRound &R, unsigned M, unsigned P);

} // namespace tdrc

#endif
