//===- Context.cpp --------------------------------------------------------===//
#include "tdrc/runtime/Context.h"
#include "tdr/cl_host.h"

namespace tdrc::rt {

struct Context::State {
  cl_context Ctx = nullptr;
  cl_device_id Device = nullptr;
  cl_command_queue Queue = nullptr;
  DeviceInfo Info;
  ~State() {
    if (Queue)
      clReleaseCommandQueue(Queue);
    if (Ctx)
      clReleaseContext(Ctx);
  }
};

Context::Context(cl_context Ctx, cl_device_id Device, cl_command_queue Queue)
    : S(std::make_shared<State>()) {
  if (!Ctx || !Device || !Queue)
    throw Error("tdrc::rt::Context: a null context, device or queue");
  check(clRetainContext(Ctx), "clRetainContext");
  S->Ctx = Ctx;
  check(clRetainCommandQueue(Queue), "clRetainCommandQueue");
  S->Queue = Queue;
  S->Device = Device;
  S->Info = queryDevice(Device);
}

Context Context::createDefault(bool Profiling) {
  tdrcl_env Env;
  if (tdrcl_env_init(&Env, Profiling) != 0) // it printed why
    throw Error("tdrc::rt::Context: no usable OpenCL device (see the "
                "tdrcl message above)");
  auto St = std::make_shared<State>();
  St->Ctx = Env.context; // the env's references move here
  St->Queue = Env.queue;
  St->Device = Env.device;
  St->Info = queryDevice(Env.device);
  return Context(St);
}

cl_context Context::context() const { return S->Ctx; }
cl_device_id Context::device() const { return S->Device; }
cl_command_queue Context::queue() const { return S->Queue; }
const DeviceInfo &Context::deviceInfo() const { return S->Info; }
void Context::finish() const { check(clFinish(S->Queue), "clFinish"); }

struct Buffer::State {
  cl_mem Mem = nullptr;
  cl_command_queue Queue = nullptr;
  size_t Bytes = 0;
  Context Owner; // keeps the context and queue alive
  explicit State(const Context &C) : Owner(C) {}
  ~State() {
    if (Mem)
      clReleaseMemObject(Mem);
  }
};

Buffer::Buffer(const Context &C, size_t Bytes, cl_mem_flags Flags,
               const void *Init)
    : S(std::make_shared<State>(C)) {
  cl_int Err = CL_SUCCESS;
  S->Mem = clCreateBuffer(C.context(), Flags, Bytes, const_cast<void *>(Init),
                          &Err);
  check(Err, "clCreateBuffer");
  S->Queue = C.queue();
  S->Bytes = Bytes;
}

cl_mem Buffer::get() const { return S->Mem; }
size_t Buffer::size() const { return S->Bytes; }

void Buffer::write(const void *From, size_t Bytes, size_t Offset) const {
  check(clEnqueueWriteBuffer(S->Queue, S->Mem, CL_TRUE, Offset, Bytes, From, 0,
                             nullptr, nullptr),
        "clEnqueueWriteBuffer");
}

void Buffer::read(void *To, size_t Bytes, size_t Offset) const {
  check(clEnqueueReadBuffer(S->Queue, S->Mem, CL_TRUE, Offset, Bytes, To, 0,
                            nullptr, nullptr),
        "clEnqueueReadBuffer");
}

} // namespace tdrc::rt
