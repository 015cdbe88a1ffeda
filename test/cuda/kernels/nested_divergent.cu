// nested_divergent.cu -- CUDA counterpart of test/kernels/nested_divergent.cl
//
// Data branches nested in both paths of a data branch.  Expected: REMAP all
// three in one DGI round over 4 paths (the path vector): the inner
// conditions move up past `r = x` and test tdr_path afterwards.
//
// EXEC: kernel=nested_divergent global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__global__ void nested_divergent(const int *a, const int *b, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = a[gid];
    int y = b[gid];
    int r;
    if (x > 0) {
        r = x;
        if (y > 0) {
            for (int i = 0; i < 10; ++i)
                r = (r * 3 + y) % 1201;
        } else {
            for (int i = 0; i < 14; ++i)
                r = (r * 5 - y + i) % 1301;
            r += 5000;
        }
    } else {
        r = -x;
        if (y + 5 > 0) {
            for (int i = 0; i < 8; ++i)
                r = (r * 7 + 1) % 1409;
            r = -r;
        } else {
            for (int i = 0; i < 12; ++i)
                r = (r * 11 - y) % 1511;
            r = -r - 6000;
        }
    }
    out[gid] = r;
}
