// invariant_rule_loop.cl
//
// Tests: a password-rule kernel in the style of hashcat's: after the ID
// exit, the candidate's class is loaded once (`key`), then a uniform loop
// over the rules (a kernel argument) applies each rule, and only
// candidates of an odd class take a long hash chain.  The branch's
// condition reads a private value the loop never changes.
//
// Expected tdrc action: REMAP the class branch with ONE round placed
// before the rule loop (InvariantHoist.cpp), not one round per rule; the
// branch keeps its condition, which reads the moved `key`.  The early
// return becomes the active predicate.  Global 1000 leaves the last
// work-group partly inactive; rule_cnt = 0 runs no iteration at all.
//
// EXEC: kernel=invariant_rule_loop global=1000 local=32,64,128,256
// EXEC: arg keys buf int size=N fill=mix:-100:100
// EXEC: arg rules buf uint size=8 fill=rand:0:1000
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg gid_max val int value=N
// EXEC: arg rule_cnt val int value=5

typedef unsigned int u32;

#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))
#define MIX(h, k) ((h) = ROTL32((h) ^ (k), 13) * 0x85ebca6bu + 0x9e3779b9u)

__kernel void invariant_rule_loop(__global const int *keys,
                                  __global const u32 *rules,
                                  __global u32 *out, int gid_max,
                                  int rule_cnt)
{
  const u32 gid = get_global_id(0);
  if (gid >= (u32)gid_max) return;

  const int key = keys[gid];
  const int odd = key & 1;
  u32 found = (u32)key;
  for (int r = 0; r < rule_cnt; r++) {
    u32 h = (u32)key * 2654435761u ^ rules[r];
    if (odd) {
      for (int k = 0; k < 40; ++k)
        MIX(h, (u32)k);
      found += h;
    } else {
      found ^= h >> 3;
    }
  }
  out[gid] = found;
}
