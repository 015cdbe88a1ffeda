//===- ModelProbe.cpp - Running tdrc: rewrites and the model's view --------===//
//
// The model's gain at a path length comes from tdrc itself (--explain=json
// with the length as the compile-time constant CAL_LEN), so the calibrated
// costs are in the units of the same model that will use them.  The parts of
// the round's cost are read back by pricing it with probe profiles: all
// round costs zero (what is left is the migration), one per key (the keys),
// the default per-key cost alone, and the defaults.
//
//===----------------------------------------------------------------------===//
#include "Calibrate.h"
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <iostream>
#include <sstream>
#include <spawn.h>
#include <sys/wait.h>

extern char **environ;

namespace tdrc::cal {

namespace {
// Lengths at which the gain is read: the model's gain is linear in a loop's
// trip count, two points give it.
constexpr int ProbeLen1 = 64, ProbeLen2 = 128;
// Where the default costs are read: paths long enough that any round pays
// (a declined round has no estimate).
constexpr int LongLen = 1 << 20;

std::string readFile(const std::string &Path) {
  std::ifstream F(Path);
  std::stringstream S;
  S << F.rdbuf();
  return S.str();
}

bool writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream F(Path);
  F << Text;
  return bool(F);
}

/// A probe profile: every OpenCL round priced Cost + PerKey * keys (an
/// absent value keeps the default).
std::string probeProfile(const char *Cost, const char *PerKey) {
  std::string Fields;
  if (Cost)
    Fields += std::string("\"cost\": ") + Cost;
  if (PerKey)
    Fields += std::string(Fields.empty() ? "" : ", ") + "\"per_key\": " + PerKey;
  return "{\"tdrc-cost-profile\": 1, \"device\": \"tdrc-calibrate probe\", "
         "\"api\": \"opencl\", \"strategies\": {\"hot\": {" + Fields +
         "}, \"dgi\": {" + Fields + "}}}\n";
}

/// The number after `"Key": ` at or after From in Json (a quoted one
/// too); false when there is none or it is not a number.
bool numberAfter(const std::string &Json, size_t From, const std::string &Key,
                 double &Out) {
  size_t At = Json.find("\"" + Key + "\": ", From);
  if (At == std::string::npos)
    return false;
  const char *P = Json.c_str() + At + Key.size() + 4;
  bool Quoted = *P == '"';
  P += Quoted;
  char *End = nullptr;
  errno = 0;
  Out = std::strtod(P, &End);
  return End != P && errno == 0 && (!Quoted || *End == '"');
}
} // namespace

int Tdrc::run(const std::vector<std::string> &Args, const std::string &OutFile,
              std::string &Err) {
  std::vector<std::string> All{Path};
  All.insert(All.end(), Args.begin(), Args.end());
  std::vector<char *> Argv;
  for (std::string &A : All)
    Argv.push_back(A.data());
  Argv.push_back(nullptr);
  std::string ErrFile = Dir + "/tdrc.stderr";
  posix_spawn_file_actions_t FA;
  posix_spawn_file_actions_init(&FA);
  posix_spawn_file_actions_addopen(&FA, 1, OutFile.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&FA, 2, ErrFile.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (Verbose) {
    std::cerr << "tdrc-calibrate: running";
    for (const std::string &A : All)
      std::cerr << " " << A;
    std::cerr << "\n";
  }
  pid_t Pid;
  int E = posix_spawnp(&Pid, Path.c_str(), &FA, nullptr, Argv.data(), environ);
  posix_spawn_file_actions_destroy(&FA);
  if (E != 0) {
    Err = "cannot run '" + Path + "': " + std::strerror(E);
    return -1;
  }
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  Err = readFile(ErrFile);
  if (WIFEXITED(Status))
    return WEXITSTATUS(Status);
  Err += "(killed by signal " + std::to_string(WTERMSIG(Status)) + ")";
  return -1;
}

std::optional<std::string> Tdrc::rewrite(const std::string &In,
                                         const std::string &Algo,
                                         const std::string &Out) {
  std::string Err;
  // The rewrite alone: with the original kept, the runtime would time the
  // choice between the two instead of the round.  Remap alone: it is remap's
  // model that is calibrated (and meld's entries carry estimates too).
  int S = run({In, "-o", Out, "--force", "--algorithm=" + Algo,
               "--transforms=-*,remap", "--keep-original=false", "--",
               "-cl-std=CL1.2"},
              Dir + "/tdrc.stdout", Err);
  if (S != 0)
    return "tdrc --force --algorithm=" + Algo + " failed (exit " +
           std::to_string(S) + "): " + Err;
  std::string Rewritten = readFile(Out);
  if (Rewritten.empty() || Rewritten == readFile(In))
    return "tdrc --force --algorithm=" + Algo + " left the kernel unchanged";
  return std::nullopt;
}

std::optional<std::string> Tdrc::estimate(const std::string &In,
                                          const std::string &Algo,
                                          const std::string &Profile, int Len,
                                          double &Cost, double &Gain) {
  std::string Json = Dir + "/explain.json", Err;
  std::vector<std::string> Args{In, "-o", Dir + "/probe.tdr.cl",
                                "--algorithm=" + Algo, "--transforms=-*,remap",
                                "--explain=json"};
  if (!Profile.empty()) {
    Args.push_back("--cost-profile");
    Args.push_back(Profile);
  }
  for (const char *A : {"--", "-cl-std=CL1.2"})
    Args.push_back(A);
  Args.push_back("-DCAL_LEN=" + std::to_string(Len));
  int S = run(Args, Json, Err);
  if (S != 0)
    return "tdrc --explain=json failed (exit " + std::to_string(S) + "): " + Err;
  std::string Text = readFile(Json);
  size_t At = Text.find("\"estimate\": {");
  if (At == std::string::npos)
    return "tdrc made no estimate (the round was declined?)";
  if (Text.find("\"estimate\": {", At + 1) != std::string::npos)
    return "tdrc planned more than one round";
  if (!numberAfter(Text, At, "cost", Cost) || !numberAfter(Text, At, "gain", Gain))
    return "tdrc's estimate has no numeric cost and gain";
  return std::nullopt;
}

std::optional<std::string> Tdrc::probe(const std::string &In,
                                       const std::string &Algo, ModelView &V) {
  std::string Zero = Dir + "/probe-zero.json", OnePerKey = Dir + "/probe-key.json",
              KeyOnly = Dir + "/probe-defkey.json";
  if (!writeFile(Zero, probeProfile("0", "0")) ||
      !writeFile(OnePerKey, probeProfile("0", "1")) ||
      !writeFile(KeyOnly, probeProfile("0", nullptr)))
    return "cannot write probe profiles in " + Dir;
  double Words, G1, WordsKeys, G2, WordsDefKey, Ignored, Default;
  if (auto E = estimate(In, Algo, Zero, ProbeLen1, Words, G1))
    return E;
  if (auto E = estimate(In, Algo, OnePerKey, ProbeLen2, WordsKeys, G2))
    return E;
  if (auto E = estimate(In, Algo, KeyOnly, LongLen, WordsDefKey, Ignored))
    return E;
  if (auto E = estimate(In, Algo, "", LongLen, Default, Ignored))
    return E;
  V.Words = Words;
  V.Keys = WordsKeys - Words;
  if (V.Keys < 1)
    return "tdrc's estimate gives no keys";
  V.GainPerLen = (G2 - G1) / (ProbeLen2 - ProbeLen1);
  V.GainBase = G1 - V.GainPerLen * ProbeLen1;
  V.DefaultPerKey = (WordsDefKey - Words) / V.Keys;
  V.DefaultCost = Default - WordsDefKey;
  if (V.GainPerLen <= 0)
    return "tdrc's gain does not grow with the path length";
  return std::nullopt;
}

} // namespace tdrc::cal
