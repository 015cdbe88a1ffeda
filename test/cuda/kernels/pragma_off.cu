// pragma_off.cu -- CUDA counterpart of test/kernels/pragma_off.cl
//
// `#pragma tdr off` before a kernel that has a divergent branch, and
// malformed, misplaced and unknown `#pragma tdr` lines in a second kernel
// (each gets a warning and is ignored; tdrc still succeeds).  Expected: the
// first kernel UNCHANGED; the second REMAP its branch (Head-or-Tail) as if
// the bad pragmas were not there.  The harness runs one kernel per file:
// the EXEC lines launch pragma_malformed, the kernel that is rewritten
// (pragma_off comes out unchanged, which the compile check covers).
//
// EXEC: kernel=pragma_malformed global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

#pragma tdr off
__global__ void pragma_off(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    if (x > 0) {
        for (int i = 0; i < 8; ++i)
            x = (x * 3 + 1) % 1021;
    }
    out[gid] = x;
}

__global__ void pragma_malformed(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
#pragma tdr neighbors(17)
#pragma tdr frobnicate
#pragma tdr algorithm(hot
    int y = x * 2;
#pragma tdr target
    for (int i = 0; i < 2; ++i)
        y += i;
    if (x > 0) {
        for (int i = 0; i < 8; ++i)
            y = (y * 3 + 1) % 1021;
    }
    out[gid] = y;
}
