//===- MeldEmitter.h - The text of a melded branch ------------------------===//
#ifndef TDRC_LIB_TDR_MELD_MELDEMITTER_H
#define TDRC_LIB_TDR_MELD_MELDEMITTER_H

#include "MeldPlan.h"
#include "tdrc/TDR/SourceText.h"
#include <optional>
#include <string>

namespace tdrc {

/// V with two decimals (the estimates --explain prints).
std::string twoDecimals(double V);
/// An operand's text as a select's arm: cast, or parenthesised unless it is
/// one token.
std::string armText(std::string T, const std::string &Cast);

/// The block that replaces M.If (from `if` to its last token), or nothing
/// when a part of it is not spelled in the main file.
std::optional<std::string> meldedText(const SourceText &Src,
                                      const MeldedBranch &M);

/// The block that replaces M.Switch, or nothing (as meldedText).
std::optional<std::string> meldedSwitchText(clang::ASTContext &Ctx,
                                            const SourceText &Src,
                                            const MeldedSwitch &M);

} // namespace tdrc

#endif
