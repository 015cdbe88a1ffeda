//===- Variants.cpp - tdrc-variants descriptors and scalar arguments ------===//
#include "tdrc/runtime/Variants.h"
#include "tdrc/runtime/Error.h"
#include "DescriptorLines.h"
#include <cstdint>
#include <cstdlib>
#include <cstring>

namespace tdrc::rt {

namespace {

constexpr std::string_view Marker = "/* tdrc-variants:";

// scalars=NAME:INDEX:TYPE,... (empty: none).
template <typename BadFn>
std::vector<VariantDescriptor::Scalar> parseScalars(std::string_view Value,
                                                    BadFn &Bad) {
  std::vector<VariantDescriptor::Scalar> Out;
  if (!Value.empty() && Value.back() == ',')
    throw Bad("scalars: a trailing comma");
  while (!Value.empty()) {
    size_t Comma = Value.find(',');
    std::string Item(Value.substr(0, Comma));
    Value.remove_prefix(Comma == std::string_view::npos ? Value.size()
                                                        : Comma + 1);
    size_t C1 = Item.find(':'), C2 = Item.rfind(':');
    if (C1 == std::string::npos || C1 == C2)
      throw Bad("scalars: '" + Item + "' is no name:index:type");
    VariantDescriptor::Scalar S;
    S.Name = Item.substr(0, C1);
    S.Type = Item.substr(C2 + 1);
    std::string Index = Item.substr(C1 + 1, C2 - C1 - 1);
    char *E = nullptr;
    unsigned long N = std::strtoul(Index.c_str(), &E, 10);
    if (S.Name.empty() || Index.empty() || *E || N > 4096 ||
        !scalarTypeSize(S.Type))
      throw Bad("scalars: '" + Item + "' is no name:index:type");
    S.Index = unsigned(N);
    Out.push_back(std::move(S));
  }
  return Out;
}

VariantDescriptor parseLine(std::string_view Line) {
  auto Bad = [&](const std::string &Why) {
    return Error("malformed tdrc-variants descriptor (" + Why + "): " +
                 std::string(Line));
  };
  size_t Close = Line.rfind("*/");
  if (Close == std::string_view::npos)
    throw Bad("no closing */");
  std::string_view Body = Line.substr(Marker.size(), Close - Marker.size());
  VariantDescriptor D;
  bool HasMax = false, HasWhen = false;
  while (!(Body = skipBlanks(Body)).empty()) {
    if (Body.rfind("when=", 0) == 0) { // the rest of the line is the condition
      std::string_view W = Body.substr(5);
      while (!W.empty() && W.back() == ' ')
        W.remove_suffix(1);
      D.When = std::string(W);
      HasWhen = true;
      break;
    }
    auto [Key, Value] = *nextField(Body);
    if (Key.empty())
      throw Bad("'" + std::string(Value) + "' is no key=value");
    if (Key == "kernel")
      D.Kernel = std::string(Value);
    else if (Key == "original")
      D.Original = std::string(Value);
    else if (Key == "maxwg") {
      std::string V(Value);
      char *E = nullptr;
      unsigned long N = std::strtoul(V.c_str(), &E, 10);
      if (V.empty() || *E || N == 0 || N > (1u << 20))
        throw Bad("maxwg=" + V);
      D.MaxWg = unsigned(N);
      HasMax = true;
    } else if (Key == "margin") {
      std::string V(Value);
      char *E = nullptr;
      double M = std::strtod(V.c_str(), &E);
      if (V.empty() || *E || !(M >= 0.0 && M < 1.0))
        throw Bad("margin=" + V);
      D.Margin = M;
    } else if (Key == "measured") {
      if (Value != "0" && Value != "1")
        throw Bad("measured=" + std::string(Value));
      D.MeasuredOnly = Value == "1";
    } else if (Key == "scalars") {
      D.HasScalars = true;
      D.Scalars = parseScalars(Value, Bad);
    } // other keys: fields a later tdrc may add
  }
  if (D.Kernel.empty() || D.Original.empty() || !HasMax || !HasWhen ||
      D.When.empty())
    throw Bad("it needs kernel=, original=, maxwg= and when=");
  return D;
}

} // namespace

std::map<std::string, VariantDescriptor>
parseVariantDescriptors(std::string_view Source) {
  std::map<std::string, VariantDescriptor> Out;
  forEachDescriptorLine(Source, Marker, [&](std::string_view Line) {
    VariantDescriptor D = parseLine(Line);
    std::string Name = D.Kernel;
    if (!Out.emplace(Name, std::move(D)).second)
      throw Error("kernel '" + Name + "' has two tdrc-variants descriptors");
  });
  return Out;
}

namespace {

struct ScalarKind {
  const char *Name;
  size_t Size;
  bool Signed, Float;
};

const ScalarKind *scalarKind(std::string_view TypeName) {
  static const ScalarKind Kinds[] = {
      {"char", 1, true, false},  {"uchar", 1, false, false},
      {"short", 2, true, false}, {"ushort", 2, false, false},
      {"int", 4, true, false},   {"uint", 4, false, false},
      {"long", 8, true, false},  {"ulong", 8, false, false},
      {"float", 4, true, true},  {"double", 8, true, true}};
  std::string T(TypeName);
  while (!T.empty() && (T.back() == ' ' || T.back() == '\0'))
    T.pop_back();
  if (T.rfind("const ", 0) == 0)
    T.erase(0, 6);
  if (T.rfind("unsigned ", 0) == 0)
    T = "u" + T.substr(9);
  for (const ScalarKind &K : Kinds)
    if (T == K.Name)
      return &K;
  return nullptr;
}

} // namespace

size_t scalarTypeSize(std::string_view TypeName) {
  const ScalarKind *K = scalarKind(TypeName);
  return K ? K->Size : 0;
}

std::optional<WhenValue> decodeScalarArg(std::string_view TypeName,
                                         const void *Bytes, size_t Size) {
  const ScalarKind *K = scalarKind(TypeName);
  if (!K || !Bytes || Size != K->Size)
    return std::nullopt;
  if (K->Float) {
    if (K->Size == 4) {
      float F;
      std::memcpy(&F, Bytes, 4);
      return WhenValue::real(F);
    }
    double D;
    std::memcpy(&D, Bytes, 8);
    return WhenValue::real(D);
  }
  uint64_t U = 0;
  std::memcpy(&U, Bytes, K->Size); // little-endian host, as OpenCL hosts are
  if (K->Signed && K->Size < 8 && (U >> (8 * K->Size - 1)))
    U |= ~uint64_t(0) << (8 * K->Size); // sign extension
  return WhenValue::integer(int64_t(U));
}

} // namespace tdrc::rt
