//===- RewriteCache.cpp - Keys, entries, tdrc's run ------------------------===//
#include "RewriteCache.h"
#include "BuildOptions.h"
#include "RunTdrc.h"
#include "Settings.h"
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tdrc::intercept {

namespace {

// Two FNV-1a hashes with different bases: a 128-bit key.
struct Key {
  uint64_t A = 0xcbf29ce484222325ull, B = 0x84222325cbf29ce4ull;
  void add(const std::string &S) {
    for (unsigned char C : S + '\0') {
      A = (A ^ C) * 0x100000001b3ull;
      B = (B ^ C) * 0x100000001b3ull + 1;
    }
  }
  std::string hex() const {
    char Buf[40];
    std::snprintf(Buf, sizeof Buf, "%016" PRIx64 "%016" PRIx64, A, B);
    return Buf;
  }
};

bool writeFile(const std::string &Path, const std::string &Text) {
  std::ofstream Out(Path, std::ios::binary | std::ios::trunc);
  Out << Text;
  Out.close();
  return bool(Out);
}

} // namespace

bool readCacheFile(const std::string &Path, std::string &Text) {
  std::ifstream In(Path, std::ios::binary);
  if (!In)
    return false;
  std::ostringstream S;
  S << In.rdbuf();
  Text = S.str();
  return true;
}

bool publishCacheFile(const std::string &Path, const std::string &Text) {
  std::string Tmp = Path + ".tmp" + std::to_string(getpid());
  if (!writeFile(Tmp, Text) || std::rename(Tmp.c_str(), Path.c_str()) != 0) {
    std::remove(Tmp.c_str());
    return false;
  }
  return true;
}

namespace {

bool makeDirs(const std::string &Dir) {
  for (size_t I = 1; I <= Dir.size(); ++I)
    if (I == Dir.size() || Dir[I] == '/') {
      std::string Part = Dir.substr(0, I);
      if (mkdir(Part.c_str(), 0700) != 0 && errno != EEXIST)
        return false;
    }
  return access(Dir.c_str(), W_OK | X_OK) == 0;
}

// The executable tdrc resolves to, and its size and time: a rebuilt or
// upgraded tdrc gives other keys.
std::string tdrcIdentity(const std::string &Tdrc) {
  std::string Path = Tdrc;
  if (Tdrc.find('/') == std::string::npos)
    if (const char *P = std::getenv("PATH")) {
      std::stringstream Dirs(P);
      std::string D;
      while (std::getline(Dirs, D, ':'))
        if (access((D + "/" + Tdrc).c_str(), X_OK) == 0) {
          Path = D + "/" + Tdrc;
          break;
        }
    }
  struct stat St;
  if (stat(Path.c_str(), &St) != 0)
    return Path;
  return Path + ":" + std::to_string(St.st_size) + ":" +
         std::to_string(St.st_mtim.tv_sec) + "." +
         std::to_string(St.st_mtim.tv_nsec);
}

// The first error in tdrc's diagnostics (not "In file included from"),
// else its first line.
std::string firstLine(const std::string &Text) {
  size_t At = Text.find("error: ");
  At = At == std::string::npos ? 0 : Text.rfind('\n', At);
  At = At == std::string::npos ? 0 : At + (Text[At] == '\n');
  std::string L = Text.substr(At, Text.find('\n', At) - At);
  return L.empty() ? "no message" : L;
}

bool hasVariants(const std::string &Source) {
  return Source.find("tdrc-variants:") != std::string::npos;
}

std::string currentDir() {
  char Buf[4096];
  return getcwd(Buf, sizeof Buf) ? Buf : "";
}

} // namespace

std::string cacheKey(const std::vector<std::string> &Parts) {
  Key K;
  for (const std::string &P : Parts)
    K.add(P);
  return K.hex();
}

ProgramRewrite rewriteProgram(const std::string &Source,
                              const std::string &Options) {
  return rewriteSource({Source, clangArgsFor(Options, currentDir()), {}, ".cl"});
}

ProgramRewrite rewriteSource(const RewriteRequest &Request) {
  const Settings &S = settings();
  ProgramRewrite R;
  if (S.CacheDir.empty() || !makeDirs(S.CacheDir)) {
    R.Why = "cache directory '" + S.CacheDir + "' is not writable";
    return R;
  }
  const std::string &Source = Request.Source, &Ext = Request.Ext;
  const std::vector<std::string> &Clang = Request.ClangArgs;
  std::vector<std::string> Tdrc = S.TdrcOptions;
  Tdrc.insert(Tdrc.end(), Request.TdrcOptions.begin(),
              Request.TdrcOptions.end());
  std::vector<std::string> Parts = {tdrcIdentity(S.Tdrc)};
  Parts.insert(Parts.end(), Tdrc.begin(), Tdrc.end());
  Parts.push_back("--");
  Parts.insert(Parts.end(), Clang.begin(), Clang.end());
  Parts.push_back(Source);
  std::string Base = S.CacheDir + "/" + cacheKey(Parts);
  R.EntryBase = Base;
  if (readCacheFile(Base + ".none", R.Why)) {
    R.Cached = true;
    return R;
  }
  if (readCacheFile(Base + Ext, R.Source)) {
    readCacheFile(Base + ".explain", R.Explain);
    R.Changed = R.Cached = true;
    return R;
  }

  std::string Tag = ".run" + std::to_string(getpid());
  std::string In = Base + Tag + ".in" + Ext, Out = Base + Tag + ".out" + Ext,
              Report = Base + Tag + ".explain", Errors = Base + Tag + ".err";
  if (!writeFile(In, Source)) {
    R.Why = "cannot write '" + In + "'";
    return R;
  }
  std::vector<std::string> Argv = {S.Tdrc, In, "-o", Out, "--explain"};
  Argv.insert(Argv.end(), Tdrc.begin(), Tdrc.end());
  Argv.push_back("--");
  Argv.insert(Argv.end(), Clang.begin(), Clang.end());
  ChildResult C = runChild(Argv, Report, Errors, S.TimeoutSeconds);
  std::string ErrText;
  readCacheFile(Errors, ErrText);
  readCacheFile(Report, R.Explain);
  // The report names the temporary input: "<program>" reads better, and
  // stays true in the cache after the file is gone.
  for (size_t At; (At = R.Explain.find(In)) != std::string::npos;)
    R.Explain.replace(At, In.size(), "<program>");
  bool HaveOutput = C.Exit == 0 && readCacheFile(Out, R.Source);
  for (const std::string &F : {In, Out, Report, Errors})
    std::remove(F.c_str());

  if (!C.Started) {
    R.Why = "cannot run '" + S.Tdrc + "'";
    return R; // not cached: a missing tdrc is fixed outside the key
  }
  if (C.TimedOut || C.Signal || (C.Exit != 0 && C.Exit != 1)) {
    R.Why = C.TimedOut ? "tdrc took more than " +
                             std::to_string(S.TimeoutSeconds) + " s"
            : C.Signal ? "tdrc died of signal " + std::to_string(C.Signal)
                       : "tdrc failed (exit " + std::to_string(C.Exit) +
                             "): " + firstLine(ErrText);
    return R; // not cached: it may not happen again
  }
  if (C.Exit == 1 || !HaveOutput)
    R.Why = "tdrc reported errors: " + firstLine(ErrText);
  else if (!hasVariants(R.Source))
    R.Why = "tdrc changed no kernel";
  if (!R.Why.empty()) { // the same input gives the same answer: cached
    R.Source.clear();
    publishCacheFile(Base + ".none", R.Why);
    return R;
  }
  publishCacheFile(Base + ".explain", R.Explain);
  publishCacheFile(Base + Ext, R.Source); // last: a whole entry is here
  R.Changed = true;
  return R;
}

} // namespace tdrc::intercept
