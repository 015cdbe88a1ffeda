// A password-rule kernel in the style of hashcat's (OpenCL twin of
// kernels/rules_local.cu): the candidate copied into local memory after
// the ID exit, read back in a loop over 4 rules, a hash chain of `rounds`
// steps for candidates that pass a filter.  Harness arguments: keys, x,
// outf, outu, len, n.
typedef struct { uint w[4]; } cand_t;

#define COPY_CAND(c)              \
    __local cand_t s_cands[256];  \
    s_cands[get_local_id(0)] = (c);
#define PASTE_CAND s_cands[get_local_id(0)];
#define ROTL32(x, s) (((x) << (s)) | ((x) >> (32 - (s))))

__kernel void rules_local(__global const int *keys, __global const float *x,
                          __global float *outf, __global uint *out,
                          int rounds, int n)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    int key = keys[gid];
    cand_t c;
    for (int k = 0; k < 4; ++k)
        c.w[k] = (uint)key * (2654435761u + (uint)k);
    COPY_CAND(c)
    uint found = 0;
    for (int r = 0; r < 4; ++r) {
        cand_t tmp = PASTE_CAND;
        uint h = tmp.w[r] ^ (uint)r;
        if (key & 1) {
            for (int k = 0; k < rounds; ++k)
                h = ROTL32(h ^ tmp.w[k & 3], 13) * 0x85ebca6bu + (uint)k;
            found += h;
        } else {
            found ^= h * 3u;
        }
    }
    out[gid] = found;
}
