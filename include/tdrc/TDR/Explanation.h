//===- Explanation.h - One decision of --explain, as text and as data -----===//
#ifndef TDRC_TDR_EXPLANATION_H
#define TDRC_TDR_EXPLANATION_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace tdrc {

/// The profitability model's view of one change, for --explain=json.
struct Estimate {
  double Cost = 0;        // weighted operations per work-item
  std::string Gain;       // the saving, a number or a formula of arguments
  std::string Verdict;    // "pays", "does not pay", "checked at run time"
  std::string Condition;  // the run-time condition (checked at run time)
  std::string Profile;    // --cost-profile's device, when one priced it
};

/// One --explain entry: a decision about a statement, or a note about the
/// kernel.  Text is the text report's line after "file:line:col: " and the
/// "remapped: "/"unchanged: " prefix; the other fields are the same decision
/// in structured form (--explain=json, docs/explain-schema.json).
struct Explanation {
  clang::SourceLocation Loc;
  bool Remapped = false; // the statement is changed (if emission succeeds)
  std::string Text;
  bool Note = false; // about the kernel as a whole (the budget), not a branch
  // Structured:
  std::string Transform;  // who decided ("remap"); empty for none
  std::string Kind;       // "branch", "loop", "chain-member", "note"
  std::string Divergence; // "uniform", "thread-id", "data"; empty if unknown
  std::string Cause;      // why it is (not) divergent
  std::string Reason;     // why it is unchanged; empty when changed
  std::string Strategy;   // remap: the strategy's keyword
  unsigned Round = 0;     // remap: the round (1-based), 0 for none
  std::vector<std::string> Migrates, Recomputes; // state moved / recomputed
  bool GlobalFence = false;
  /// remap: the loop the round sits before (--hoist-rounds); invalid: none.
  clang::SourceLocation BeforeLoop;
  std::optional<Estimate> Profit;
};

/// The reason a transform gives when a macro spells a part it must edit:
/// "WHAT is spelled inside a macro".  Every transform words it so, because
/// the front end reads the phrase back (stoppedByMacro) to decide whether
/// parsing the kernel again with its macros unfolded may help.
inline std::string spelledInMacro(llvm::StringRef What) {
  return What.str() + " is spelled inside a macro";
}

/// Whether E leaves its statement unchanged because of a macro.
inline bool stoppedByMacro(const Explanation &E) {
  return !E.Remapped &&
         llvm::StringRef(E.Text).contains(" is spelled inside a macro");
}

} // namespace tdrc

#endif
