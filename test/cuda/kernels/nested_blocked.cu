// nested_blocked.cu -- CUDA counterpart of test/kernels/nested_blocked.cl
//
// An if nested in a data-dependent path after a loop that changes what its
// condition reads (t), and a second nested if whose condition reads only x
// (it may move up past the loop).  Expected: REMAP the outer if with the
// second nested if in its path vector (3 paths; `auto` picks the ballot
// partition in CUDA, DGI in OpenCL); the first nested if stays UNCHANGED
// (its condition reads t, which the loop before it changes).
//
// EXEC: kernel=nested_blocked global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void nested_blocked(const int *a, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[gid];
    int t = x;
    if (x > 0) {
        for (int i = 0; i < 3; ++i)
            t = t * 2 - 60;
        if (t > 0)
            t = t % 97;
        else
            t = -t % 89;
    } else {
        t = t * 3;
        if (x > -40) {
            for (int i = 0; i < 8; ++i)
                t = (t * 5 + 3) % 1999;
        }
    }
    out[gid] = t;
}
