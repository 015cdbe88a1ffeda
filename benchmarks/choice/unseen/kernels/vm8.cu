// A tiny register-machine interpreter (the shape of GPU fuzzers, hash
// crackers' rule engines and genetic-programming evaluators): each thread
// runs its own program of 3-bit opcodes, ten packed in the program word
// and repeated, for `steps` steps; a switch on the opcode inside the
// uniform step loop, integer bit manipulation in every case.
#include "../bench.h"

enum { OP_ADD, OP_XSHR, OP_BREV, OP_POPC, OP_MULADD, OP_ROTL, OP_CLZ, OP_ACC };

#define ROTL32(v, r) (((v) << (r)) | ((v) >> (32 - (r))))

__global__ void run_programs(const int *__restrict__ programs, const float *__restrict__ input,
                             unsigned *__restrict__ result, int steps, int n)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= n)
        return;
    const unsigned prog = (unsigned)programs[tid];
    unsigned r0 = prog, r1 = __float_as_uint(input[tid]), acc = 0;
    int slot = 0;
    for (int pc = 0; pc < steps; ++pc) {
        const unsigned op = (prog >> (3 * slot)) & 7u;
        switch (op) {
        case OP_ADD:    r0 += r1; break;
        case OP_XSHR:   r0 ^= r1 >> 3; break;
        case OP_BREV:   r0 = __brev(r0); break;
        case OP_POPC:   r1 += __popc(r0); break;
        case OP_MULADD: r1 = r1 * 0x9e3779b1u + r0; break;
        case OP_ROTL:   r0 = ROTL32(r0, 7); break;
        case OP_CLZ:    r1 ^= __clz(r0 | 1u); break;
        default:        acc += r0 & 0xffu; break;
        }
        slot = slot == 9 ? 0 : slot + 1;
    }
    result[tid] = r0 ^ (r1 * 31u) ^ acc;
}

int bench_path(int key) { return key & 7; } // the first opcode
const int bench_paths = 8;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    run_programs<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outu, len, d.n);
}
