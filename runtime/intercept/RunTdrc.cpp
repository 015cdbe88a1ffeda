//===- RunTdrc.cpp - posix_spawn, redirections, a deadline -----------------===//
#include "RunTdrc.h"
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstring>
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

extern char **environ;

namespace tdrc::intercept {

namespace {

std::vector<std::string> childEnvironment() {
  std::vector<std::string> Env;
  for (char **E = environ; E && *E; ++E)
    if (std::strncmp(*E, "LD_PRELOAD=", 11) != 0)
      Env.emplace_back(*E);
  return Env;
}

std::vector<char *> pointers(std::vector<std::string> &Strings) {
  std::vector<char *> P;
  for (std::string &S : Strings)
    P.push_back(S.data());
  P.push_back(nullptr);
  return P;
}

} // namespace

ChildResult runChild(const std::vector<std::string> &Argv,
                     const std::string &OutPath, const std::string &ErrPath,
                     unsigned TimeoutSeconds) {
  ChildResult R;
  std::vector<std::string> Args = Argv, Env = childEnvironment();
  std::vector<char *> ArgP = pointers(Args), EnvP = pointers(Env);
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  posix_spawn_file_actions_addopen(&Actions, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&Actions, 1, OutPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  posix_spawn_file_actions_addopen(&Actions, 2, ErrPath.c_str(),
                                   O_WRONLY | O_CREAT | O_TRUNC, 0600);
  pid_t Pid = 0;
  int Err = posix_spawnp(&Pid, ArgP[0], &Actions, nullptr, ArgP.data(),
                         EnvP.data());
  posix_spawn_file_actions_destroy(&Actions);
  if (Err != 0)
    return R;
  R.Started = true;
  auto Deadline =
      std::chrono::steady_clock::now() + std::chrono::seconds(TimeoutSeconds);
  int Status = 0;
  for (;;) {
    pid_t W = waitpid(Pid, &Status, WNOHANG);
    if (W == Pid)
      break;
    if (W < 0 && errno != EINTR) // reaped elsewhere (a SIGCHLD handler)
      return R;
    if (std::chrono::steady_clock::now() > Deadline) {
      kill(Pid, SIGKILL);
      waitpid(Pid, &Status, 0);
      R.TimedOut = true;
      return R;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  // posix_spawnp reports a missing executable as exit 127 of the child.
  if (WIFEXITED(Status)) {
    R.Exit = WEXITSTATUS(Status);
    R.Started = R.Exit != 127;
  } else if (WIFSIGNALED(Status)) {
    R.Signal = WTERMSIG(Status);
  }
  return R;
}

} // namespace tdrc::intercept
