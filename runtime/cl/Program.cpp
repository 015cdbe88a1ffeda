//===- Program.cpp - Loading, TDR_DISABLE, builds per N -------------------===//
#include "tdrc/runtime/Program.h"
#include "ProgramState.h"
#include "tdrc/runtime/Kernel.h"
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>

namespace tdrc::rt {

namespace {

std::string readFile(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    throw Error("cannot read '" + Path + "': " + std::strerror(errno));
  std::ostringstream Text;
  Text << In.rdbuf();
  if (In.bad())
    throw Error("cannot read '" + Path + "': I/O error");
  return Text.str();
}

Program load(const Context &C, std::string Text, std::string Origin,
             bool Original, const std::string &Options) {
  auto S = std::make_shared<Program::State>(C);
  S->Source = std::move(Text);
  S->Origin = std::move(Origin);
  S->Original = Original;
  S->UserOptions = Options;
  if (!Original) {
    S->Variants = parseVariantDescriptors(S->Source);
    S->Splits = parseSplitDescriptors(S->Source);
  }
  Program P = Program::State::wrap(S);
  P.build(); // a broken kernel fails here, not at its first launch
  return P;
}

} // namespace

Program::State::~State() {
  for (auto &[N, P] : Builds)
    clReleaseProgram(P);
}

bool Program::disabledByEnvironment() {
  const char *V = std::getenv("TDR_DISABLE");
  return V && *V && std::strcmp(V, "0") != 0;
}

Program Program::fromFile(const Context &C, const std::string &Path,
                          const std::string &Options) {
  if (!disabledByEnvironment())
    return load(C, readFile(Path), Path, false, Options);
  const std::string Suffix = ".tdr.cl";
  if (Path.size() > Suffix.size() &&
      !Path.compare(Path.size() - Suffix.size(), Suffix.size(), Suffix)) {
    std::string Orig = Path.substr(0, Path.size() - Suffix.size()) + ".cl";
    return load(C, readFile(Orig), Orig, true, Options);
  }
  // Another name: fine if it is an original, an error if tdrc wrote it (its
  // prologue comment), since its original cannot be found.
  std::string Text = readFile(Path);
  if (Text.find("/* tdrc: thread-data remapping state") != std::string::npos)
    throw Error("TDR_DISABLE is set but '" + Path +
                "' is tdrc output not named X.tdr.cl, so its original X.cl "
                "cannot be found");
  return load(C, std::move(Text), Path, true, Options);
}

Program Program::fromSource(const Context &C, std::string_view Rewritten,
                            std::string_view Original, const std::string &Name,
                            const std::string &Options) {
  if (!disabledByEnvironment())
    return load(C, std::string(Rewritten), Name + ".tdr.cl", false, Options);
  if (Original.empty())
    throw Error("TDR_DISABLE is set but no original source was given for '" +
                Name + "'");
  return load(C, std::string(Original), Name + ".cl", true, Options);
}

const std::string &Program::source() const { return S->Source; }
const std::string &Program::origin() const { return S->Origin; }
bool Program::isOriginal() const { return S->Original; }
bool Program::hasVariants() const { return !S->Variants.empty(); }
const Context &Program::context() const { return S->Ctx; }

std::string Program::buildOptions(unsigned Neighbors) const {
  std::string O;
  bool UserStd = S->UserOptions.find("-cl-std=") != std::string::npos;
  if (!UserStd && S->Ctx.deviceInfo().openCLCVersion() >= 120)
    O = "-cl-std=CL1.2 ";
  O += "-cl-kernel-arg-info";
  if (Neighbors)
    O += " -DTDR_NEIGHBORS=" + std::to_string(Neighbors);
  if (!S->Variants.empty())
    O += " -DTDR_HOST_CHOOSES"; // the rewrites without their fallback copies
  if (!S->UserOptions.empty())
    O += " " + S->UserOptions;
  return O;
}

cl_program Program::build(unsigned Neighbors) const {
  if (auto It = S->Builds.find(Neighbors); It != S->Builds.end())
    return It->second;
  const char *Text = S->Source.c_str();
  size_t Len = S->Source.size();
  cl_int Err = CL_SUCCESS;
  cl_program P =
      clCreateProgramWithSource(S->Ctx.context(), 1, &Text, &Len, &Err);
  check(Err, "clCreateProgramWithSource");
  std::string Options = buildOptions(Neighbors);
  cl_device_id D = S->Ctx.device();
  Err = clBuildProgram(P, 1, &D, Options.c_str(), nullptr, nullptr);
  if (Err != CL_SUCCESS) {
    std::string Log = buildLog(P, D);
    clReleaseProgram(P);
    throw ClError(Err, "clBuildProgram(" + S->Origin + ", \"" + Options + "\")",
                  Log);
  }
  S->Builds[Neighbors] = P;
  return P;
}

Kernel Program::kernel(const std::string &Name) const {
  return Kernel(S, Name);
}

} // namespace tdrc::rt
