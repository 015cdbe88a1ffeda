//===- Settings.cpp - The interceptor's environment ------------------------===//
#include "Settings.h"
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <dlfcn.h>
#include <sstream>
#include <unistd.h>

namespace tdrc::intercept {

namespace {

bool flag(const char *Name) {
  const char *V = std::getenv(Name);
  return V && *V && std::strcmp(V, "0") != 0;
}

std::string env(const char *Name) {
  const char *V = std::getenv(Name);
  return V ? V : "";
}

std::vector<std::string> split(const std::string &S, char Sep) {
  std::vector<std::string> Parts;
  std::stringstream In(S);
  std::string Part;
  while (std::getline(In, Part, Sep))
    if (!Part.empty())
      Parts.push_back(Part);
  return Parts;
}

std::string defaultCacheDir() {
  if (std::string X = env("XDG_CACHE_HOME"); !X.empty())
    return X + "/tdrc";
  if (std::string H = env("HOME"); !H.empty())
    return H + "/.cache/tdrc";
  return ""; // no cache: no rewrite (nothing may be written elsewhere)
}

// An installed interceptor lives in <prefix>/lib; its tdrc in <prefix>/bin.
std::string defaultTdrc() {
  Dl_info Info;
  if (dladdr(reinterpret_cast<void *>(&defaultTdrc), &Info) && Info.dli_fname) {
    std::string Lib = Info.dli_fname;
    std::string Dir = Lib.substr(0, Lib.rfind('/') + 1);
    for (const char *Up : {"../bin/tdrc", "../../bin/tdrc"}) // lib/<triple>
      if (access((Dir + Up).c_str(), X_OK) == 0)
        return Dir + Up;
  }
  return "tdrc";
}

Settings read() {
  Settings S;
  S.Disabled = flag("TDR_DISABLE");
  S.Log = flag("TDR_LOG");
  S.Explain = flag("TDR_EXPLAIN");
  S.CacheDir = env("TDR_CACHE_DIR");
  if (S.CacheDir.empty())
    S.CacheDir = defaultCacheDir();
  S.Tdrc = env("TDRC");
  if (S.Tdrc.empty())
    S.Tdrc = defaultTdrc();
  S.TdrcOptions = split(env("TDR_TDRC_OPTIONS"), ' ');
  for (const std::string &K : split(env("TDR_KERNELS"), ','))
    S.Only.insert(K);
  for (const std::string &K : split(env("TDR_SKIP_KERNELS"), ','))
    S.Skip.insert(K);
  if (int T = std::atoi(env("TDR_REWRITE_TIMEOUT").c_str()); T > 0)
    S.TimeoutSeconds = unsigned(T);
  return S;
}

} // namespace

bool Settings::allows(const std::string &Name) const {
  return !Skip.count(Name) && (Only.empty() || Only.count(Name));
}

const Settings &settings() {
  static const Settings S = read();
  return S;
}

void logLine(const std::string &Line) {
  if (settings().Log)
    std::fprintf(stderr, "tdrc-intercept: %s\n", Line.c_str());
}

} // namespace tdrc::intercept
