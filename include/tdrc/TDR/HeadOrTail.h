//===- HeadOrTail.h - OpenCL C text of the Head-or-Tail remap --------------===//
//
// The paper's Algorithm 1 with reference redirection: before a two-path
// branch every work-item takes a slot in the work-group's ID pool -- the
// taken path from the head, the other from the tail, inactive work-items
// (bounds guards, early returns) at the very end -- stores its live state at
// that slot, and after a barrier continues as the logical work-item whose
// slot matches its own physical local ID.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_HEADORTAIL_H
#define TDRC_TDR_HEADORTAIL_H

#include "tdrc/TDR/RemapPlan.h"
#include <string>
#include <vector>

namespace tdrc {

/// Declarations inserted once at the start of the kernel body.
std::string headOrTailPrologue(const KernelPlan &Plan,
                               const clang::ASTContext &Ctx,
                               const std::string &Indent);

/// The remap round placed before its branch (after the path is computed).
/// Recompute[i] is the right-hand side for the i-th Recompute entry of
/// Round.Live, already spelled with redirected IDs.
std::string headOrTailRound(const KernelPlan &Plan, const RemapRound &Round,
                            const std::vector<std::string> &Recompute,
                            const std::string &Where,
                            const std::string &Indent);

/// The name a redirected get_local_id(D) / get_global_id(D) becomes.
std::string redirectedId(bool Global, unsigned Dim);

} // namespace tdrc

#endif
