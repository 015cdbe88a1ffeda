// const_digest_rules.cl
//
// Tests: a password-cracking kernel's compare step. After the ID exit
// `if (gid >= gid_max) return;`, a loop over a uniform number of rules
// builds a digest, holds it in a const array `const u32 dg[4] = {...}`
// (the shape of a compare macro's `digest_tp0`), branches on it (a heavy
// re-hash for candidates that pass a cheap filter, a light mix otherwise)
// and writes it out after the branch. A second, initialised array
// `u32 salt[2]` is declared after the return and used after the branch.
//
// Expected tdrc action: REMAP the filter branch once per rule. Both arrays
// live across the remap: their declarations move before the active region
// (the const dropped, the initialisers copied in place from a temporary),
// and they migrate with the work-item. Global 1000 leaves the last group
// partly inactive.
//
// EXEC: kernel=const_digest_rules global=1000 local=32,64,128,256
// EXEC: arg pws buf uint size=N fill=rand:0:1000000
// EXEC: arg rules buf uint size=8 fill=rand:0:1000
// EXEC: arg out buf uint size=4*N fill=zero
// EXEC: arg gid_max val int value=N
// EXEC: arg rule_cnt val int value=3

typedef unsigned int u32;

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define STEP(a, b, c, k) (a) = ROTL32((a) + ((b) ^ (c)) + (k), 7)

static u32 rehash(u32 a, u32 b)
{
    for (int i = 0; i < 32; ++i)
        STEP(a, b, (u32)i, 0x5a827999u);
    return a;
}

__kernel void const_digest_rules(__global const u32 *pws,
                                 __global const u32 *rules,
                                 __global u32 *out, int gid_max,
                                 int rule_cnt)
{
    const int gid = (int)get_global_id(0);
    if (gid >= gid_max)
        return;
    const u32 salt[2] = { 0x1234u, (u32)gid };
    u32 w = pws[gid];
    for (int il_pos = 0; il_pos < rule_cnt; il_pos++) {
        u32 a = w ^ rules[il_pos], b = w + salt[0];
        STEP(a, b, salt[1], 0x6ed9eba1u);
        const u32 dg[4] = { a, b, a ^ b, a + b };
        u32 r;
        if ((dg[0] & 3u) == 0u) {
            r = rehash(dg[1], dg[2]);
        } else {
            r = dg[3] * 2654435761u;
        }
        w = r ^ dg[0];
        out[4 * gid + (il_pos & 3)] = dg[il_pos & 3] + salt[1];
    }
}
