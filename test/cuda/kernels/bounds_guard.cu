// bounds_guard.cu -- CUDA counterpart of test/kernels/bounds_guard.cl
//
// The usual guard `if (gid < n) { ... }` around a data branch; 1000 threads
// leave the last block partly inactive.  Expected: the guard is NOT remapped
// but becomes the active predicate; the inner `if (x > 0)` is REMAPPED, with
// the inactive threads taking the last slots (they never touch memory).
//
// EXEC: kernel=bounds_guard global=1000 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

__global__ void bounds_guard(const int *in, int *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        int x = in[gid];
        int r;
        if (x > 0) {
            r = x;
            for (int i = 0; i < 18; ++i)
                r = (r * 13 + 7) % 8191;
        } else {
            unsigned int h = (unsigned int)(-x) * 2246822519u;
            for (int i = 0; i < 10; ++i)
                h = (h ^ (h >> 15)) * 3266489917u;
            r = -(int)(h & 0x7fffu);
        }
        out[gid] = r + gid % 7;
    }
}
