// nested3_levels.cu -- CUDA counterpart of test/kernels/nested3_levels.cl
//
// Three levels of data-dependent ifs, each opening a path of the one above
// it, with private work before each inner if (it writes r, which the inner
// conditions do not read); an else-if chain nested in the else-path.
// Expected: REMAP in one round at the outer if over 6 paths, whose path
// vector holds all 4 branches (the else-if chain is one); the inner ifs
// test tdr_path.  The round is DGI in OpenCL; in CUDA `auto` picks the
// ballot partition (DGI with --algorithm dgi).
//
// EXEC: kernel=nested3_levels global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg c buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void nested3_levels(const int *a, const int *b, const int *c,
                               int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[gid], y = b[gid], z = c[gid];
    int r = 1;
    if (x > 0) {
        r = x * 3;
        if (y > 0) {
            r += y;
            if (z > 0) {
                for (int i = 0; i < 9; ++i)
                    r = (r * 7 + z) % 4001;
            } else {
                for (int i = 0; i < 5; ++i)
                    r = (r * 5 - z) % 3001;
                r = -r;
            }
        } else {
            for (int i = 0; i < 7; ++i)
                r = (r * 3 + y + i) % 2003;
        }
    } else {
        if (z > 0) {
            r = z - x;
            for (int i = 0; i < 6; ++i)
                r = (r * 11 + 1) % 5003;
        } else if (y > 0) {
            r = y + x;
        } else {
            r = x + y + z;
        }
    }
    out[gid] = r;
}
