#define DECLARE_INDEX(f) __device__ int f(void); /* kernels tdrc must leave unchanged, each for a reason --explain names */
DECLARE_INDEX(my_index) /* reads IDs, defined after the kernels, declared only by a macro: no clone */

__global__ void helper_reads_tid(const int *in, int *out)
{
    int x = in[my_index()];
    if (x > 0) out[my_index()] = 1;
}

__global__ void whole_threadidx(const int *in, int *out)
{
    dim3 t = threadIdx;
    int x = in[t.x];
    if (x > 0) out[t.x] = 1; else out[t.x] = 2;
}

__global__ void lambda_inside(const int *in, int *out)
{
    int i = threadIdx.x;
    auto twice = [](int v) { return 2 * v; };
    int x = in[i];
    if (x > 0) out[i] = twice(x); else out[i] = x;
}

struct Counter {
    int n;
    __device__ void bump() { ++n; }
};

__global__ void member_call(const int *in, int *out)
{
    int i = threadIdx.x;
    Counter c = {in[i]};
    c.bump();
    if (c.n > 0) out[i] = 1; else out[i] = 2;
}

__global__ void warp_vote(const int *in, int *out)
{
    int i = threadIdx.x;
    int x = in[i];
    unsigned int m = __ballot_sync(0xffffffffu, x > 0);
    if (x > 0) out[i] = (int)m; else out[i] = 0;
}

__global__ void private_pointer(const int *in, int *out)
{
    int i = threadIdx.x;
    int local[4] = {in[i], 1, 2, 3};
    int *p = local + (in[i] & 3);
    int x = in[i];
    if (x > 0) out[i] = *p; else out[i] = -*p;
}

__device__ void set_to(int &dst, int v) { dst = v; }

__global__ void reference_arg(const int *in, int *out)
{
    int i = threadIdx.x;
    int x = 0;
    set_to(x, in[i]);
    if (in[i + 1] > 0) out[i] = x; else out[i] = -x;
}

__global__ void shared_in_guard(const int *in, int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        __shared__ int tile[256];
        tile[threadIdx.x] = in[i];
        int x = in[i];
        if (x > 0) out[i] = tile[threadIdx.x]; else out[i] = -x;
        out[i] += tile[threadIdx.x];
    }
}

__device__ int my_index(void) { return blockIdx.x * blockDim.x + threadIdx.x; }
