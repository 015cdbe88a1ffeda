// uniform_if_cut_off.cl
//
// Tests: remap rounds cut out of uniform ifs that are not taken. A hash
// cracker's rule loop after `if (gid >= n) return;`: an option flag
// `if (opts & OPT_SALT)` that is off at this launch holds a data branch, and
// in the rule loop `if (il_pos >= skip) { ... }` holds another, taken only
// in the last iterations; the words come from a struct filled by a helper.
// Where an if is not taken its round does nothing but meet at the barriers
// (--force), and in the default mode the round of the option if is
// switched off at launch.
//
// Expected tdrc action: REMAP both branches under --force, each round cut
// out of its uniform if; bit-identical.
//
// EXEC: kernel=uniform_if_cut_off global=500 local=32,64,100
// EXEC: arg words buf int size=N fill=mix:-1000:1000
// EXEC: arg rules buf uint size=16 fill=rand:0:255
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg n val int value=461
// EXEC: arg opts val int value=4
// EXEC: arg rule_cnt val int value=6
// EXEC: arg skip val int value=4

#define OPT_SALT 1
#define ROUNDS_HEAVY 96

typedef struct {
    uint w[4];
    uint len;
} word_t;

void load_word(word_t *wd, __global const int *words, int i)
{
    for (int k = 0; k < 4; ++k)
        wd->w[k] = (uint)words[i] * (uint)(k + 3) + (uint)k;
    wd->len = (uint)words[i] & 15u;
}

uint mix_rounds(uint h, uint v, int n)
{
    for (int i = 0; i < n; ++i)
        h = (h ^ v) * 16777619u + (uint)i;
    return h;
}

__kernel void uniform_if_cut_off(__global const int *words,
                                 __global const uint *rules,
                                 __global uint *out, int n, int opts,
                                 int rule_cnt, int skip)
{
    const int gid = get_global_id(0);
    if (gid >= n)
        return;
    word_t wd;
    load_word(&wd, words, gid);
    uint h = 2166136261u;
    if (opts & OPT_SALT) {
        const uint salt = wd.w[1] >> 3;
        if (words[gid] > 0) {
            for (int i = 0; i < ROUNDS_HEAVY; ++i)
                h = ((h ^ salt) * 16777619u + (uint)i) ^ (h >> 7);
        } else {
            h ^= salt;
        }
        h += salt;
    }
    for (int il_pos = 0; il_pos < rule_cnt; il_pos++) {
        const uint r = rules[il_pos] ^ wd.w[il_pos & 3];
        if (il_pos >= skip) {
            uint t = r + wd.len;
            if (words[(gid + il_pos) % n] > 0) {
                t = mix_rounds(t, h, ROUNDS_HEAVY);
            } else {
                t = t * 3u + 1u;
            }
            h ^= t;
        }
        h = h * 31u + r;
    }
    out[gid] = h;
}
