// rule_macros.h -- macros in the style of hashcat's inc_rp.cl: a
// candidate copied into local memory, read back by an object-like macro
// whose expansion ends with the declaration's `;`.
typedef unsigned int u32;
typedef struct { u32 w[4]; } cand_t;

#define COPY_CAND(x)         \
  __local cand_t s_cands[64]; \
  s_cands[get_local_id(0)] = (x);
#define PASTE_CAND s_cands[get_local_id(0)];
