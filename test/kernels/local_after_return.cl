// local_after_return.cl
//
// Tests: a password-candidate kernel in the style of hashcat's rule kernels:
// after the ID exit (`if (gid >= gid_max) return;`) each work-item copies
// its candidate into local memory through a macro (`COPY_CAND`), and a
// uniform loop over rules reads it back through another (`PASTE_CAND`,
// whose expansion ends with the declaration's `;`) before a filter branch
// with a slow path.  The local array is declared after the return, so a
// remap's active region would enclose it; OpenCL allows local memory at
// kernel scope only.
//
// Expected tdrc action: REMAP the filter branch; the macros are unfolded
// (the local ID inside them is redirected) and the `__local` declaration
// moves, as written, to the kernel body's start.  Global 1000 leaves the
// last work-group partly inactive.
//
// EXEC: kernel=local_after_return global=1000 local=32,64,128,256
// EXEC: arg pws buf uint size=N fill=rand:0:1000000
// EXEC: arg rules buf uint size=8 fill=rand:0:1000
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg gid_max val int value=N
// EXEC: arg rule_cnt val int value=4

typedef unsigned int u32;
typedef struct { u32 w[4]; } cand_t;

#define COPY_CAND(cand)       \
  __local cand_t s_cands[256]; \
  s_cands[get_local_id(0)] = (cand);
#define PASTE_CAND s_cands[get_local_id(0)];
#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

static cand_t make_cand(u32 seed)
{
  cand_t c;
  for (int k = 0; k < 4; ++k)
    c.w[k] = seed * (2654435761u + (u32)k) ^ (seed >> (k + 3));
  return c;
}

__kernel void local_after_return(__global const u32 *pws,
                                 __global const u32 *rules,
                                 __global u32 *out, int gid_max, int rule_cnt)
{
  const u32 gid = get_global_id(0);
  if (gid >= (u32)gid_max) return;

  COPY_CAND (make_cand(pws[gid]));

  u32 found = 0;
  for (int r = 0; r < rule_cnt; r++) {
    cand_t tmp = PASTE_CAND;
    u32 h = tmp.w[0] ^ rules[r];
    for (int k = 1; k < 4; ++k)
      h = ROTL32(h + tmp.w[k], 7) ^ 0x9e3779b9u;
    if ((h & 3u) == 0u) {
      // the slow path: a longer mixing chain for candidates that pass
      for (int k = 0; k < 48; ++k)
        h = ROTL32(h ^ (h >> 11), 13) + tmp.w[k & 3] * 0x85ebca6bu;
      found += h & 0xffu;
    } else {
      found ^= h >> 24;
    }
  }
  out[gid] = found;
}
