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
  // A smaller last group along a dimension the items span: its items have
  // another shape than the serving group's.
  if (!D.Cuda && Ctx.getLangOpts().getOpenCLCompatibleVersion() >= 200)
    for (unsigned Dim = 0; Dim < (G.Interleave.empty() ? 1 : G.Dims); ++Dim) {
      std::string N = std::to_string(Dim);
      B.line("if (get_global_size(" + N + ") % get_enqueued_local_size(" + N +
             ") != 0) " + G.SmallerLastGroup);
    }
  if (G.Interleave.empty()) {
    B.nest("if (" + GroupX + " % " + G.Var + " != 0)").line(G.Leave).unnest();
    return;
  }
  if (G.Dims > 1) {
    std::string All, At = D.groupId(G.Dims - 1);
    for (unsigned Dim = 0; Dim < G.Dims; ++Dim)
      All += (Dim ? " * " : "") + D.numGroups(Dim);
    for (unsigned Dim = G.Dims - 1; Dim-- > 0;)
      At = D.groupId(Dim) + " + " + D.numGroups(Dim) + " * " +
           (Dim + 2 < G.Dims ? "(" + At + ")" : At);
    B.line("/* tdrc: the groups numbered row by row */");
    B.line("const " + std::string(U) + " " + linearGroups(D, G) + " = (" + U +
           ")(" + All + ");");
    B.line("const " + std::string(U) + " " + linearGroup(D, G) + " = (" + U +
           ")(" + At + ");");
  }
  // The stride between the groups one group serves (1: contiguous).
  B.line("const " + std::string(U) + " " + G.Var + "_stride = " +
         G.Interleave + " ? (" + linearGroups(D, G) + " + " + G.Var +
         " - 1u) / " + G.Var + " : 1u;");
  B.nest("if (" + G.Interleave + " ? " + linearGroup(D, G) + " >= " + G.Var +
         "_stride : " + GroupX + " % " + G.Var + " != 0)")
      .line(G.Leave)
      .unnest();
}

std::string linearGroups(const Dialect &D, const GroupCoarsening &G) {
  return G.Dims > 1 ? G.Var + "_all" : groupsAlong0(D);
}

std::string linearGroup(const Dialect &D, const GroupCoarsening &G) {
  return G.Dims > 1 ? G.Var + "_at" : D.groupId(0);
}

std::string groupAlong(const Dialect &D, unsigned Dims, unsigned Dim,
                       const std::string &G) {
  std::string Out = G;
  for (unsigned Below = 0; Below < Dim; ++Below)
    Out += " / " + D.numGroups(Below);
  if (Dim + 1 < Dims)
    Out = (Dim ? "(" + Out + ")" : Out) + " % " + D.numGroups(Dim);
  return Out;
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
