// switch4_guard.cu -- CUDA counterpart of test/kernels/switch4_guard.cl
//
// A switch with a fall-through and no default inside a bounds guard (1000
// threads).  Expected: REMAP with DGI (4 paths + the inactive threads).
//
// EXEC: kernel=switch4_guard global=1000 local=32,64,128,256
// EXEC: arg in buf uint size=N fill=rand:0:100000
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg n val int value=N

__global__ void switch4_guard(const unsigned int *in, unsigned int *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        unsigned int v = in[gid];
        unsigned int acc = v;
        switch (v % 6u) {
        case 0u:
            acc = acc * 2654435761u;
            /* falls through */
        case 1u:
            acc ^= acc >> 13;
            break;
        case 2u:
            for (int i = 0; i < 8; ++i)
                acc = acc * 1103515245u + 12345u;
            break;
        case 4u:
            acc = ~acc;
            break;
        }
        out[gid] = acc + v;
    }
}
