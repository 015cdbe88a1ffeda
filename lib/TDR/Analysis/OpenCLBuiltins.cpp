//===- OpenCLBuiltins.cpp -------------------------------------------------===//
#include "tdrc/TDR/OpenCLBuiltins.h"

namespace tdrc {

namespace {
struct NamedKind {
  const char *Name;
  BuiltinKind Kind;
};
const NamedKind Exact[] = {
    {"get_local_id", BuiltinKind::WorkItemId},
    {"get_global_id", BuiltinKind::WorkItemId},
    {"get_local_linear_id", BuiltinKind::WorkItemLinearId},
    {"get_global_linear_id", BuiltinKind::WorkItemLinearId},
    {"get_sub_group_local_id", BuiltinKind::WorkItemLinearId},
    {"get_group_id", BuiltinKind::WorkGroupUniform},
    {"get_local_size", BuiltinKind::WorkGroupUniform},
    {"get_global_size", BuiltinKind::WorkGroupUniform},
    {"get_num_groups", BuiltinKind::WorkGroupUniform},
    {"get_work_dim", BuiltinKind::WorkGroupUniform},
    {"get_global_offset", BuiltinKind::WorkGroupUniform},
    {"get_enqueued_local_size", BuiltinKind::WorkGroupUniform},
    {"get_sub_group_size", BuiltinKind::WorkGroupUniform},
    {"get_max_sub_group_size", BuiltinKind::WorkGroupUniform},
    {"get_num_sub_groups", BuiltinKind::WorkGroupUniform},
    {"get_enqueued_num_sub_groups", BuiltinKind::WorkGroupUniform},
    {"barrier", BuiltinKind::Barrier},
    {"work_group_barrier", BuiltinKind::Barrier},
    {"mem_fence", BuiltinKind::Barrier},
    {"read_mem_fence", BuiltinKind::Barrier},
    {"write_mem_fence", BuiltinKind::Barrier},
};
} // namespace

BuiltinKind classifyBuiltin(llvm::StringRef Name) {
  BuiltinKind K = BuiltinKind::NotBuiltin;
  for (const NamedKind &E : Exact)
    if (Name == E.Name)
      K = E.Kind;
  if (K != BuiltinKind::NotBuiltin)
    return K;
  if (Name.starts_with("work_group_") || Name.starts_with("sub_group_") ||
      Name.starts_with("async_work_group") || Name == "wait_group_events" ||
      Name.starts_with("intel_sub_group") || Name == "get_sub_group_id")
    return BuiltinKind::Collective;
  if (Name.starts_with("atomic_") || Name.starts_with("atom_"))
    return BuiltinKind::Atomic;
  if (Name.starts_with("vload") || Name.starts_with("read_image") ||
      Name.starts_with("prefetch"))
    return BuiltinKind::MemoryRead;
  return BuiltinKind::Pure;
}

} // namespace tdrc
