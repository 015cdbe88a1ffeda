#include "rule_macros.h"

__kernel void rules(__global const cand_t *pws, __global const u32 *rules,
                    __global u32 *out, int gid_max, int rule_cnt)
{
  const u32 gid = get_global_id(0);
  if (gid >= (u32)gid_max) return;
  COPY_CAND (pws[gid]);
  u32 found = 0;
  for (int r = 0; r < rule_cnt; r++) {
    cand_t tmp = PASTE_CAND;
    u32 h = tmp.w[0] ^ rules[r];
    if (h & 1u) {
      for (int k = 0; k < 32; ++k) h = (h << 3) ^ (h >> 5) ^ tmp.w[k & 3];
      found += h;
    } else {
      found ^= h;
    }
  }
  out[gid] = found;
}

// Used only in the segment that declares it: it moves all the same (a
// block of the active region is no kernel scope).
__kernel void scratch(__global const int *in, __global int *out, int n)
{
  int i = get_global_id(0);
  if (i >= n) return;
  __local int slot[256];
  slot[get_local_id(0)] = in[i] * 3;
  int v = slot[get_local_id(0)];
  if (in[i] > 0) {
    for (int k = 0; k < 32; ++k) v = v * 5 + k;
  } else {
    v = -v;
  }
  out[i] = v;
}

// Moving `scale` to the top would capture the file-scope `scale` read
// before it: declined, the kernel unchanged.
__constant float scale[2] = {0.5f, 2.0f};
__kernel void shadowed(__global const float *in, __global float *out, int n)
{
  int i = get_global_id(0);
  float s = scale[i & 1];
  if (i >= n) return;
  __local float scale[256];
  scale[get_local_id(0)] = in[i] * s;
  float v = scale[get_local_id(0)];
  if (in[i] > 0.0f) {
    for (int k = 0; k < 32; ++k) v = v * 0.5f + 1.0f;
  } else {
    v = -v;
  }
  out[i] = v;
}
