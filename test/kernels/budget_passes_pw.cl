// budget_passes_pw.cl
//
// Tests: the local memory budget's passes.  A password-candidate kernel in
// the style of hashcat's: after the ID exit each work-item copies its
// candidate (64 words) into a private buffer, then the candidate's length
// picks one of three digest paths of different lengths.  The buffer is
// live across the branch: 256 work-items x 66 words do not fit the 32 KiB
// budget, so the migrated state moves through pools of a third of its size
// in three passes (Budget.cpp, MigrationCode.cpp) instead of the round
// being cancelled.  The early return makes the candidate's buffer the
// active work-items' own; 1000 work-items leave the last group partly
// inactive.
//
// Expected tdrc action: REMAP the length chain in one round whose state
// moves in 3 passes (see --explain: "in 3 passes").
//
// EXEC: kernel=budget_passes_pw global=1000 local=32,64,128,256
// EXEC: arg pws buf uint size=65*N fill=rand:0:4294967295
// EXEC: arg digests buf uint size=2*N fill=zero
// EXEC: arg gid_max val uint value=N

typedef unsigned int u32;

#define PW_WORDS 64
// FNV-style steps (no rotates: Oclgrind has no llvm.fshl).
#define ROUND(a, b, k)                       \
  do {                                       \
    (a) = ((a) ^ (k)) * 0x01000193u + (b);   \
    (b) = ((b) + (k)) * 0x9e3779b1u ^ ((a) >> 7); \
  } while (0)

static u32 candidate_length(__global const u32 *pw) {
  return pw[PW_WORDS] % (4 * PW_WORDS); // bytes
}

__kernel void budget_passes_pw(__global const u32 *pws, __global u32 *digests,
                               const u32 gid_max) {
  const u32 gid = get_global_id(0);
  if (gid >= gid_max)
    return;
  __global const u32 *pw = pws + (size_t)gid * (PW_WORDS + 1);
  u32 w[PW_WORDS];
  for (int i = 0; i < PW_WORDS; i++)
    w[i] = pw[i];
  const u32 pw_len = candidate_length(pw);
  u32 h0 = 0x67452301u ^ pw_len, h1 = 0xefcdab89u;
  if (pw_len > 191) {
    // Four blocks: every word, forwards and backwards, twice.
    for (int r = 0; r < 2; r++)
      for (int i = 0; i < PW_WORDS; i++) {
        ROUND(h0, h1, w[i]);
        ROUND(h1, h0, w[PW_WORDS - 1 - i]);
      }
  } else if (pw_len > 63) {
    // The words the candidate fills, one block.
    for (int i = 0; i < PW_WORDS; i++)
      ROUND(h0, h1, w[i] & (i * 4 < (int)pw_len ? 0xffffffffu : 0u));
  } else {
    for (int i = 0; i < 16; i++)
      ROUND(h0, h1, w[i]);
  }
  digests[2 * gid] = h0;
  digests[2 * gid + 1] = h1 ^ w[PW_WORDS - 1];
}
