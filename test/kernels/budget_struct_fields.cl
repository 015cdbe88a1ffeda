// budget_struct_fields.cl
//
// Tests: a struct that moves field by field in the budget's passes.  A
// digest kernel in the style of hashcat's 64-bit hash modes: after the ID
// exit each work-item fills a hash context (eight 64-bit state words, eight
// 4-word blocks, a length and a nested struct of a float and a flag byte:
// 208 bytes) through helpers that take its address, then the candidate's
// length picks one of two transform paths of different lengths.  The
// context is live across the branch: one slot of 256 contexts is 52 KiB,
// more than the 32 KiB budget however many passes a whole struct takes, so
// the budget splits it into its fields (StructFields.cpp), each moving
// through the pool of its own type (ulong, uint, int, float, uchar), and
// the passes share them out.  1000 work-items leave the last group partly
// inactive.
//
// Expected tdrc action: REMAP the length branch; its state, 'ctx' field by
// field, moves in passes (see --explain: "'ctx' (field by field)").
//
// EXEC: kernel=budget_struct_fields global=1000 local=32,64,128,256
// EXEC: arg pws buf uint size=33*N fill=rand:0:4294967295
// EXEC: arg digests buf uint size=4*N fill=zero
// EXEC: arg gid_max val uint value=N

typedef unsigned int u32;
typedef unsigned long u64;

#define BLOCK_WORDS 32

typedef struct digest_meta {
  float weight; // how much of the last block the candidate fills
  uchar tail;   // the candidate's last byte
} digest_meta_t;

typedef struct wide_ctx {
  u64 h[8];
  u32 w0[4];
  u32 w1[4];
  u32 w2[4];
  u32 w3[4];
  u32 w4[4];
  u32 w5[4];
  u32 w6[4];
  u32 w7[4];
  int len;
  digest_meta_t meta;
} wide_ctx_t;

// Multiply-xor steps (no rotates: Oclgrind has no llvm.fshl).
#define MIX64(a, b, k)                                                    \
  do {                                                                    \
    (a) = ((a) ^ (u64)(k)) * 0x100000001b3ul + (b);                       \
    (b) = ((b) + (u64)(k)) * 0x9e3779b97f4a7c15ul ^ ((a) >> 29);          \
  } while (0)

static void ctx_init(wide_ctx_t *ctx) {
  for (int i = 0; i < 8; i++)
    ctx->h[i] = 0x6a09e667f3bcc908ul * (u64)(i + 1);
  ctx->len = 0;
  ctx->meta.weight = 0.0f;
  ctx->meta.tail = 0;
}

static void ctx_update(wide_ctx_t *ctx, __global const u32 *w, const int len) {
  for (int i = 0; i < 4; i++) {
    ctx->w0[i] = w[i];
    ctx->w1[i] = w[4 + i];
    ctx->w2[i] = w[8 + i];
    ctx->w3[i] = w[12 + i];
    ctx->w4[i] = w[16 + i];
    ctx->w5[i] = w[20 + i];
    ctx->w6[i] = w[24 + i];
    ctx->w7[i] = w[28 + i];
  }
  ctx->len = len;
  ctx->meta.weight = (float)(len % 128) / 128.0f;
  ctx->meta.tail = (uchar)(w[(len / 4) % BLOCK_WORDS] & 0xff);
}

static u32 block_word(const wide_ctx_t *ctx, const int i) {
  switch (i / 4) {
  case 0: return ctx->w0[i % 4];
  case 1: return ctx->w1[i % 4];
  case 2: return ctx->w2[i % 4];
  case 3: return ctx->w3[i % 4];
  case 4: return ctx->w4[i % 4];
  case 5: return ctx->w5[i % 4];
  case 6: return ctx->w6[i % 4];
  default: return ctx->w7[i % 4];
  }
}

__kernel void budget_struct_fields(__global const u32 *pws,
                                   __global u32 *digests, const u32 gid_max) {
  const u32 gid = get_global_id(0);
  if (gid >= gid_max)
    return;
  __global const u32 *pw = pws + (size_t)gid * (BLOCK_WORDS + 1);
  wide_ctx_t ctx;
  ctx_init(&ctx);
  ctx_update(&ctx, pw, (int)(pw[BLOCK_WORDS] % 256));
  if (ctx.len > 96) {
    // Long candidates: every state word takes the whole block twice.
    for (int r = 0; r < 2; r++)
      for (int i = 0; i < BLOCK_WORDS; i++)
        MIX64(ctx.h[i % 8], ctx.h[(i + 3) % 8], block_word(&ctx, i));
  } else {
    // Short ones: the first eight words, weighted by the length.
    for (int i = 0; i < 8; i++)
      MIX64(ctx.h[i], ctx.h[7 - i],
            block_word(&ctx, i) ^ (u32)(ctx.meta.weight * 1000.0f));
  }
  u64 a = ctx.h[0] ^ ctx.h[2] ^ ctx.h[4] ^ ctx.h[6];
  u64 b = ctx.h[1] ^ ctx.h[3] ^ ctx.h[5] ^ ctx.h[7];
  a += (u64)ctx.meta.tail;
  b ^= (u64)ctx.len;
  digests[4 * gid] = (u32)a;
  digests[4 * gid + 1] = (u32)(a >> 32);
  digests[4 * gid + 2] = (u32)b;
  digests[4 * gid + 3] = (u32)(b >> 32);
}
