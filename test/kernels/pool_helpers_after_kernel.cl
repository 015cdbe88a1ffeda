// pool_helpers_after_kernel.cl
//
// Tests: a Monte Carlo history loop (each particle takes a number of
// collision steps read from memory, 0 to 60) whose body draws random
// numbers through a helper that seeds from the particle's global ID; the
// helpers are declared by prototypes before the kernel and defined after
// it, one calling the other, and the tally is written through a helper
// that reads the global ID too.
//
// Expected tdrc action (default): dwa: the history loop gets a work pool;
// the late helpers' clones (taking the item's global ID) are declared
// before the kernel and defined after the helpers.  Before, the loop was
// declined ("defined after the kernel").
//
// EXEC: kernel=pool_helpers_after_kernel global=1000 local=32,64,128
// EXEC: arg steps buf int size=N fill=mix:-4:60
// EXEC: arg tally buf uint size=N fill=zero
// EXEC: arg n val int value=N

uint draw(uint state, int k);
uint slot(void);

__kernel void pool_helpers_after_kernel(__global const int *steps,
                                        __global uint *tally, int n)
{
    int p = get_global_id(0);
    if (p >= n)
        return;
    uint acc = 0u;
    int m = steps[p];
    for (int k = 0; k < m; ++k)
        acc = acc * 31u + (draw(acc, k) >> 7);
    tally[slot()] = acc;
}

uint slot(void) { return (uint)get_global_id(0); }

uint draw(uint state, int k)
{
    uint x = state ^ (slot() * 2654435761u) ^ (uint)k;
    x ^= x << 13;
    x ^= x >> 17;
    return x ^ (x << 5);
}
