//===- KernelUsage.h - A kernel's registers and shared memory -------------===//
//
// What one work-item / block of a kernel takes, from the first source that
// has it: given on the command line (--regs/--smem), measured (ptxas -v, the
// NVIDIA OpenCL build log; OpenCLUsage.h), or estimated statically (below).
// Plain C++17 (POSIX for running ptxas): no LLVM, so it builds on a GPU
// machine without one.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_OCCUPANCY_KERNELUSAGE_H
#define TDRC_OCCUPANCY_KERNELUSAGE_H

#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tdrc {

struct KernelUsage {
  unsigned Registers = 0;   // per thread; 0 = unknown
  unsigned SharedBytes = 0; // static shared (local) memory per block
  /// Where the figures come from: "given", "measured: ptxas sm_90",
  /// "measured: NVIDIA OpenCL build log sm_90", "estimate", ...
  std::string Source;
  // Also in `ptxas -v` output; a spill means the register count is capped.
  unsigned StackFrameBytes = 0;
  unsigned SpillStoreBytes = 0;
  unsigned SpillLoadBytes = 0;
};

/// Parses `ptxas -v` output (also nvcc -Xptxas -v, NVIDIA OpenCL's
/// -cl-nv-verbose build log) for the entry Entry: the lines from
/// "Compiling entry function 'Entry'" or "Function properties for Entry" up
/// to the next function's.  An empty Entry takes the first entry function.
/// nullopt when the entry has no "Used N registers" line.  Source is left
/// empty for the caller.  With several targets in one text, the first wins.
std::optional<KernelUsage> parsePtxasVerbose(const std::string &Text,
                                             const std::string &Entry);

/// Every entry function of `ptxas -v` output, in order of appearance.
std::vector<std::pair<std::string, KernelUsage>>
parsePtxasVerboseAll(const std::string &Text);

/// The first ptxas of $PATH, $CUDA_PATH/bin, /usr/local/cuda/bin; "" if none.
std::string findPtxas();

/// Runs `ptxas -v -arch=Arch PtxPath` and returns what it printed (stdout
/// and stderr), or nullopt with Why (no ptxas, it failed: its output).
/// An empty Arch takes the PTX's own `.target`.
std::optional<std::string> runPtxasVerbose(const std::string &PtxPath,
                                           const std::string &Arch,
                                           std::string &Why);

/// runPtxasVerbose + parsePtxasVerbose; Source "measured: ptxas sm_XX".
std::optional<KernelUsage> ptxasUsage(const std::string &PtxPath,
                                      const std::string &Entry,
                                      const std::string &Arch,
                                      std::string &Why);

/// The `.target sm_XX` of PTX text, or "".
std::string ptxTarget(const std::string &PtxText);

//===-- Static estimate, when nothing is given or measurable --------------===//
//
// Basis (NVIDIA, ptxas 13.0, sm_75-sm_120, docs/occupancy.md): a kernel that
// reads and writes global memory at its global ID is given 8-10 registers;
// above that ptxas keeps about one register per 32-bit word of private state
// live at once (48 live floats: 56 registers on sm_90).  So the estimate is
// a floor plus the live words, and is a lower bound in spirit: code between
// the live points (addresses, loop counters, temporaries) adds more.  A low
// register figure makes the planner assume more resident blocks and so grant
// less local memory per block, which errs on the safe side for that budget.

/// Registers a kernel's compiler gives even a trivial kernel that indexes
/// global memory (ptxas 13.0, sm_90: 10).
constexpr unsigned EstimateBaseRegisters = 10;

/// Estimated registers per work-item: EstimateBaseRegisters + LiveWords,
/// capped at MaxRegs.  LiveWords: the most 32-bit words of private state live
/// at one point (scalars 1, 64-bit scalars and pointers 2, vectors one per
/// 32 bits of component, private arrays likewise when small enough to stay
/// in registers).  Source "estimate".
KernelUsage estimateUsage(unsigned LiveWords, unsigned StaticLocalBytes,
                          unsigned MaxRegs = 255);

/// What tdrc adds to a kernel, for estimateRegistersAfterRemap.
struct RemapShape {
  unsigned Dims = 1;      // NDRange dimensions whose IDs are redirected
  unsigned HotRounds = 0; // Head-or-Tail rounds
  unsigned DgiRounds = 0; // Data Group Indexing rounds
};

// Fitted to 59 rewrites of 38 kernels on an H200 (NVIDIA OpenCL, driver
// 580.159.04, sm_90; docs/occupancy.md).  The floor fits a round's own
// state (flat and physical local IDs, path, enable flag, group size,
// redirected 64-bit IDs: about ten registers beside a small kernel's):
// Head-or-Tail kernels of 8-16 registers went to 20-24 (mostly 20), with
// two rounds to 22-26, 2-D ones to 26 and 28; kernels already at 18-31
// changed by -1..+3.  DGI kernels all reached 31-32, the most any kernel
// used there (a limit of that compiler, it seems): 32 is a lower bound.
constexpr unsigned HotRoundFloorRegisters = 20;
constexpr unsigned HotExtraRoundRegisters = 2;
constexpr unsigned ExtraDimRegisters = 8;
constexpr unsigned DgiFloorRegisters = 32;
constexpr unsigned RemapMarginRegisters = 2; // over a kernel above the floor

/// Registers per work-item of the rewritten kernel given the original's:
/// max(Before + RemapMarginRegisters, the floor of S), capped at MaxRegs;
/// Before itself when S has no rounds.  Within -4..+3 of the measurement
/// for all 25 Head-or-Tail kernels (17 exact), in sample.
unsigned estimateRegistersAfterRemap(unsigned Before, const RemapShape &S,
                                     unsigned MaxRegs = 255);

} // namespace tdrc

#endif
