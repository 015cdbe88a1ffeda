// Input of keep-original/cuda.test: `k<<<c>>>(a)` evaluates its
// configuration before its arguments; a call of the launcher would not.
// Launches whose expressions change something keep their <<<>>>.
static int seq = 0;
static int cfg() { return ++seq; }
static int arg() { return 7 + ++seq; }
static int cdiv(int n, int d) { return (n + d - 1) / d; }
__global__ void k(int *out, int v, int w)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x, r;
    if ((out[i] ^ v) & 1) { r = 0; for (int j = 0; j < out[i] % 64; ++j) r += (j * w) & 7; }
    else r = v;
    out[i] = r;
}
void run(int *d, int n, int w)
{
    k<<<cfg(), 128>>>(d, arg(), arg()); // two calls: kept
    k<<<n / 128, 128>>>(d, n--, w);     // a decrement: kept
    k<<<cdiv(n, 128), 128>>>(d, n, w);  // one call: the launcher
}
