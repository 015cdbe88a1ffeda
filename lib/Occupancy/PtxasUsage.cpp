//===- PtxasUsage.cpp - Running ptxas -v on a PTX file --------------------===//
//
// fork/exec rather than system(): no shell quoting of paths, and both output
// streams come back through one pipe.
//
//===----------------------------------------------------------------------===//
#include "tdrc/Occupancy/KernelUsage.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <fstream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

namespace tdrc {

namespace {

bool isExecutable(const std::string &Path) {
  return !Path.empty() && access(Path.c_str(), X_OK) == 0;
}

/// Runs Argv, returns its exit status (-1: could not run) and its output.
int runCapture(const std::vector<std::string> &Argv, std::string &Output) {
  int Fds[2];
  if (pipe(Fds) != 0)
    return -1;
  pid_t Pid = fork();
  if (Pid < 0) {
    close(Fds[0]);
    close(Fds[1]);
    return -1;
  }
  if (Pid == 0) {
    dup2(Fds[1], 1);
    dup2(Fds[1], 2);
    close(Fds[0]);
    close(Fds[1]);
    std::vector<char *> Args;
    for (const std::string &A : Argv)
      Args.push_back(const_cast<char *>(A.c_str()));
    Args.push_back(nullptr);
    execv(Args[0], Args.data());
    _exit(127);
  }
  close(Fds[1]);
  char Buf[4096];
  ssize_t N;
  while ((N = read(Fds[0], Buf, sizeof Buf)) > 0 || (N < 0 && errno == EINTR))
    if (N > 0)
      Output.append(Buf, size_t(N));
  close(Fds[0]);
  int Status = 0;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR) {
  }
  return WIFEXITED(Status) ? WEXITSTATUS(Status) : -1;
}

/// The `.target` of a PTX file, or "".
std::string fileTarget(const std::string &PtxPath) {
  std::ifstream In(PtxPath);
  std::stringstream Text;
  Text << In.rdbuf();
  return ptxTarget(Text.str());
}

} // namespace

std::string findPtxas() {
  if (const char *Path = std::getenv("PATH")) {
    std::stringstream Dirs(Path);
    std::string Dir;
    while (std::getline(Dirs, Dir, ':'))
      if (!Dir.empty() && isExecutable(Dir + "/ptxas"))
        return Dir + "/ptxas";
  }
  if (const char *Cuda = std::getenv("CUDA_PATH"))
    if (isExecutable(std::string(Cuda) + "/bin/ptxas"))
      return std::string(Cuda) + "/bin/ptxas";
  if (isExecutable("/usr/local/cuda/bin/ptxas"))
    return "/usr/local/cuda/bin/ptxas";
  return std::string();
}

std::optional<std::string> runPtxasVerbose(const std::string &PtxPath,
                                           const std::string &Arch,
                                           std::string &Why) {
  std::string Ptxas = findPtxas();
  if (Ptxas.empty()) {
    Why = "no ptxas on PATH, in $CUDA_PATH/bin or /usr/local/cuda/bin";
    return std::nullopt;
  }
  std::string Target = Arch.empty() ? fileTarget(PtxPath) : Arch;
  if (Target.empty()) {
    Why = "no sm_XX target given and none in " + PtxPath;
    return std::nullopt;
  }
  // The cubin is thrown away; only the report on the output is wanted.
  const char *Tmp = std::getenv("TMPDIR");
  std::string Cubin =
      std::string(Tmp && *Tmp ? Tmp : "/tmp") + "/tdrc-usage-XXXXXX";
  int Fd = mkstemp(&Cubin[0]);
  if (Fd < 0) {
    Why = "cannot create a temporary file: " + std::string(strerror(errno));
    return std::nullopt;
  }
  close(Fd);
  std::string Output;
  int Rc = runCapture({Ptxas, "-v", "-arch=" + Target, PtxPath, "-o", Cubin},
                      Output);
  unlink(Cubin.c_str());
  if (Rc != 0) {
    Why = Ptxas + " -arch=" + Target + " failed (" +
          (Rc < 0 ? std::string("not run") : "status " + std::to_string(Rc)) +
          "): " + Output;
    return std::nullopt;
  }
  return Output;
}

std::optional<KernelUsage> ptxasUsage(const std::string &PtxPath,
                                      const std::string &Entry,
                                      const std::string &Arch,
                                      std::string &Why) {
  auto Output = runPtxasVerbose(PtxPath, Arch, Why);
  if (!Output)
    return std::nullopt;
  auto U = parsePtxasVerbose(*Output, Entry);
  if (!U) {
    Why = "ptxas reported no entry function '" + Entry + "'";
    return std::nullopt;
  }
  U->Source = "measured: ptxas " + (Arch.empty() ? fileTarget(PtxPath) : Arch);
  return U;
}

} // namespace tdrc
