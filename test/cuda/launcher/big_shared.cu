// big_shared.cu -- launches that need more than 48 KiB of dynamic shared
// memory, as tiled stencils and GEMMs do: the program raises
// cudaFuncAttributeMaxDynamicSharedMemorySize on the kernel it names.
//   tile64k: 64 KiB, the attribute set to that: the kept original must get
//            the same attribute (tdrc rewrites the call to
//            tdr_func_set_attribute) or its launches fail;
//   tilemax: the device's opt-in maximum (the kernel has no static shared
//            memory): the rewrite adds shared memory of its own, so the
//            attribute cannot be set on it and it cannot take the launch;
//            the call must still succeed (it is the original's), and the
//            launcher must run the original (tdr_fits, tdr_cannot_run).
// Prints each launch's error string and a checksum of the outputs: the
// rewrite under every TDR_CHOOSE must print what the original prints.
#include <cstdio>
#include <cuda_runtime.h>

#define TILE_WORDS(bytes) ((int)((bytes) / sizeof(int)))

__global__ void tile64k(const int *in, int *out, int words)
{
    extern __shared__ int tile[];
    const int *blk = in + blockIdx.x * words;
    for (int k = threadIdx.x; k < words; k += blockDim.x) tile[k] = blk[k];
    __syncthreads();
    int t = threadIdx.x, v = tile[(t * 37) % words], r;
    if (v % 3 == 0) {
        r = 0;
        for (int k = 0; k < v % 64; ++k) r += tile[(t + k * 64) % words] ^ k;
    } else {
        r = v * 7;
    }
    out[blockIdx.x * blockDim.x + t] = r;
}

__global__ void tilemax(const int *in, int *out, int words)
{
    extern __shared__ int tile[];
    const int *blk = in + blockIdx.x * words;
    for (int k = threadIdx.x; k < words; k += blockDim.x) tile[k] = blk[k];
    __syncthreads();
    int t = threadIdx.x, v = tile[(t * 53) % words], r;
    if (v & 1) {
        r = 0;
        for (int k = 0; k < v % 48; ++k) r += tile[(t * 3 + k * 32) % words] * (k + 1);
    } else {
        r = -v;
    }
    out[blockIdx.x * blockDim.x + t] = r;
}

static unsigned long long checksum(const int *d, int n)
{
    static int h[1 << 12];
    cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
    unsigned long long s = 0;
    for (int i = 0; i < n; ++i) s = s * 1000003ull + (unsigned)h[i];
    return s;
}

int main()
{
    const int blocks = 8, threads = 256;
    int optin = 0;
    cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, 0);
    const size_t big = 64 * 1024, most = (size_t)optin;
    int *in, *out;
    cudaMalloc(&in, blocks * most);
    cudaMalloc(&out, blocks * threads * sizeof(int));
    static int h[1 << 18];
    for (int i = 0; i < (1 << 18); ++i) h[i] = (int)((i * 2654435761u) >> 7) % 1000;
    for (size_t off = 0; off < blocks * most; off += sizeof h)
        cudaMemcpy((char *)in + off, h, blocks * most - off < sizeof h ? blocks * most - off : sizeof h,
                   cudaMemcpyHostToDevice);
    cudaFuncSetAttribute(tile64k, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)big);
    cudaFuncSetAttribute(tilemax, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)most);
    for (int it = 0; it < 6; ++it) {
        tile64k<<<blocks, threads, big>>>(in, out, TILE_WORDS(big));
        cudaError_t e = cudaGetLastError();
        printf("tile64k %d: %s %llx\n", it, cudaGetErrorString(e), checksum(out, blocks * threads));
        tilemax<<<blocks, threads, most>>>(in, out, TILE_WORDS(most));
        e = cudaGetLastError();
        printf("tilemax %d: %s %llx\n", it, cudaGetErrorString(e), checksum(out, blocks * threads));
    }
    return cudaDeviceSynchronize() != cudaSuccess;
}
