// Private variables whose address is taken, live across a remap.
typedef struct { uint h[4]; int len; } ctx_t;
void blk(uint *h, uint v) { h[v & 3] ^= v; }
void upd(ctx_t *c, uint v) { c->len++; blk(c->h, v); }
uint *keep(uint *p) { return p; }
void opaque(ctx_t *c);

// Handed to helpers that keep nothing: moves by value.
__kernel void by_helpers(__global const uint *in, __global uint *out) {
  int i = get_global_id(0);
  ctx_t c;
  c.len = 0;
  upd(&c, in[i]);
  uint x = in[i];
  if (x > 7u) { for (int k = 0; k < 40; ++k) x = x * 3u + c.h[k & 3]; } else { x = x + 1u; }
  upd(&c, x);
  out[i] = x + c.h[0];
}

// A helper returns the pointer it was given.
__kernel void returned(__global const uint *in, __global uint *out) {
  int i = get_global_id(0);
  uint a[4] = { 1u, 2u, 3u, 4u };
  uint *p = keep(&a[1]);
  uint x = in[i];
  if (x > 7u) { for (int k = 0; k < 40; ++k) x = x * 3u + a[k & 3]; } else { x = x + 1u; }
  out[i] = x + *p;
}

// A helper tdrc cannot see into.
__kernel void no_body(__global const uint *in, __global uint *out) {
  int i = get_global_id(0);
  ctx_t c;
  opaque(&c);
  uint x = in[i];
  if (x > 7u) { for (int k = 0; k < 40; ++k) x = x * 3u + c.h[k & 3]; } else { x = x + 1u; }
  out[i] = x + c.h[1];
}
