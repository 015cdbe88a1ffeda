// split_hash_tiers.cl
//
// Tests: an else-if chain of three tiers with no final else, on a value
// loaded after an early-return guard: each tier hashes its key for a
// different number of rounds through helpers (the deepest keeps a private
// state of eight words); keys in no tier only get the suffix.  The suffix
// after the chain writes the result through a helper that reads the local
// ID, and the first tier counts itself with an atomic whose result is not
// used.  The index comes from a function-like macro.
//
// Expected tdrc action (--transforms=-*,split): split into four parts
// (__p0 .. __p2 for the tiers, __p3 for keys in no tier: every part but the
// last gets `else { return; }`); the kernel itself unchanged.
//
// EXEC: kernel=split_hash_tiers global=1000 local=32,64,128
// EXEC: arg keys buf int size=N fill=mix:-40:200
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg counts buf int size=4 fill=zero
// EXEC: arg n val int value=G0

#define ITEM(i) ((i) + 0)

static uint mix32(uint h, uint k)
{
    k *= 0xcc9e2d51u;
    k = (k << 15) | (k >> 17);
    h ^= k * 0x1b873593u;
    return ((h << 13) | (h >> 19)) * 5u + 0xe6546b64u;
}

static uint rounds(uint h, uint k, int r)
{
    for (int i = 0; i < r; ++i)
        h = mix32(h, k + (uint)i);
    return h;
}

static void put(__global uint *out, int i, uint v)
{
    out[i] = v ^ (uint)get_local_id(0);
}

__kernel void split_hash_tiers(__global const int *keys, __global uint *out,
                               __global int *counts, int n)
{
    const int i = ITEM(get_global_id(0));
    if (i >= n)
        return;
    const int tier = keys[i];
    const uint k = (uint)tier;
    uint v = k;
    if (tier > 150) {
        atomic_inc(&counts[0]);
        uint s[8];
        for (int j = 0; j < 8; ++j)
            s[j] = mix32(k, (uint)j);
        for (int r = 0; r < 32; ++r)
            for (int j = 0; j < 8; ++j)
                s[j] = mix32(s[j], s[(j + 1) & 7]);
        v = s[0] ^ s[3] ^ s[5] ^ s[7];
    } else if (tier > 60) {
        v = rounds(v, k, 24);
    } else if (tier > 0)
        v = rounds(v, k, 4);
    put(out, i, v + 1u);
}
