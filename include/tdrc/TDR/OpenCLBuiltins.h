//===- OpenCLBuiltins.h - What OpenCL built-in functions mean to tdrc ------===//
#ifndef TDRC_TDR_OPENCLBUILTINS_H
#define TDRC_TDR_OPENCLBUILTINS_H

#include "llvm/ADT/StringRef.h"

namespace tdrc {

enum class BuiltinKind {
  NotBuiltin,
  WorkItemId,       // get_local_id, get_global_id: redirected by remapping
  WorkItemLinearId, // get_local_linear_id, ...: thread-dependent, not redirected
  WorkGroupUniform, // get_group_id, get_local_size, ...: uniform in a group
  Barrier,          // barrier, work_group_barrier, mem_fence
  Collective,       // work_group_*/sub_group_*: remapping would change them
  Atomic,           // atomic_*, atom_*: results differ per work-item
  MemoryRead,       // vload*, read_image*: a load through its arguments
  Pure,             // math and other value-only built-ins
};

/// Classifies a call to a function without a body by its name.
BuiltinKind classifyBuiltin(llvm::StringRef Name);

} // namespace tdrc

#endif
