//===- SplitPlans.cpp - tdrc-split and tdrc-split-lists descriptors --------===//
#include "tdrc/runtime/SplitPlans.h"
#include "DescriptorLines.h"
#include "tdrc/runtime/Error.h"
#include <cstdlib>

namespace tdrc::rt {

namespace {

constexpr std::string_view PerPathMarker = "/* tdrc-split:";
constexpr std::string_view ListsMarker = "/* tdrc-split-lists:";

std::vector<std::string_view> commaList(std::string_view V) {
  std::vector<std::string_view> Out;
  while (!V.empty()) {
    size_t Comma = V.find(',');
    Out.push_back(V.substr(0, Comma));
    V.remove_prefix(Comma == std::string_view::npos ? V.size() : Comma + 1);
  }
  return Out;
}

template <typename BadFn>
std::vector<unsigned> indexList(std::string_view V, BadFn &Bad) {
  std::vector<unsigned> Out;
  for (std::string_view Item : commaList(V)) {
    std::string S(Item);
    char *E = nullptr;
    unsigned long N = std::strtoul(S.c_str(), &E, 10);
    if (S.empty() || *E || N > 4096)
      throw Bad("'" + S + "' is no parameter index");
    Out.push_back(unsigned(N));
  }
  return Out;
}

SplitDescriptor parseLine(std::string_view Line, bool Lists) {
  auto Bad = [&](const std::string &Why) {
    return Error("malformed tdrc-split descriptor (" + Why +
                 "): " + std::string(Line));
  };
  size_t Close = Line.rfind("*/");
  if (Close == std::string_view::npos)
    throw Bad("no closing */");
  size_t Skip = (Lists ? ListsMarker : PerPathMarker).size();
  std::string_view Body = Line.substr(Skip, Close - Skip);
  SplitDescriptor D;
  while (std::optional<DescriptorField> F = nextField(Body)) {
    auto [Key, Value] = *F;
    if (Key.empty())
      throw Bad("'" + std::string(Value) + "' is no key=value");
    if (Key == "kernel")
      D.Kernel = std::string(Value);
    else if (Key == "list" && Lists)
      D.List = std::string(Value);
    else if (Key == "parts")
      for (std::string_view P : commaList(Value)) {
        if (P.empty())
          throw Bad("an empty part name");
        D.Parts.emplace_back(P);
      }
    else if (Key == "reads")
      D.Reads = indexList(Value, Bad);
    else if (Key == "writes")
      D.Writes = indexList(Value, Bad);
    // other keys: fields a later tdrc may add
  }
  if (D.Kernel.empty() || D.Parts.empty() || (Lists && D.List.empty()))
    throw Bad(Lists ? "it needs kernel=, list= and parts="
                    : "it needs kernel= and parts=");
  for (const std::string &P : D.Parts)
    if (P == D.Kernel || P == D.List)
      throw Bad("a part named like its kernel");
  if (D.List == D.Kernel)
    throw Bad("a list kernel named like its kernel");
  return D;
}

} // namespace

std::map<std::string, SplitPlans> parseSplitDescriptors(std::string_view Source) {
  std::map<std::string, SplitPlans> Out;
  for (bool Lists : {false, true})
    forEachDescriptorLine(Source, Lists ? ListsMarker : PerPathMarker,
                   [&](std::string_view Line) {
                     SplitDescriptor D = parseLine(Line, Lists);
                     std::optional<SplitDescriptor> &Slot =
                         Lists ? Out[D.Kernel].Lists : Out[D.Kernel].PerPath;
                     if (Slot)
                       throw Error("kernel '" + D.Kernel + "' has two " +
                                   (Lists ? "tdrc-split-lists" : "tdrc-split") +
                                   " descriptors");
                     Slot = std::move(D);
                   });
  return Out;
}

} // namespace tdrc::rt
