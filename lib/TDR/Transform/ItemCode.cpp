//===- ItemCode.cpp - Code of the transforms that run several items -------===//
#include "tdrc/TDR/ItemCode.h"
#include "clang/AST/ASTContext.h"

using namespace clang;

namespace tdrc {

void emitGroupCoarsening(CodeBuilder &B, ASTContext &Ctx, const Dialect &D,
                         const GroupCoarsening &G) {
  const char *U = D.UInt;
  std::string GroupX = D.Cuda ? "blockIdx.x" : "get_group_id(0)";
  std::string AllGroups =
      D.Cuda ? "gridDim.x * gridDim.y * gridDim.z"
             : "get_num_groups(0) * get_num_groups(1) * get_num_groups(2)";
  B.line(std::string(U) + " " + G.Var + " = (" + U + ")(" + AllGroups +
         ") / " + G.Fewest + ";");
  B.line(G.Var + " = " + G.Var + " < 1u ? 1u : " + G.Var + " > " + G.Most +
         " ? " + G.Most + " : " + G.Var + ";");
  if (!D.Cuda && Ctx.getLangOpts().getOpenCLCompatibleVersion() >= 200)
    B.line("if (get_global_size(0) % get_enqueued_local_size(0) != 0) " +
           G.SmallerLastGroup);
  if (G.Interleave.empty()) {
    B.nest("if (" + GroupX + " % " + G.Var + " != 0)").line(G.Leave).unnest();
    return;
  }
  // The stride between the groups one group serves (1: contiguous).
  B.line("const " + std::string(U) + " " + G.Var + "_stride = " +
         G.Interleave + " ? (" + groupsAlong0(D) + " + " + G.Var + " - 1u) / " +
         G.Var + " : 1u;");
  B.nest("if (" + G.Interleave + " ? " + GroupX + " >= " + G.Var +
         "_stride : " + GroupX + " % " + G.Var + " != 0)")
      .line(G.Leave)
      .unnest();
}

std::string groupsAlong0(const Dialect &D) {
  return "(" + std::string(D.UInt) + ")(" +
         (D.Cuda ? "gridDim.x" : "get_num_groups(0)") + ")";
}

std::string groupsLeft(const Dialect &D) {
  return "(" + std::string(D.UInt) + ")(" +
         (D.Cuda ? "gridDim.x - blockIdx.x"
                 : "get_num_groups(0) - get_group_id(0)") +
         ")";
}

void copyWrittenParams(CodeBuilder &B, const SourceText &T,
                       llvm::ArrayRef<const ParmVarDecl *> Ps) {
  for (const ParmVarDecl *PV : Ps)
    B.line(T.typeName(PV->getType()) + " tdr_arg_" + PV->getNameAsString() +
           " = " + PV->getNameAsString() +
           "; /* tdrc: the launch's value, for each item */");
}

void restoreWrittenParams(CodeBuilder &B,
                          llvm::ArrayRef<const ParmVarDecl *> Ps,
                          const std::string &Note) {
  for (const ParmVarDecl *PV : Ps)
    B.line(PV->getNameAsString() + " = tdr_arg_" + PV->getNameAsString() +
           ";" + Note);
}

} // namespace tdrc
