//===- Context.h - Device, context and queue; buffers ----------------------===//
//
// Handles share what they wrap (copies are cheap, the last one releases).
//
//===----------------------------------------------------------------------===//
#ifndef TDRC_RUNTIME_CONTEXT_H
#define TDRC_RUNTIME_CONTEXT_H

#include "tdrc/runtime/Device.h"
#include <memory>
#include <vector>

namespace tdrc::rt {

class Context {
public:
  /// tdrcl's default device (runtime/cl/include/tdr/cl_host.h): the
  /// platform named by TDR_CL_PLATFORM, else the first GPU, else any
  /// device; an in-order queue.  Throws Error when there is none.
  static Context createDefault(bool Profiling = false);
  /// Wraps the caller's objects (retained here, released by the last copy).
  Context(cl_context Ctx, cl_device_id Device, cl_command_queue Queue);

  cl_context context() const;
  cl_device_id device() const;
  cl_command_queue queue() const;
  const DeviceInfo &deviceInfo() const;
  void finish() const;

private:
  struct State;
  std::shared_ptr<State> S;
  explicit Context(std::shared_ptr<State> S) : S(std::move(S)) {}
};

/// A device buffer with blocking reads and writes on the context's queue.
class Buffer {
public:
  Buffer(const Context &C, size_t Bytes, cl_mem_flags Flags = CL_MEM_READ_WRITE,
         const void *Init = nullptr);
  template <typename T>
  Buffer(const Context &C, const std::vector<T> &Init,
         cl_mem_flags Flags = CL_MEM_READ_WRITE)
      : Buffer(C, Init.size() * sizeof(T), Flags | CL_MEM_COPY_HOST_PTR,
               Init.data()) {}

  cl_mem get() const;
  size_t size() const;
  void write(const void *From, size_t Bytes, size_t Offset = 0) const;
  void read(void *To, size_t Bytes, size_t Offset = 0) const;
  template <typename T> std::vector<T> read() const {
    std::vector<T> V(size() / sizeof(T));
    read(V.data(), V.size() * sizeof(T));
    return V;
  }

private:
  struct State;
  std::shared_ptr<State> S;
};

} // namespace tdrc::rt

#endif
