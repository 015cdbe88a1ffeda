// Loop divergence the textbook way: Mandelbrot over a 2048 x 2048 view of
// the whole set, the work inside a bounds-check block, the escape loop's
// trip count (up to len) a function of the pixel's coordinates alone.
// Warps inside the set or far outside it are uniform; those on its
// boundary mix deep and shallow pixels.  The dwa transform's target since
// it judges loops under a guard block as if it were an early return.  No
// ideal: the input holds nothing to sort (bench_path is one path).
#include "../bench.h"

#define VIEW_W 2048

__global__ void mandel2d(unsigned *__restrict__ out, int w, int h, int maxit)
{
    const int px = blockIdx.x * blockDim.x + threadIdx.x;
    const int py = blockIdx.y * blockDim.y + threadIdx.y;
    if (px < w && py < h) {
        const float cr = -2.1f + 2.8f * (float)px / (float)w;
        const float ci = -1.4f + 2.8f * (float)py / (float)h;
        float zr = 0.0f, zi = 0.0f;
        int it = 0;
        while (it < maxit && zr * zr + zi * zi <= 4.0f) {
            const float t = zr * zr - zi * zi + cr;
            zi = 2.0f * zr * zi + ci;
            zr = t;
            ++it;
        }
        out[py * w + px] = (unsigned)it;
    }
}

int bench_path(int) { return 0; }
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    const int h = d.n / VIEW_W;
    dim3 block(32, 8), grid(VIEW_W / 32, (h + 7) / 8);
    mandel2d<<<grid, block, 0, s>>>(d.outu, VIEW_W, h, len);
}
