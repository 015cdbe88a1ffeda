// unify_classify.cl
//
// Tests: a classification kernel in the style of particle or pixel codes:
// each work-item loads a sample behind a bounds guard, classifies it on its
// value and runs one of two integer-heavy paths of similar length (a hash
// mix or a polynomial walk), then writes through a shared epilogue; a
// helper computes part of one path; the prefix steps the output pointer
// (`out += ...`, a written parameter) and returns early on a sentinel.
//
// Expected tdrc action (--transforms=+bpu): branch path unification of the
// if/else on `v` (data-dependent); the guards stay in the prefix, run twice
// per item; returns end the item.
//
// EXEC: kernel=unify_classify global=1000 local=32,64,256
// EXEC: arg in buf int size=N fill=mix:-300:300
// EXEC: arg out buf int size=N+1 fill=zero
// EXEC: arg n val int value=N

#define ROUNDS 8
#define MIX(h, k) ((((h) ^ (k)) * 16777619) & 0xffffff)

int walk(int x, int r) {
    int acc = x;
    for (int k = 0; k < r; ++k)
        acc = (acc * 3 + k) % 10007;
    return acc;
}

__kernel void unify_classify(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    out += 1;                 /* out[-1] is a header slot */
    int v = in[i];
    if (v == 299)
        return;               /* a sentinel: no result */
    int r;
    if (v > 0) {
        r = v;
        for (int k = 0; k < ROUNDS; ++k)
            r = MIX(r, k + i);
    } else {
        r = walk(-v, ROUNDS) + (int)get_group_id(0);
    }
    out[i] = r;
}
