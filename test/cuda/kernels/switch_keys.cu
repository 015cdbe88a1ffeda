// switch_keys.cu -- CUDA counterpart of test/kernels/switch_keys.cl
//
// Tests: two switches in two rounds whose values have different types: an
// unsigned int whose values are all above INT_MAX, then a long computed from
// the first switch's result (a round evaluates one switch: round 2).  tdr_key
// is then declared long, which holds both, and each switch converts it back
// to its own type.
//
// Expected tdrc action: REMAP both switches, one round each; tdr_key is long.
//
// EXEC: kernel=switch_keys global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=rand:-1000000:1000000
// EXEC: arg out buf int size=N fill=zero

__global__ void switch_keys(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned int u = (unsigned int)in[gid] * 2654435761u;
    int r = in[gid] & 1023;
    switch (u | 0xfffffffcu) {
    case 0xfffffffcu:
        for (int i = 0; i < 7; ++i)
            r = r * 3 + 1;
        break;
    case 0xfffffffeu:
        r = -r;
        break;
    default:
        r = r ^ 0x55;
        break;
    }
    long w = (long)r * 3000000000L;
    switch (w % 5L) {
    case 0:
        r += 11;
        break;
    case 1:
    case -1:
        for (int i = 0; i < 5; ++i)
            r = r * 5 - 7;
        break;
    default:
        r = (int)(w >> 33);
        break;
    }
    out[gid] = r;
}
