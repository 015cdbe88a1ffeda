// ballot_partial_warp.cu -- CUDA only (OpenCL has no warp-level rounds)
//
// Blocks whose size is no multiple of 32 end in a partial warp.  The ballot
// partition's masks cover the lanes that exist; where that warp has fewer
// lanes than keys (10 keys: 9 switch paths and the bounds guard's inactive
// threads; blocks of 7 and 40 here), its first lanes also store the counts
// of the keys whose lanes are missing.  1000 threads leave the last block
// partly inactive.
// Expected: UNCHANGED by default (the short cases do not pay for a round);
// the forced rounds (DGI, warp-aggregated Head-or-Tail, ballot) remap it
// over 9 paths, the guard becoming the active predicate.
//
// EXEC: kernel=ballot_partial_warp global=1000 local=7,40,100,256
// EXEC: arg in buf int size=N fill=rand:-100000:100000
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

__global__ void ballot_partial_warp(const int *in, int *out, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        int x = in[gid];
        int r = x >> 4;
        switch ((x & 0x7fffffff) % 9) {
        case 0: r = r * 3 + 1; break;
        case 1: r = r ^ 0x5a5a; break;
        case 2: for (int i = 0; i < 5; ++i) r = r * 7 - i; break;
        case 3: r = -r; break;
        case 4: r = r + (int)threadIdx.x; break;
        case 5: for (int i = 0; i < 3; ++i) r = (r >> 1) + 13; break;
        case 6: r = r * r % 65521; break;
        case 7: r = ~r; break;
        default: r = r + 100; break;
        }
        out[gid] = r + gid % 5;
    }
}
