//===- RemapLayout.h - The local memory of the remap state, defined once ---===//
//
// Every round of a kernel shares one set of work-group (OpenCL __local, CUDA
// __shared__) declarations, sized for the largest round of each kind.  The
// layout lists them: the emitter writes one declaration per entry
// (remapState), and the budget's byte count is the sum of the entries
// (sizeLocalMemory), so the bytes checked against the local-memory limit and
// the occupancy budget, and reported by --explain, are those the rewritten
// kernel declares.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_TDR_REMAP_REMAPLAYOUT_H
#define TDRC_TDR_REMAP_REMAPLAYOUT_H

#include "tdrc/TDR/Dialect.h"
#include "tdrc/TDR/Remap/RemapPlan.h"
#include <string>
#include <vector>

namespace tdrc {

/// One declaration of work-group memory: one or more names of one element
/// type, each an array of Extents (none: a scalar).
struct LocalDecl {
  enum Role {
    IdPool,    // tdr_pool: the logical work-item of each slot
    PathOf,    // tdr_path_of: the path of each slot
    Counters,  // tdr_head, tdr_tail (Head-or-Tail), tdr_ninactive (regions)
    PathIn,    // tdr_path_in: the path of each physical work-item (DGI)
    SubCounts, // tdr_count: per path and group, then first slots (DGI, ballot)
    Migration, // tdr_mig_<type>: migrated live state, one pool per type
  } What;
  /// The element type: a scalar spelled by the dialect, or a pool's type.
  enum Elem { UInt, UShort, UChar, Int, PoolType } Type;
  clang::QualType Pool; // PoolType only
  unsigned ElementBytes;
  std::vector<std::string> Names;
  std::vector<unsigned> Extents;
  /// The comment after the declaration ("" for none); '@' stands for the
  /// dialect's word for a work-item.  CommentGap spaces precede it.
  const char *Comment = "";
  unsigned CommentGap = 2;

  /// Bytes of all of its names.
  unsigned bytes() const;
};

/// The work-group memory that the remap state of Plan declares, in the order
/// it is declared (empty for a plan without rounds).  Reads the rounds'
/// algorithms and regions, Plan.ShortIdPool, Plan.MaxDgiCounts and
/// Plan.Pools (laid out by the budget's sizeLocalMemory).
std::vector<LocalDecl> remapLayout(const KernelPlan &Plan);

/// How many passes R's migrated state takes through pools of Plan's sizes:
/// a live variable's slots count on from pass to pass (a slot S of a pool
/// of N slots moves in pass S / N), so an array may span two passes.
unsigned migrationPasses(const KernelPlan &Plan, const RemapRound &R);

/// The sum of the declarations' bytes.
unsigned layoutBytes(const std::vector<LocalDecl> &Layout);

/// Decl as the emitter writes it: `__local uint tdr_pool[256];  /* ... */`
/// (no indentation, no newline).
std::string spellLocalDecl(const LocalDecl &Decl, const Dialect &D,
                           const clang::PrintingPolicy &PP);

} // namespace tdrc

#endif
