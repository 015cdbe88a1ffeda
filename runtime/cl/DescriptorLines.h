//===- DescriptorLines.h - tdrc's descriptor comments in a source ----------===//
//
// tdrc describes what it emitted in comments on lines of their own
// (`/* tdrc-variants: ... */`, `/* tdrc-split: ... */`); a marker elsewhere
// (in text that mentions it) is not one.  Shared by Variants.cpp and
// SplitPlans.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_DESCRIPTORLINES_H
#define TDRC_RUNTIME_DESCRIPTORLINES_H

#include <optional>
#include <string_view>

namespace tdrc::rt {

/// Calls F with each line of Source that starts, after blanks, with Marker
/// (from the marker to the end of the line, without a trailing '\r').
template <typename Fn>
void forEachDescriptorLine(std::string_view Source, std::string_view Marker,
                           Fn F) {
  for (size_t Pos = Source.find(Marker); Pos != std::string_view::npos;
       Pos = Source.find(Marker, Pos + 1)) {
    size_t LineStart = Source.rfind('\n', Pos);
    LineStart = LineStart == std::string_view::npos ? 0 : LineStart + 1;
    std::string_view Before = Source.substr(LineStart, Pos - LineStart);
    if (Before.find_first_not_of(" \t") != std::string_view::npos)
      continue; // not on a line of its own: text that mentions the marker
    size_t LineEnd = Source.find('\n', Pos);
    std::string_view Line = Source.substr(
        Pos, (LineEnd == std::string_view::npos ? Source.size() : LineEnd) - Pos);
    if (!Line.empty() && Line.back() == '\r')
      Line.remove_suffix(1);
    F(Line);
  }
}

/// One blank-separated field of a descriptor: `key=value`, or with an
/// empty Key, a field without '=' (Value: the whole field).
struct DescriptorField {
  std::string_view Key, Value;
};

/// Body without its leading blanks.
inline std::string_view skipBlanks(std::string_view Body) {
  size_t Start = Body.find_first_not_of(' ');
  return Start == std::string_view::npos ? std::string_view()
                                         : Body.substr(Start);
}

/// The next field of Body, which it consumes; nullopt at Body's end.
inline std::optional<DescriptorField> nextField(std::string_view &Body) {
  Body = skipBlanks(Body);
  if (Body.empty())
    return std::nullopt;
  size_t End = Body.find(' ');
  std::string_view Field = Body.substr(0, End);
  Body.remove_prefix(End == std::string_view::npos ? Body.size() : End);
  size_t Eq = Field.find('=');
  if (Eq == std::string_view::npos)
    return DescriptorField{{}, Field};
  return DescriptorField{Field.substr(0, Eq), Field.substr(Eq + 1)};
}

} // namespace tdrc::rt

#endif
