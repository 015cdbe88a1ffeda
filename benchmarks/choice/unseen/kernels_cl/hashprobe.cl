// Open-addressing hash-table lookup with linear probing (OpenCL twin of
// kernels/hashprobe.cu).  Harness arguments: keys, x, outf, outu, len, n.
// EXEC: kernel=probe_table global=65536 local=64,256
// EXEC: arg table buf int size=N fill=rand:0:2147483647
// EXEC: arg q buf float size=N fill=rand:0:0
// EXEC: arg dist_out buf float size=N fill=zero
// EXEC: arg slot_out buf uint size=N fill=zero
// EXEC: arg max_probes val int value=16
// EXEC: arg nqueries val int value=N
#define EMPTY_SLOT(k) (((k) & 15) == 0)
#define NOT_FOUND 0xffffffffu

inline uint hash_slot(uint key)
{
    key ^= key >> 16;
    key *= 0x45d9f3bu;
    key ^= key >> 16;
    return key;
}

__kernel void probe_table(__global const int *table, __global const float *q,
                          __global float *dist_out, __global uint *slot_out,
                          int max_probes, int nqueries)
{
    const int tid = get_global_id(0);
    if (tid >= nqueries)
        return;
    const uint mask = (uint)nqueries - 1u;
    const uint pick = (uint)(q[tid] * 16777216.0f);
    const int query = (pick & 1) ? table[(pick >> 1) & mask] : (int)(pick * 2654435761u >> 1);
    uint slot = hash_slot((uint)query) & mask;
    uint found = NOT_FOUND;
    int probes = 0;
    while (probes < max_probes) {
        const int entry = table[slot];
        if (entry == query) {
            found = slot;
            break;
        }
        if (EMPTY_SLOT(entry))
            break;
        slot = (slot + 1) & mask;
        ++probes;
    }
    slot_out[tid] = found;
    dist_out[tid] = (float)probes;
}
