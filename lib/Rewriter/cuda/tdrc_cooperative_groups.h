/* tdrc's stand-in for cooperative_groups.h where no CUDA toolkit is used
   (--cuda-prelude, Clang 19): the groups kernels commonly use, declared
   only (tdrc parses, never compiles, device code).  What tdrc reads from
   them is the namespace, the class and the function names: a thread
   block's handle, barrier and sizes are built-ins like __syncthreads and
   blockDim; tiles, coalesced groups and the grid are collectives
   (MemorySpace.cpp, classifyCooperativeGroups).  The toolkit's header
   nests the same names in an inline namespace. */
#pragma once
namespace cooperative_groups {
class thread_block {
public:
  __device__ void sync() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ dim3 thread_index() const;
  __device__ dim3 group_index() const;
  __device__ dim3 dim_threads() const;
  __device__ dim3 group_dim() const;
};
__device__ thread_block this_thread_block();

class grid_group {
public:
  __device__ void sync() const;
  __device__ bool is_valid() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
};
__device__ grid_group this_grid();

class coalesced_group {
public:
  __device__ void sync() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  template <class T> __device__ T shfl(T var, unsigned src) const;
  __device__ unsigned ballot(int pred) const;
  __device__ int any(int pred) const;
  __device__ int all(int pred) const;
};
__device__ coalesced_group coalesced_threads();

template <unsigned Size, class Parent = void>
class thread_block_tile {
public:
  __device__ thread_block_tile();
  template <class P> /* a tile of a known parent converts to one of any */
  __device__ thread_block_tile(const thread_block_tile<Size, P> &);
  __device__ void sync() const;
  __device__ unsigned long long thread_rank() const;
  __device__ unsigned long long size() const;
  __device__ unsigned long long num_threads() const;
  __device__ unsigned long long meta_group_rank() const;
  __device__ unsigned long long meta_group_size() const;
  template <class T> __device__ T shfl(T var, int src) const;
  template <class T> __device__ T shfl_down(T var, unsigned delta) const;
  template <class T> __device__ T shfl_up(T var, unsigned delta) const;
  template <class T> __device__ T shfl_xor(T var, unsigned mask) const;
  __device__ unsigned ballot(int pred) const;
  __device__ int any(int pred) const;
  __device__ int all(int pred) const;
};
template <unsigned Size, class Parent>
__device__ thread_block_tile<Size, Parent> tiled_partition(const Parent &parent);
__device__ thread_block tiled_partition(const thread_block &parent, unsigned size);

template <class Group> __device__ void sync(const Group &g);

template <class T> struct plus { __device__ T operator()(T a, T b) const; };
template <class T> struct less { __device__ T operator()(T a, T b) const; };
template <class T> struct greater { __device__ T operator()(T a, T b) const; };
template <class Group, class T, class Op>
__device__ T reduce(const Group &g, T value, Op op);
} // namespace cooperative_groups
