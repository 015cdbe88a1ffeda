//===- HeadOrTail.cpp - OpenCL C text of the Head-or-Tail remap ------------===//
#include "tdrc/TDR/HeadOrTail.h"
#include "clang/AST/ASTContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace clang;

namespace tdrc {

std::string redirectedId(bool Global, unsigned Dim) {
  return (Global ? "tdr_gid" : "tdr_lid") + std::to_string(Dim);
}

static std::string poolDecl(const MigrationPool &P, const ASTContext &Ctx,
                            unsigned WG) {
  std::string Dims =
      "[" + std::to_string(P.Slots) + "][" + std::to_string(WG) + "]";
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (P.Type->isPointerType()) // the pointer lives in local memory
    P.Type.print(OS, Ctx.getPrintingPolicy(), "__local " + P.Name + Dims);
  else
    OS << "__local " << P.Type.getAsString(Ctx.getPrintingPolicy()) << " "
       << P.Name << Dims;
  return Out + ";";
}

std::string headOrTailPrologue(const KernelPlan &Plan, const ASTContext &Ctx,
                               const std::string &I) {
  std::string WG = std::to_string(Plan.MaxWorkGroupSize);
  bool Regions = false;
  for (const RemapRound &R : Plan.Rounds)
    Regions |= R.Region >= 0;
  std::string S;
  S += I + "/* tdrc: thread-data remapping state (Head-or-Tail), shared by " +
       std::to_string(Plan.Rounds.size()) + " round(s), for work-groups of "
       "up to " + WG + " work-items */\n";
  S += I + "__local uint tdr_pool[" + WG + "];      /* logical work-item per slot */\n";
  S += I + "__local uchar tdr_path_of[" + WG + "];  /* its path; 2 = inactive */\n";
  S += I + "__local int tdr_head, tdr_tail";
  S += Regions ? ", tdr_ninactive;\n" : ";\n";
  for (const MigrationPool &P : Plan.Pools)
    S += I + poolDecl(P, Ctx, Plan.MaxWorkGroupSize) + "\n";
  S += I + "const uint tdr_wgsize = (uint)(get_local_size(0) * "
           "get_local_size(1) * get_local_size(2));\n";
  S += I + "const int tdr_enabled = tdr_wgsize <= " + WG +
       "u; /* larger groups run unremapped */\n";
  S += I + "const uint tdr_plid = (uint)(get_local_id(0) + get_local_size(0) * "
           "(get_local_id(1) + get_local_size(1) * get_local_id(2)));\n";
  S += I + "uint tdr_lid = tdr_plid; /* logical flat local ID */\n";
  for (unsigned D = 0; D < Plan.Dims; ++D)
    S += I + "size_t " + redirectedId(false, D) + " = get_local_id(" +
         std::to_string(D) + "), " + redirectedId(true, D) +
         " = get_global_id(" + std::to_string(D) + ");\n";
  S += I + "int tdr_path = 0" + std::string(Regions ? ", tdr_active = 1" : "") +
       ";\n";
  return S;
}

namespace {

std::string slot(const KernelPlan &P, const LiveVar &L, const char *Index,
                 const std::string &Elem) {
  return P.Pools[L.Pool].Name + "[" + std::to_string(L.FirstSlot) + Elem +
         "][" + Index + "]";
}

/// `slot = var;` (Save) or `var = slot;`, looping over array elements.
std::string moveLine(const KernelPlan &P, const LiveVar &L, bool Save,
                     const char *Index) {
  std::string Var = L.Var->getNameAsString();
  if (L.Elements == 1) {
    std::string Slot = slot(P, L, Index, "");
    return Save ? Slot + " = " + Var + ";" : Var + " = " + Slot + ";";
  }
  std::string Slot = slot(P, L, Index, " + tdr_k");
  std::string Elem = Var + "[tdr_k]";
  return "for (int tdr_k = 0; tdr_k < " + std::to_string(L.Elements) +
         "; ++tdr_k) " + (Save ? Slot + " = " + Elem : Elem + " = " + Slot) +
         ";";
}

} // namespace

std::string headOrTailRound(const KernelPlan &Plan, const RemapRound &R,
                            const std::vector<std::string> &Recompute,
                            const std::string &Where, const std::string &I) {
  // The barriers stay outside every condition (even the uniform
  // tdr_enabled): some OpenCL compilers (PoCL) mishandle barriers under a
  // condition that follows divergent code.
  bool Region = R.Region >= 0;
  std::string J = I + "  ", K = I + "    ", L = I + "      ";
  std::string S;
  S += I + "{ /* tdrc: round " + std::to_string(R.Index) +
       ", regroup work-items by path for the branch at " + Where + " */\n";
  S += J + "int tdr_pos = 0" + std::string(Region ? ", tdr_rank = 0" : "") +
       ";\n";
  S += J + "if (tdr_enabled && tdr_plid == 0u) { tdr_head = 0; tdr_tail = "
           "(int)tdr_wgsize - 1;" +
       std::string(Region ? " tdr_ninactive = 0;" : "") + " }\n";
  S += J + "barrier(CLK_LOCAL_MEM_FENCE);\n";
  if (Region) {
    S += J + "if (tdr_enabled && !tdr_active) tdr_rank = "
             "atomic_inc(&tdr_ninactive);\n";
    S += J + "barrier(CLK_LOCAL_MEM_FENCE);\n";
  }
  S += J + "if (tdr_enabled) {\n";
  if (Region) {
    S += K + "if (!tdr_active) tdr_pos = (int)tdr_wgsize - 1 - tdr_rank; "
             "/* inactive: the last slots */\n";
    S += K + "else if (tdr_path) tdr_pos = atomic_inc(&tdr_head);\n";
    S += K + "else tdr_pos = atomic_dec(&tdr_tail) - tdr_ninactive;\n";
  } else {
    S += K + "tdr_pos = tdr_path ? atomic_inc(&tdr_head) : "
             "atomic_dec(&tdr_tail);\n";
  }
  S += K + "tdr_pool[tdr_pos] = tdr_lid;\n";
  S += K + (Region ? "tdr_path_of[tdr_pos] = (uchar)(tdr_active ? tdr_path : 2);\n"
                   : "tdr_path_of[tdr_pos] = (uchar)tdr_path;\n");
  std::vector<std::string> Saves, Restores, Recomputes;
  unsigned RI = 0;
  for (const LiveVar &LV : R.Live) {
    if (LV.How == LiveVar::Migrate) {
      Saves.push_back(moveLine(Plan, LV, true, "tdr_pos"));
      Restores.push_back(moveLine(Plan, LV, false, "tdr_plid"));
    } else {
      Recomputes.push_back(LV.Var->getNameAsString() + " = " +
                           Recompute[RI++] + ";");
    }
  }
  auto Block = [&](const std::vector<std::string> &Lines, bool Guarded) {
    if (Lines.empty())
      return;
    if (Guarded)
      S += K + "if (tdr_active) {\n";
    for (const std::string &Line : Lines)
      S += (Guarded ? L : K) + Line + "\n";
    if (Guarded)
      S += K + "}\n";
  };
  Block(Saves, Region);
  S += J + "}\n";
  S += J + (R.GlobalFence
                ? "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE); /* "
                  "global writes of the work-items hand over too */\n"
                : "barrier(CLK_LOCAL_MEM_FENCE);\n");
  S += J + "if (tdr_enabled) {\n";
  S += K + "tdr_lid = tdr_pool[tdr_plid];\n";
  S += K + "tdr_path = tdr_path_of[tdr_plid];\n";
  if (Region)
    S += K + "tdr_active = tdr_path != 2;\n";
  for (unsigned D = 0; D < Plan.Dims; ++D) {
    std::string Id = redirectedId(false, D);
    if (D == 0)
      S += K + Id + " = tdr_lid % get_local_size(0);\n";
    else if (D == 1)
      S += K + Id + " = tdr_lid / get_local_size(0) % get_local_size(1);\n";
    else
      S += K + Id + " = tdr_lid / (get_local_size(0) * get_local_size(1));\n";
  }
  for (unsigned D = 0; D < Plan.Dims; ++D)
    S += K + redirectedId(true, D) + " = get_global_id(" + std::to_string(D) +
         ") - get_local_id(" + std::to_string(D) + ") + " +
         redirectedId(false, D) + ";\n";
  Block(Restores, Region);
  Block(Recomputes, Region);
  S += J + "}\n";
  S += I + "}\n";
  return S;
}

} // namespace tdrc
