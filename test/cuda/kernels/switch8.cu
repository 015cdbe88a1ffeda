// switch8.cu -- CUDA counterpart of test/kernels/switch8.cl
//
// Eight switch paths over a private array.  Expected: REMAP with DGI over 8
// paths; `a` migrates element by element.
//
// EXEC: kernel=switch8 global=2048 local=32,64,128,256
// EXEC: arg in buf int size=N fill=rand:0:100000
// EXEC: arg out buf int size=N fill=zero

__global__ void switch8(const int *in, int *out)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    int x = in[gid];
    int a[3];
    a[0] = x; a[1] = x >> 3; a[2] = x & 255;
    switch (x & 7) {
    case 0: a[0] += 11; break;
    case 1: a[1] *= 3; break;
    case 2: a[2] -= 5; break;
    case 3: a[0] ^= a[1]; break;
    case 4: for (int i = 0; i < 6; ++i) a[i % 3] += i; break;
    case 5: a[1] = a[2] * 7; break;
    case 6: a[2] = a[0] % 13; break;
    case 7: a[0] = a[1] = a[2] = 1; break;
    }
    out[gid] = a[0] * 31 + a[1] * 7 + a[2];
}
