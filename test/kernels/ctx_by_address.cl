// ctx_by_address.cl
//
// Tests: a hash kernel's context handling. After the ID exit, a context
// struct is built by helpers that take its address (`ctx_init(&ctx0)`,
// `ctx_update(&ctx0, ...)`, which hands its array members on to a block
// function); in a uniform loop over candidates each iteration copies it
// (`ctx_t ctx = ctx0;`), updates the copy, and branches on the result: a
// slow path (more rounds) for candidates that pass a filter.
//
// Expected tdrc action: REMAP the filter branch once per candidate. The
// context's address is taken, but only to hand it to helpers that write
// through it and keep nothing, so it moves by value like any struct.
// Global 1000 leaves the last group partly inactive.
//
// EXEC: kernel=ctx_by_address global=1000 local=32,64,128,256
// EXEC: arg pws buf uint size=N fill=rand:0:1000000
// EXEC: arg combs buf uint size=8 fill=rand:0:1000
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg gid_max val int value=N
// EXEC: arg il_cnt val int value=3

typedef unsigned int u32;

typedef struct {
    u32 h[4];
    u32 w[4];
    int len;
} ctx_t;

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static void ctx_block(u32 *h, const u32 *w, int rounds)
{
    for (int r = 0; r < rounds; ++r)
        h[r & 3] = ROTL32(h[r & 3] ^ w[(r + 1) & 3], 5) + 0x9e3779b9u;
}

static void ctx_init(ctx_t *ctx)
{
    for (int i = 0; i < 4; ++i) {
        ctx->h[i] = 0x67452301u * (u32)(i + 1);
        ctx->w[i] = 0u;
    }
    ctx->len = 0;
}

static void ctx_update(ctx_t *ctx, u32 v)
{
    ctx->w[ctx->len & 3] ^= v;
    ctx->len++;
    ctx_block(ctx->h, ctx->w, 8);
}

__kernel void ctx_by_address(__global const u32 *pws,
                             __global const u32 *combs,
                             __global u32 *out, int gid_max, int il_cnt)
{
    const int gid = (int)get_global_id(0);
    if (gid >= gid_max)
        return;
    ctx_t ctx0;
    ctx_init(&ctx0);
    ctx_update(&ctx0, pws[gid]);
    u32 acc = 0u;
    for (int il_pos = 0; il_pos < il_cnt; il_pos++) {
        ctx_t ctx = ctx0;
        ctx_update(&ctx, combs[il_pos]);
        if ((ctx.h[0] & 3u) == 0u) {
            for (int k = 0; k < 24; ++k)
                acc = ROTL32(acc ^ ctx.h[k & 3], 7) * 2654435761u;
        } else {
            acc += ctx.h[1];
        }
    }
    out[gid] = acc ^ ctx0.h[2];
}
