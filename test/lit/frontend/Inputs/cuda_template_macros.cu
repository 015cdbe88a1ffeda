// A kernel template whose body names a parameter only through macros
// defined outside it, and another parameter only in a comment.
#define ROW(i) ((i) * WIDTH)
#define SCALE(v) ((v) * (T)3)

template <typename T, int WIDTH, int UNUSED>
__global__ void rows(const int *keys, const T *in, T *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    T v = in[i]; // not scaled by UNUSED
    if (keys[i] > 0) {
        for (int k = 0; k < 64; ++k)
            v = SCALE(v) + (T)ROW(k);
    } else {
        for (int k = 0; k < 48; ++k)
            v = v * (T)5 - (T)1;
    }
    out[i] = v;
}

void launch(const int *keys, const float *in, float *out, int n)
{
    rows<float, 16, 2><<<(n + 255) / 256, 256>>>(keys, in, out, n);
}
