// Open-addressing hash-table lookup with linear probing (the shape of GPU
// hash joins and k-mer counters): each query hashes to a slot and walks
// forward until it finds its key, an empty slot, or the probe limit.  The
// table is the key array itself, a slot counting as empty when its low four
// bits are zero (about one in sixteen), so the walk's length depends on the
// data; memory-bound, mostly cached neighbouring loads.
#include "../bench.h"

#define EMPTY_SLOT(k) (((k) & 15) == 0)
#define NOT_FOUND 0xffffffffu

__device__ __forceinline__ unsigned hash_slot(unsigned key)
{
    key ^= key >> 16;
    key *= 0x45d9f3bu;
    key ^= key >> 16;
    return key;
}

__global__ void probe_table(const int *__restrict__ table, const float *__restrict__ q,
                            unsigned *__restrict__ slot_out, float *__restrict__ dist_out,
                            int max_probes, unsigned mask, int nqueries)
{
    const int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid >= nqueries)
        return;
    // the query: a key that is in the table for half of the queries
    const unsigned pick = (unsigned)(q[tid] * 16777216.0f);
    const int query = (pick & 1) ? table[(pick >> 1) & mask] : (int)(pick * 2654435761u >> 1);
    unsigned slot = hash_slot((unsigned)query) & mask;
    unsigned found = NOT_FOUND;
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

int bench_path(int) { return 0; } // the walk's length is not a function of the key
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    probe_table<<<(d.n + 255) / 256, 256, 0, s>>>(d.keys, d.x, d.outu, d.outf, len,
                                                 (unsigned)(d.n - 1), d.n);
}
