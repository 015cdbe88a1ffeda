//===- RemapCode.h - OpenCL C / CUDA text of the remap rounds --------------===//
//
// Two algorithms of Lin, Wang & Liu (TACO 2018), with reference redirection:
//
// Head-or-Tail (Algorithm 1), two paths: every work-item takes a slot in the
// work-group's ID pool -- the taken path from the head, the other from the
// tail, inactive work-items (bounds guards, early returns) at the very end.
//
// Data Group Indexing (Algorithm 2), any number of paths: per-neighbourhood
// sub-counts of each path, one exclusive scan, and a stable rank inside the
// neighbourhood give every work-item its slot; work-items of one path keep
// their relative order (coalescing survives), inactive ones form the last
// group, and a work-group whose items all agree skips the data movement.
//
// Either way a work-item stores its live state at its slot and, after a
// barrier, continues as the logical work-item whose slot matches its own
// physical local ID.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_REMAPCODE_H
#define TDRC_TDR_REMAPCODE_H

#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Remap/RemapPlan.h"
#include <string>
#include <vector>

namespace tdrc {

/// The comment that opens every kernel body tdrc changes: the front end
/// leaves a kernel that starts with it alone (a file rewritten twice stays
/// the same).
inline constexpr const char *RewrittenMarker =
    "/* tdrc: thread-data remapping state";

/// The first lines of the kernel body: a comment, and the profitability
/// model's run-time switches (its condition, then the work-group size).
std::string remapSwitches(const KernelPlan &Plan, const std::string &Indent,
                          const Dialect &D);

/// The remap state, declared once after the switches and (when there is
/// one) the original code that runs where no round pays: nothing of it is
/// computed there.
/// How tdr_key is declared (KernelPlan::KeyType, spelled).
std::string keyType(const KernelPlan &Plan, const clang::ASTContext &Ctx);

std::string remapState(const KernelPlan &Plan, const clang::ASTContext &Ctx,
                       const std::string &Indent, const Dialect &D);

/// The remap round placed before its branch (after the path is computed).
/// Recompute[i] is the right-hand side for the i-th Recompute entry of
/// Round.Live, already spelled with redirected IDs.
std::string remapRound(const KernelPlan &Plan, const RemapRound &Round,
                       const std::vector<std::string> &Recompute,
                       const std::string &Where, const std::string &Indent,
                       const Dialect &D);

/// The uniform switch of a round under the profitability model (tdr_onK).
std::string roundSwitch(const RemapRound &R);

/// The name a redirected get_local_id(D) / get_global_id(D) becomes.
std::string redirectedId(bool Global, unsigned Dim);
/// The text a redirected ID reference becomes (tdr_lid for a flat one).
std::string redirectedId(const IdRef &Id);

/// DGI's neighbourhood count for a work-group bound.
inline unsigned dgiGroups(unsigned MaxWG, unsigned N) {
  return (MaxWG + N - 1) / N;
}

/// The text that closes the uniform ifs and blocks a round is cut out of
/// (RemapRound::Cuts; At: where each begins), innermost first, before the
/// round, and that reopens them after it.
std::string leaveCuts(const RemapRound &R, const std::vector<std::string> &At,
                      const std::string &Indent);
std::string reenterCuts(const RemapRound &R, const std::vector<std::string> &At,
                        const std::string &Indent);

} // namespace tdrc

#endif
