// Input of unassignable-declines.test: a class of the kernel's file whose
// copy constructor is written out; tdrc does not know what it does, so it
// does not move it through shared memory.
struct Tally {
    float sum;
    int n;
    __device__ Tally() = default;
    __device__ Tally(const Tally &o) : sum(o.sum), n(o.n + 0) {}
    __device__ Tally &operator=(const Tally &o) { sum = o.sum; n = o.n; return *this; }
};

__global__ void tally(const int *cls, const float *x, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    Tally t;
    t.sum = x[i];
    t.n = 1;
    if (cls[i] & 1) {
        for (int k = 0; k < 64; ++k) t.sum = t.sum * 0.5f + 1.0f;
    } else {
        for (int k = 0; k < 64; ++k) t.sum = sqrtf(t.sum + 2.0f);
    }
    out[i] = t.sum + t.n;
}
