//===- Dialect.cpp - OpenCL C and CUDA spellings of the remap code ---------===//
#include "tdrc/TDR/Dialect.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/Basic/Version.h"
#include "llvm/Support/raw_ostream.h"

namespace tdrc {

static const char *const Axis[] = {"x", "y", "z"};

std::string Dialect::localId(unsigned D) const {
  return Cuda ? std::string("threadIdx.") + Axis[D]
              : "get_local_id(" + std::to_string(D) + ")";
}

std::string Dialect::localSize(unsigned D) const {
  return Cuda ? std::string("blockDim.") + Axis[D]
              : "get_local_size(" + std::to_string(D) + ")";
}

std::string Dialect::flatLocalId() const {
  return localId(0) + " + " + localSize(0) + " * (" + localId(1) + " + " +
         localSize(1) + " * " + localId(2) + ")";
}

std::string Dialect::globalId(unsigned D) const {
  return "get_global_id(" + std::to_string(D) + ")";
}

std::string Dialect::groupId(unsigned D) const {
  return Cuda ? std::string("blockIdx.") + Axis[D]
              : "get_group_id(" + std::to_string(D) + ")";
}

std::string Dialect::barrier(bool Global) const {
  // __syncthreads makes the block's shared and global accesses before it
  // visible to the whole block (CUDA Programming Guide): the hand-over needs
  // no __threadfence, which would wait for device-wide visibility (measured
  // 3-4% of a short-path kernel on an H200).
  if (Cuda)
    return "__syncthreads();";
  return Global ? "barrier(CLK_LOCAL_MEM_FENCE | CLK_GLOBAL_MEM_FENCE);"
                : "barrier(CLK_LOCAL_MEM_FENCE);";
}

std::string Dialect::atomicInc(const std::string &LValue) const {
  return Cuda ? "atomicAdd(&" + LValue + ", 1)" : "atomic_inc(&" + LValue + ")";
}

std::string Dialect::atomicDec(const std::string &LValue) const {
  return Cuda ? "atomicSub(&" + LValue + ", 1)" : "atomic_dec(&" + LValue + ")";
}

std::string Dialect::sharedDecl(clang::QualType T, const std::string &Declarator,
                                const clang::PrintingPolicy &PP) const {
  std::string Out;
  llvm::raw_string_ostream OS(Out);
  if (Cuda) // a storage attribute: it starts the declaration
    OS << Shared << " ";
  if (Cuda || T->isPointerType()) // OpenCL: the pointer lives in local memory
    T.print(OS, PP, Cuda ? Declarator : std::string(Shared) + " " + Declarator);
  else
    OS << Shared << " " << T.getAsString(PP) << " " << Declarator;
  OS.flush();
  return Out;
}

std::string Dialect::braceValue(const std::string &Type, const std::string &Var,
                                const std::string &Braces) const {
  return Cuda ? "decltype(" + Var + ")" + Braces : "(" + Type + ")" + Braces;
}

const Dialect &openCLDialect() {
  static const Dialect D = {false,        "__local",      "uchar",
                            "ushort",     "uint",         "size_t",
                            "__kernel",   "work-item",    "work-items",
                            "work-group", "work-groups",  "local memory",
                            true};
  return D;
}

const Dialect &cudaDialect() {
  static const Dialect D = {true,
                            "__shared__",
                            "unsigned char",
                            "unsigned short",
                            "unsigned int",
                            "unsigned int",
                            "__global__",
                            "thread",
                            "threads",
                            "block",
                            "blocks",
                            "shared memory",
                            false};
  return D;
}

const Dialect &dialectFor(const clang::LangOptions &LO) {
  return LO.CUDA ? cudaDialect() : openCLDialect();
}

bool isKernelFunction(const clang::FunctionDecl *FD) {
  if (FD->hasAttr<clang::CUDAGlobalAttr>())
    return true;
#if CLANG_VERSION_MAJOR >= 21
  return FD->hasAttr<clang::DeviceKernelAttr>() && FD->getLangOpts().OpenCL;
#else
  return FD->hasAttr<clang::OpenCLKernelAttr>();
#endif
}

} // namespace tdrc
