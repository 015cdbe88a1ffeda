// A tiny register-machine interpreter, a switch on 3-bit opcodes in the
// uniform step loop (OpenCL twin of kernels/vm8.cu; bit reversal by hand:
// OpenCL C 1.2 has no built-in).  Harness arguments: keys, x, outf, outu,
// len, n.
// EXEC: kernel=run_programs global=65536 local=64,256
// EXEC: arg programs buf int size=N fill=rand:0:2147483647
// EXEC: arg input buf float size=N fill=rand:0:0
// EXEC: arg unused buf float size=N fill=zero
// EXEC: arg result buf uint size=N fill=zero
// EXEC: arg steps val int value=16
// EXEC: arg n val int value=N
enum { OP_ADD, OP_XSHR, OP_BREV, OP_POPC, OP_MULADD, OP_ROTL, OP_CLZ, OP_ACC };

inline uint bit_reverse(uint v)
{
    v = ((v >> 1) & 0x55555555u) | ((v & 0x55555555u) << 1);
    v = ((v >> 2) & 0x33333333u) | ((v & 0x33333333u) << 2);
    v = ((v >> 4) & 0x0f0f0f0fu) | ((v & 0x0f0f0f0fu) << 4);
    v = ((v >> 8) & 0x00ff00ffu) | ((v & 0x00ff00ffu) << 8);
    return (v >> 16) | (v << 16);
}

__kernel void run_programs(__global const int *programs, __global const float *input,
                           __global float *unused, __global uint *result, int steps, int n)
{
    const int tid = get_global_id(0);
    if (tid >= n)
        return;
    const uint prog = (uint)programs[tid];
    uint r0 = prog, r1 = as_uint(input[tid]), acc = 0;
    int slot = 0;
    for (int pc = 0; pc < steps; ++pc) {
        const uint op = (prog >> (3 * slot)) & 7u;
        switch (op) {
        case OP_ADD:    r0 += r1; break;
        case OP_XSHR:   r0 ^= r1 >> 3; break;
        case OP_BREV:   r0 = bit_reverse(r0); break;
        case OP_POPC:   r1 += popcount(r0); break;
        case OP_MULADD: r1 = r1 * 0x9e3779b1u + r0; break;
        case OP_ROTL:   r0 = rotate(r0, 7u); break;
        case OP_CLZ:    r1 ^= clz(r0 | 1u); break;
        default:        acc += r0 & 0xffu; break;
        }
        slot = slot == 9 ? 0 : slot + 1;
    }
    result[tid] = r0 ^ (r1 * 31u) ^ acc;
}
