// live_global_pointer.cu -- CUDA counterpart of test/kernels/live_global_pointer.cl
//
// Pointers computed from kernel parameters live across the branch.  CUDA
// pointers carry no address space: tdrc traces their values back to the
// parameters (so they cannot point into a thread's own variables).
// Expected: REMAP; `row`, a cursor advanced with `*row++`, migrates through
// a __shared__ array of pointers; `dst` is recomputed from the new index.
//
// EXEC: kernel=live_global_pointer global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N*5 fill=mix:-100:100
// EXEC: arg out buf int size=N*2 fill=zero

__global__ void live_global_pointer(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    const int *row = in + gid * 5;
    int *dst = out + gid * 2;
    int head = *row++;
    int r;
    if (head > 0) {
        r = head;
        for (int i = 0; i < 12; ++i)
            r = (r * 3 + row[i % 3] + 100) % 4001;
    } else {
        r = row[2] - head;
        for (int i = 0; i < 8; ++i)
            r = (r * 7 + row[1] + 100) % 2999;
        r = -r;
    }
    dst[0] = r;
    dst[1] = row[0] + row[1] + row[2] + row[3];
}
