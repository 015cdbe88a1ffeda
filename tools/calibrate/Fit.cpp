//===- Fit.cpp - Break-even lengths, the fit, the profile's text -----------===//
//
// The method of the compiled-in constants (lib/TDR/Remap/Profitability.cpp):
// at the measured break-even length L* the rewrite's true cost equals what
// it saves, so the model's own gain at L* (less the migration, which the
// model prices apart) is the round's true cost; over kernels of 2, 4 and 8
// paths, cost + per_key * keys by least squares.
//
//===----------------------------------------------------------------------===//
#include "Calibrate.h"
#include <algorithm>
#include <cmath>
#include <cstdio>

namespace tdrc::cal {

BreakEven breakEven(const std::vector<Timing> &T) {
  BreakEven B;
  if (T.empty())
    return B;
  // The first length from which on every measured length pays: a single
  // noisy win below the crossing does not count.
  size_t From = T.size();
  while (From > 0 && T[From - 1].ratio() >= 1)
    --From;
  if (From == T.size())
    return B; // never pays
  if (From == 0) {
    B.What = BreakEven::Always;
    return B;
  }
  const Timing &Lo = T[From - 1], &Hi = T[From];
  double A = std::log2(double(Lo.Len)), Z = std::log2(double(Hi.Len));
  double F = (1 - Lo.ratio()) / (Hi.ratio() - Lo.ratio()); // in (0, 1]
  B.What = BreakEven::Measured;
  B.Len = std::exp2(A + F * (Z - A));
  return B;
}

Fit fitStrategy(const std::string &Algo, const std::vector<Sample> &S) {
  Fit F;
  F.Algo = Algo;
  std::vector<const Sample *> Use;
  unsigned Never = 0, Always = 0;
  for (const Sample &X : S) {
    if (X.Algo != Algo || !X.Error.empty())
      continue;
    Never += X.Even.What == BreakEven::Never;
    Always += X.Even.What == BreakEven::Always;
    if (X.Even.What == BreakEven::Measured)
      Use.push_back(&X);
  }
  F.Used = Use.size();
  if (Use.empty()) {
    F.Note = Never + Always == 0
                 ? "not calibrated: no kernel measured; default kept"
                 : "no break-even in the measured lengths (" +
                       std::to_string(Never) + " never paid, " +
                       std::to_string(Always) + " always paid); default kept";
    return F;
  }
  double N = Use.size(), Sk = 0, Sc = 0, Skk = 0, Skc = 0;
  for (const Sample *X : Use) {
    Sk += X->Model.Keys;
    Sc += X->TrueCost;
    Skk += X->Model.Keys * X->Model.Keys;
    Skc += X->Model.Keys * X->TrueCost;
  }
  double Var = N * Skk - Sk * Sk;
  if (Var > 1e-9) { // keys vary: both constants
    F.PerKey = (N * Skc - Sk * Sc) / Var;
    F.Cost = (Sc - F.PerKey * Sk) / N;
    F.PerKeyFitted = true;
    if (F.PerKey < 0) { // noise: a flat cost fits better than a negative slope
      F.PerKey = 0;
      F.Cost = Sc / N;
    } else if (F.Cost < 0) {
      F.Cost = 0;
      F.PerKey = Skc / Skk;
    }
  } else { // one key count: the default per-key cost stays
    F.PerKey = Use.front()->Model.DefaultPerKey;
    F.Cost = std::max(0.0, (Sc - F.PerKey * Sk) / N);
  }
  F.Note = "fitted on " + std::to_string(Use.size()) + " kernel(s)" +
           (F.PerKeyFitted ? "" : " of one key count (default per_key kept)") +
           (Never + Always ? "; " + std::to_string(Never) + " never and " +
                                 std::to_string(Always) + " always paid"
                           : "");
  return F;
}

namespace {
std::string num(double V) {
  char B[32];
  std::snprintf(B, sizeof B, "%.6g", V);
  return B;
}

std::string str(const std::string &S) {
  std::string Out = "\"";
  for (char C : S) {
    if (C == '"' || C == '\\')
      Out += '\\';
    if (static_cast<unsigned char>(C) < 0x20) {
      char B[8];
      std::snprintf(B, sizeof B, "\\u%04x", C);
      Out += B;
      continue;
    }
    Out += C;
  }
  return Out + "\"";
}

const char *evenName(BreakEven::Kind K) {
  return K == BreakEven::Measured ? "measured"
         : K == BreakEven::Never  ? "never pays"
                                  : "always pays";
}

std::string sampleJson(const Sample &X) {
  std::string J = "      {\"kernel\": " + str(X.Shape.name()) +
                  ", \"strategy\": " + str(X.Algo);
  if (!X.Error.empty())
    return J + ", \"error\": " + str(X.Error) + "}";
  J += ", \"keys\": " + num(X.Model.Keys) + ", \"break_even\": " +
       str(evenName(X.Even.What));
  if (X.Even.What == BreakEven::Measured)
    J += ", \"break_even_len\": " + num(X.Even.Len) +
         ", \"true_cost\": " + num(X.TrueCost);
  J += ", \"default_cost\": " +
       num(X.Model.DefaultCost + X.Model.DefaultPerKey * X.Model.Keys);
  if (!X.Times.empty())
    J += ", \"speedup_at_longest\": " + num(X.Times.back().ratio());
  return J + "}";
}
} // namespace

std::string profileJson(const DeviceDesc &D, const std::vector<Fit> &Fits,
                        const std::vector<std::pair<unsigned, std::string>> &Preferred,
                        const std::vector<Sample> &Samples, bool Quick,
                        unsigned N) {
  std::string J = "{\n  \"tdrc-cost-profile\": 1,\n  \"device\": " +
                  str(D.Name) + ",\n  \"api\": \"opencl\",\n  \"strategies\": {";
  bool First = true;
  for (const Fit &F : Fits) {
    if (!F.Used)
      continue;
    J += std::string(First ? "\n" : ",\n") + "    " + str(F.Algo) +
         ": {\"cost\": " + num(F.Cost) +
         (F.PerKeyFitted ? ", \"per_key\": " + num(F.PerKey) : "") + "}";
    First = false;
  }
  J += First ? "},\n" : "\n  },\n";
  J += "  \"preferred\": {";
  for (size_t I = 0; I < Preferred.size(); ++I)
    J += std::string(I ? ", " : "") + "\"" + std::to_string(Preferred[I].first) +
         "\": " + str(Preferred[I].second);
  J += "},\n  \"calibration\": {\n    \"tool\": \"tdrc-calibrate\",\n"
       "    \"platform\": " + str(D.Platform) + ",\n    \"device_version\": " +
       str(D.Version) + ",\n    \"quick\": " + (Quick ? "true" : "false") +
       ",\n    \"work_items\": " + std::to_string(N) + ",\n    \"fits\": {";
  for (size_t I = 0; I < Fits.size(); ++I)
    J += std::string(I ? ", " : "") + str(Fits[I].Algo) + ": " + str(Fits[I].Note);
  J += "},\n    \"kernels\": [\n";
  for (size_t I = 0; I < Samples.size(); ++I)
    J += sampleJson(Samples[I]) + (I + 1 < Samples.size() ? ",\n" : "\n");
  return J + "    ]\n  }\n}\n";
}

} // namespace tdrc::cal
