//===- RemapLayoutTest.cpp - The remap state's local memory and its budget -===//
//
// The layout (RemapLayout.h) is what the emitter declares and what the
// budget counts: its bytes per kind of round, the budget's adjustments when
// local memory is short, and the sum against the declarations that a
// rewritten kernel actually carries.
//
//===----------------------------------------------------------------------===//
#include "TestAST.h"
#include "tdrc/Rewriter/EditList.h"
#include "tdrc/TDR/Remap/RemapEmitter.h"
#include "tdrc/TDR/Remap/RemapLayout.h"
#include "tdrc/TDR/Remap/RemapPlanner.h"
#include "clang/Basic/SourceManager.h"
#include "gtest/gtest.h"
#include <map>
#include <regex>
#include <sstream>

using namespace clang;
using namespace tdrc;
using namespace tdrc::test;

namespace {

Planned plan(ParsedCL P, std::optional<Algorithm> A = std::nullopt,
             PlannerOptions O = {}) {
  O.Force = true; // these kernels' paths are short
  O.Algorithm = A;
  return planned(std::move(P), O);
}

Planned planCL(const std::string &Code,
               std::optional<Algorithm> A = std::nullopt,
               PlannerOptions O = {}) {
  return plan(parseCL(Code), A, O);
}

/// The layout's entry for a role (null if absent).
const LocalDecl *find(const std::vector<LocalDecl> &L, LocalDecl::Role R) {
  for (const LocalDecl &D : L)
    if (D.What == R)
      return &D;
  return nullptr;
}

bool hasNote(const KernelPlan &P, const std::string &Start) {
  for (const Explanation &E : P.Explain)
    if (E.Note && E.Text.rfind(Start, 0) == 0)
      return true;
  return false;
}

// Two paths, every work-item active; x migrates (an int).
const char *TwoPaths = R"(
  __kernel void k(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int x = in[i];
    if (x > 0) out[i] = x; else out[i] = -x;
  })";

// The same under a bounds guard: inactive work-items, an active region.
const char *TwoPathsGuarded = R"(
  __kernel void k(__global const int *in, __global int *out, int n) {
    int i = get_global_id(0);
    if (i < n) {
      int x = in[i];
      if (x > 0) out[i] = x; else out[i] = -x;
    }
  })";

// Three paths whose conditions read memory, no other state: only IDs.
const char *ThreePaths = R"(
  __kernel void k(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    if (in[i] == 0) out[i] = 1;
    else if (in[i] == 1) out[i] = 2;
    else out[i] = 3;
  })";

TEST(RemapLayout, HeadOrTailWithoutRegionDeclaresHeadAndTail) {
  auto R = planCL(TwoPaths, Algorithm::HeadOrTail);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  ASSERT_EQ(R.Plan.Rounds[0].Region, -1);
  std::vector<LocalDecl> L = remapLayout(R.Plan);
  ASSERT_TRUE(find(L, LocalDecl::IdPool));
  EXPECT_EQ(find(L, LocalDecl::IdPool)->bytes(), 256u * 4);
  EXPECT_EQ(find(L, LocalDecl::PathOf)->bytes(), 256u);
  const LocalDecl *C = find(L, LocalDecl::Counters);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Names, (std::vector<std::string>{"tdr_head", "tdr_tail"}));
  EXPECT_EQ(C->bytes(), 8u);
  EXPECT_FALSE(find(L, LocalDecl::PathIn));
  EXPECT_FALSE(find(L, LocalDecl::SubCounts));
  const LocalDecl *M = find(L, LocalDecl::Migration);
  ASSERT_TRUE(M);
  EXPECT_EQ(M->Extents, (std::vector<unsigned>{1, 256})); // x
  EXPECT_EQ(layoutBytes(L), 256u * 5 + 8 + 256 * 4);
  EXPECT_EQ(R.Plan.LocalBytes, layoutBytes(L));
}

TEST(RemapLayout, HeadOrTailWithRegionCountsInactiveWorkItems) {
  auto R = planCL(TwoPathsGuarded, Algorithm::HeadOrTail);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  ASSERT_GE(R.Plan.Rounds[0].Region, 0);
  std::vector<LocalDecl> L = remapLayout(R.Plan);
  const LocalDecl *C = find(L, LocalDecl::Counters);
  ASSERT_TRUE(C);
  EXPECT_EQ(C->Names, (std::vector<std::string>{"tdr_head", "tdr_tail",
                                                "tdr_ninactive"}));
  EXPECT_EQ(C->bytes(), 12u);
  EXPECT_EQ(R.Plan.LocalBytes, layoutBytes(L));
}

TEST(RemapLayout, DgiCountsKeysPerNeighbourhoodAndNoCounters) {
  // Three keys (paths), 256 / 16 neighbourhoods.
  auto R = planCL(ThreePaths, Algorithm::DGI);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  ASSERT_EQ(R.Plan.Rounds[0].Paths, 3u);
  std::vector<LocalDecl> L = remapLayout(R.Plan);
  EXPECT_FALSE(find(L, LocalDecl::Counters));
  ASSERT_TRUE(find(L, LocalDecl::PathIn));
  EXPECT_EQ(find(L, LocalDecl::PathIn)->bytes(), 256u);
  const LocalDecl *Counts = find(L, LocalDecl::SubCounts);
  ASSERT_TRUE(Counts);
  EXPECT_EQ(Counts->Extents, std::vector<unsigned>{3 * 16});
  EXPECT_EQ(Counts->bytes(), 3u * 16 * 4);
  EXPECT_FALSE(find(L, LocalDecl::Migration)); // only IDs: recomputed
  EXPECT_EQ(layoutBytes(L), 256u * 5 + 256 + 3 * 16 * 4);
  EXPECT_EQ(R.Plan.LocalBytes, layoutBytes(L));

  // Under a guard the inactive work-items are a fourth key.
  auto G = planCL(R"(
    __kernel void k(__global const int *in, __global int *out, int n) {
      int i = get_global_id(0);
      if (i < n) {
        if (in[i] == 0) out[i] = 1;
        else if (in[i] == 1) out[i] = 2;
        else out[i] = 3;
      }
    })",
                  Algorithm::DGI);
  ASSERT_EQ(G.Plan.Rounds.size(), 1u);
  ASSERT_GE(G.Plan.Rounds[0].Region, 0);
  std::vector<LocalDecl> GL = remapLayout(G.Plan);
  EXPECT_EQ(find(GL, LocalDecl::SubCounts)->bytes(), 4u * 16 * 4);
  EXPECT_FALSE(find(GL, LocalDecl::Counters));
}

TEST(RemapLayout, MigrationPoolsOnePerTypeSizedByTheLargestRound) {
  auto R = planCL(R"(
    __kernel void k(__global const float *in, __global float *out) {
      int i = get_global_id(0);
      float v[3];
      for (int j = 0; j < 3; ++j) v[j] = in[3 * i + j];
      int c = (int)in[i];
      if (v[0] > 0.0f) out[i] = v[1] * c; else out[i] = v[2] - c;
    })",
                  Algorithm::HeadOrTail);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  std::map<std::string, unsigned> Pools;
  for (const LocalDecl &D : remapLayout(R.Plan))
    if (D.What == LocalDecl::Migration) {
      ASSERT_EQ(D.Extents.size(), 2u);
      EXPECT_EQ(D.Extents[1], 256u);
      EXPECT_EQ(D.bytes(), D.Extents[0] * D.ElementBytes * 256);
      Pools[D.Names[0]] = D.Extents[0];
    }
  EXPECT_EQ(Pools["tdr_mig_float"], 3u); // v's three elements
  EXPECT_EQ(Pools["tdr_mig_int"], 1u);   // c
  EXPECT_EQ(R.Plan.LocalBytes, layoutBytes(remapLayout(R.Plan)));
}

TEST(RemapLayout, SixteenBitIdPoolHalvesThePool) {
  auto R = planCL(TwoPaths, Algorithm::HeadOrTail);
  ASSERT_TRUE(R.Plan.rewrites());
  R.Plan.ShortIdPool = true;
  std::vector<LocalDecl> L = remapLayout(R.Plan);
  const LocalDecl *P = find(L, LocalDecl::IdPool);
  ASSERT_TRUE(P);
  EXPECT_EQ(P->Type, LocalDecl::UShort);
  EXPECT_EQ(P->bytes(), 256u * 2);
  R.Plan.Rounds.clear();
  EXPECT_TRUE(remapLayout(R.Plan).empty());
}

// The budget: short of local memory, DGI's N doubles after the 16-bit ID
// pool; with too little for any adjustment the round is declined.
TEST(RemapBudget, LocalMemoryShortDoublesDgiNeighbourhood) {
  // 16-bit pool 512 + paths 256 + paths in 256 + 3 * 16 counts 192 = 1216;
  // N = 32 gives 3 * 8 counts, 96 bytes: 1120.
  PlannerOptions O;
  O.LocalMemoryBytes = 1150;
  auto R = planCL(ThreePaths, Algorithm::DGI, O);
  ASSERT_EQ(R.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(R.Plan.ShortIdPool);
  EXPECT_EQ(R.Plan.Rounds[0].Neighbors, 32u);
  EXPECT_EQ(R.Plan.LocalBytes, 1120u);
  EXPECT_EQ(R.Plan.LocalBytes, layoutBytes(remapLayout(R.Plan)));
  EXPECT_TRUE(hasNote(R.Plan, "budget: local memory short: 16-bit ID pool: "
                              "now 1216 bytes"));
  EXPECT_TRUE(hasNote(R.Plan, "budget: local memory short: DGI's N doubled "
                              "to 32"));
}

TEST(RemapBudget, DeclinesWhenNothingFits) {
  PlannerOptions O;
  O.LocalMemoryBytes = 600; // below even the 16-bit pool and N = 64
  auto R = planCL(ThreePaths, Algorithm::DGI, O);
  EXPECT_TRUE(R.Plan.Rounds.empty());
  EXPECT_EQ(R.Plan.LocalBytes, 0u);
  bool Said = false;
  for (const Explanation &E : R.Plan.Explain)
    Said |= E.Text.find("exceeds the budget of 600 bytes") != std::string::npos;
  EXPECT_TRUE(Said);
}

TEST(RemapBudget, FitsExactlyWhatIsDeclared) {
  // A budget of exactly the layout's bytes keeps the round unchanged; one
  // byte less makes the budget act.
  auto Free = planCL(TwoPaths, Algorithm::HeadOrTail);
  unsigned Bytes = Free.Plan.LocalBytes;
  PlannerOptions O;
  O.LocalMemoryBytes = Bytes;
  auto Exact = planCL(TwoPaths, Algorithm::HeadOrTail, O);
  ASSERT_EQ(Exact.Plan.Rounds.size(), 1u);
  EXPECT_FALSE(Exact.Plan.ShortIdPool);
  EXPECT_EQ(Exact.Plan.LocalBytes, Bytes);
  O.LocalMemoryBytes = Bytes - 1;
  auto Short = planCL(TwoPaths, Algorithm::HeadOrTail, O);
  ASSERT_EQ(Short.Plan.Rounds.size(), 1u);
  EXPECT_TRUE(Short.Plan.ShortIdPool);
}

/// The rewritten kernel's text.
std::string rewrite(Planned &R) {
  EditList Edits;
  std::string Why;
  EXPECT_TRUE(emitKernel(R.P.ctx(), R.Plan,
                         dialectFor(R.P.ctx().getLangOpts()), Edits, Why))
      << Why;
  const SourceManager &SM = R.P.ctx().getSourceManager();
  llvm::Expected<std::string> Out =
      Edits.apply("input", SM.getBufferData(SM.getMainFileID()));
  EXPECT_TRUE(bool(Out));
  return Out ? *Out : std::string();
}

/// Bytes of the tdr_ declarations in work-group memory of Text, read back
/// from the text: `__local uint tdr_pool[256];`, `__shared__ int tdr_head,
/// tdr_tail;`, `__local float tdr_mig_float[3][256];`.
unsigned declaredBytes(const std::string &Text, unsigned &Decls) {
  static const std::map<std::string, unsigned> Size = {
      {"uint", 4},          {"ushort", 2},         {"uchar", 1},
      {"int", 4},           {"float", 4},          {"long", 8},
      {"unsigned int", 4},  {"unsigned short", 2}, {"unsigned char", 1},
      {"long long", 8},     {"double", 8}};
  static const std::regex Decl(
      R"(^\s*(__local|__shared__) ([a-z ]+?) (tdr_\w+[^;]*);)");
  static const std::regex Name(R"(tdr_\w+((\[\d+\])*))");
  static const std::regex Extent(R"(\[(\d+)\])");
  unsigned Bytes = 0;
  Decls = 0;
  std::istringstream In(Text);
  for (std::string Line; std::getline(In, Line);) {
    std::smatch M;
    if (!std::regex_search(Line, M, Decl))
      continue;
    ++Decls;
    auto T = Size.find(M[2].str());
    EXPECT_NE(T, Size.end()) << Line;
    if (T == Size.end())
      continue;
    std::string Declarators = M[3].str();
    for (std::sregex_iterator N(Declarators.begin(), Declarators.end(), Name),
         End;
         N != End; ++N) {
      unsigned Elements = 1;
      std::string Ext = (*N)[1].str();
      for (std::sregex_iterator E(Ext.begin(), Ext.end(), Extent); E != End;
           ++E)
        Elements *= unsigned(std::stoul((*E)[1].str()));
      Bytes += Elements * T->second;
    }
  }
  return Bytes;
}

void expectDeclaredAsCounted(Planned R) {
  ASSERT_TRUE(R.Plan.rewrites());
  unsigned Decls = 0;
  std::string Text = rewrite(R);
  EXPECT_EQ(declaredBytes(Text, Decls), R.Plan.LocalBytes) << Text;
  EXPECT_EQ(Decls, remapLayout(R.Plan).size()) << Text;
}

TEST(RemapLayout, EmittedDeclarationsAreWhatTheBudgetCounts) {
  expectDeclaredAsCounted(planCL(TwoPaths, Algorithm::HeadOrTail));
  expectDeclaredAsCounted(planCL(TwoPathsGuarded, Algorithm::HeadOrTail));
  expectDeclaredAsCounted(planCL(TwoPaths, Algorithm::DGI));
  expectDeclaredAsCounted(planCL(TwoPathsGuarded, Algorithm::DGI));
  expectDeclaredAsCounted(planCL(ThreePaths, Algorithm::DGI));
  PlannerOptions Short;
  Short.LocalMemoryBytes = 1150; // 16-bit pool, N = 32
  expectDeclaredAsCounted(planCL(ThreePaths, Algorithm::DGI, Short));
  expectDeclaredAsCounted(planCL(R"(
    __kernel void k(__global const float *in, __global float *out, int n) {
      int i = get_global_id(0);
      if (i >= n) return;
      float v[3];
      for (int j = 0; j < 3; ++j) v[j] = in[3 * i + j];
      long c = (long)in[i];
      switch (c & 3) { case 0: out[i] = v[0]; break;
                       case 1: out[i] = v[1] * c; break;
                       default: out[i] = v[2]; }
    })"));
  // CUDA: __shared__, spelled-out types, warp-level strategies.
  const char *Cuda = R"(
    __global__ void k(const int *in, int *out, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x;
      if (i >= n) return;
      int x = in[i];
      if (x > 0) out[i] = x; else out[i] = -x;
    })";
  expectDeclaredAsCounted(plan(parseCUDA(Cuda)));
  expectDeclaredAsCounted(plan(parseCUDA(Cuda), Algorithm::Ballot));
  expectDeclaredAsCounted(plan(parseCUDA(Cuda), Algorithm::DGI));
}

} // namespace
