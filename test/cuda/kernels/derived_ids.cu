// derived_ids.cu -- CUDA counterpart of test/kernels/derived_ids.cl
//
// Pure functions of the thread indices (`base = gid * 4`,
// `lane = lid & 3`, `blk = grp * 2 + 1`) computed before the data branch
// and used in it and after it to index the output (results depend on the
// block size through lane/blk).  Expected: REMAP (Head-or-Tail); x
// migrates, gid, base, lid and lane are recomputed from the new index,
// blk (block-uniform) stays.
//
// EXEC: kernel=derived_ids global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N*4 fill=zero

__global__ void derived_ids(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int lid = threadIdx.x;
    int grp = blockIdx.x;
    int base = gid * 4;
    int lane = lid & 3;
    int blk = grp * 2 + 1;
    int x = in[gid];
    int r;
    if (x > 0) {
        r = x + lane;
        for (int i = 0; i < 12; ++i)
            r = (r * 5 + base % 97) % 3001;
    } else {
        r = -x + blk;
        for (int i = 0; i < 16; ++i)
            r = (r * 3 + lane + i) % 2003;
        r = -r;
    }
    out[base + 0] = r;
    out[base + 1] = lane;
    out[base + 2] = blk;
    out[base + 3] = r + base;
}
