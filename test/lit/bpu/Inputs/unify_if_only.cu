// An if without else, nothing after it: only the items that take it run.
__global__ void scale_large(const unsigned int *in, unsigned int *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    out += n;                         /* the second half holds the results */
    unsigned int v = in[i] % 11u;
    if (v > 3u) {
        unsigned int h = v;
        for (int k = 0; k < 32; ++k)
            h = h * 2654435761u + (unsigned int)k;
        out[i] = h;
    }
}
