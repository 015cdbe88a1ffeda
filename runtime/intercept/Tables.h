//===- Tables.h - The interceptors' handle tables, under one lock ----------===//
//
// Each interceptor keeps the state of the application's handles in maps
// guarded by a mutex; these are the two accesses they all make.
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_INTERCEPT_TABLES_H
#define TDRC_INTERCEPT_TABLES_H

#include <mutex>

namespace tdrc::intercept {

/// M[H], or a null mapped value where H is not in M.
template <typename Map>
typename Map::mapped_type findIn(std::mutex &Lock, Map &M,
                                 const typename Map::key_type &H) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = M.find(H);
  return It == M.end() ? nullptr : It->second;
}

/// Removes H from M and returns what it mapped to (null if absent).
template <typename Map>
typename Map::mapped_type takeOut(std::mutex &Lock, Map &M,
                                  const typename Map::key_type &H) {
  std::lock_guard<std::mutex> G(Lock);
  auto It = M.find(H);
  if (It == M.end())
    return nullptr;
  typename Map::mapped_type V = std::move(It->second);
  M.erase(It);
  return V;
}

} // namespace tdrc::intercept

#endif
