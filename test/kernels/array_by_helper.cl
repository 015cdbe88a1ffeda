// array_by_helper.cl
//
// Tests: private arrays that only a helper fills, through the pointer they
// decay to (a password cracker's `u32 w0[4] = { 0 }; apply_rules(pw, w0);`
// then `md5_transform(w0, digest)`): the arrays start as constants, so
// only the calls make them per-work-item. A uniform-looking test of the
// digest, `if (digest[0] & 1) return;` (a filter that rejects a candidate),
// is thread-dependent, and so is the branch after it.
//
// Expected tdrc action: REMAP the data branch, with the filter's return
// turned into the active predicate (--force also remaps the filter). Before
// tdrc's thread dependence followed arrays into helpers, the filter was
// taken for uniform and left as a return: the round's barrier was met by
// the work-items that did not return only (wrong output on PoCL, barrier
// divergence on Oclgrind). The global size is a multiple of every local
// size: there is no bounds return to convert first.
//
// EXEC: kernel=array_by_helper global=480 local=32,96,160
// EXEC: arg pws buf int size=N fill=mix:-5000:5000
// EXEC: arg out buf int size=N fill=zero

#define DGST_LEN 2

void apply_rules(__global const int *pws, int gid, int *w)
{
    for (int k = 0; k < 4; ++k)
        w[k] = pws[gid] * (k + 3) + k;
}

void digest_of(const int *w, int *digest)
{
    for (int k = 0; k < DGST_LEN; ++k)
        digest[k] = (w[k] ^ (w[k + 2] >> 3)) * 17 + k;
}

__kernel void array_by_helper(__global const int *pws, __global int *out)
{
    const int gid = get_global_id(0);
    int w0[4] = { 0, 0, 0, 0 };
    apply_rules(pws, gid, w0);
    int digest[DGST_LEN] = { 7, 11 };
    digest_of(w0, digest);
    if (digest[0] & 1)
        return;
    int h = pws[gid];
    if (h > 0) {
        for (int i = 0; i < 48; ++i)
            h = (h * 7 + i + digest[1]) % 10007;
    } else {
        h = -h + w0[1];
    }
    out[gid] = h;
}
