#!/usr/bin/env python3
"""Hand-made variants of the CUDA ballot round for micro4 and micro8, to find
what the round's long-path gap to the ideal is made of (docs/benchmarks.md,
"The ballot round with a ballot per key bit").  DIR comes from prepare.sh
with tdrc 01332a8, whose ballot round still takes one ballot per key; the
variants go to DIR/trials/BENCH/, a file per variant:

  perkey     that round as tdrc 01332a8 wrote it (the baseline)
  int        perkey with the switch value moved as an int, not a long
  bits       perkey with one ballot per bit of the key: ANDs of the bit
             ballots give each key's lanes (lane k stores key k's count)
  bitsint    bits and int together (what tdrc writes since)
  allwarps   int, with every warp scanning the counts itself (one barrier
             fewer, no warp waits for the first one)
and, for micro4 only, the original kernel with 32 rounds of code before the
paths, whose result is stored to __shared__ (none of them moves anything):
  alu32      integer code (shifts, xor, popc) and a barrier: ptxas then puts
             the paths' loop counters on the FMA pipe, as in the rewrites
  fp32       float and integer code in balance, and a barrier: the loops
             compile as in the original
  fp32nobar  fp32 without the barrier and the shared store
  fp32after  fp32 after the paths instead of before

usage: ballot_trials.py DIR
  (device) benchmarks/experiments/ballot_trials.sh DIR OUT
"""
import os
import re
import sys


def rep(text, old, new):
    if old not in text:
        raise SystemExit("ballot_trials: unexpected rewrite (no %r)" % old[:60])
    return text.replace(old, new)


def int_key(text):
    text = rep(text, "long tdr_key = 0;", "int tdr_key = 0;")
    text = rep(text, "tdr_key = (long)(", "tdr_key = (int)(")
    return rep(text, "__shared__ long tdr_mig_long", "__shared__ int tdr_mig_long")


PER_KEY = re.compile(
    r"        const unsigned tdr_p = \(unsigned\)tdr_path;\n"
    r"        for \(unsigned tdr_k = 0u; tdr_k < (\d+)u; \+\+tdr_k\) \{\n.*?\n.*?\n"
    r"          if \(\(tdr_plid & 31u\) == 0u\) tdr_count\[tdr_k \* (\d+)u \+ \(tdr_plid >> 5\)\]"
    r" = __popc\(tdr_m\);\n        \}\n")


def bit_ballots(text):
    m = PER_KEY.search(text)
    if not m:
        raise SystemExit("ballot_trials: no per-key ballot loop")
    keys, groups = int(m.group(1)), int(m.group(2))
    bits = max(1, (keys - 1).bit_length())
    lanes = ("unsigned {v} = tdr_wmask;\n{i}for (unsigned tdr_b = 0u; tdr_b < {b}u; ++tdr_b) "
             "{v} &= ({k} >> tdr_b) & 1u ? tdr_m[tdr_b] : ~tdr_m[tdr_b];\n")
    i8, i10, i12 = " " * 8, " " * 10, " " * 12
    new = (i8 + "const unsigned tdr_p = (unsigned)tdr_path;\n" +
           i8 + "unsigned tdr_m[%d];\n" % bits +
           i8 + "for (unsigned tdr_b = 0u; tdr_b < %du; ++tdr_b) " % bits +
           "tdr_m[tdr_b] = __ballot_sync(tdr_wmask, (tdr_p >> tdr_b) & 1u);\n" +
           i8 + lanes.format(v="tdr_same", i=i8, b=bits, k="tdr_p") +
           i8 + "tdr_rank = __popc(tdr_same & tdr_lt);\n" +
           i8 + "for (unsigned tdr_k = tdr_plid & 31u; tdr_k < %du; tdr_k += 32u) {\n" % keys +
           i10 + lanes.format(v="tdr_s", i=i10, b=bits, k="tdr_k") +
           i10 + "tdr_count[tdr_k * %du + (tdr_plid >> 5)] = __popc(tdr_s);\n" % groups +
           i8 + "}\n" +
           # a last warp with fewer lanes than keys (up to 32 keys)
           i8 + "if (tdr_wn < %du)\n" % keys +
           i10 + "for (unsigned tdr_k = tdr_wn + (tdr_plid & 31u); tdr_k < 32u && tdr_k < %du; "
                 "tdr_k += tdr_wn) {\n" % keys +
           i12 + lanes.format(v="tdr_s", i=i12, b=bits, k="tdr_k") +
           i12 + "tdr_count[tdr_k * %du + (tdr_plid >> 5)] = __popc(tdr_s);\n" % groups +
           i10 + "}\n")
    return text[:m.start()] + new + text[m.end():]


def all_warps(text):
    """Every warp scans the (key, warp) counts; a lane sums ceil(cells / 32)
    of them, so a thread finds its cell's offset without a second barrier."""
    start = text.index("      __syncthreads();\n      if (tdr_enabled && tdr_plid < 32u)")
    end = text.index("        tdr_pool[tdr_pos] = tdr_lid;")
    keys = re.search(r"tdr_cells = (\d+)u \* tdr_nw", text).group(1)
    groups = re.search(r"tdr_count\[tdr_p \* (\d+)u", text).group(1)
    at = "tdr_c / tdr_nw * %su + tdr_c %% tdr_nw" % groups
    new = """      __syncthreads();
      if (tdr_enabled) {
        const unsigned tdr_wn = tdr_wgsize - (tdr_plid & ~31u), tdr_wmask = tdr_wn >= 32u ? 0xffffffffu : (1u << tdr_wn) - 1u;
        const unsigned tdr_lane = tdr_plid & 31u;
        const unsigned tdr_nw = (tdr_wgsize + 31u) >> 5, tdr_cells = %(k)su * tdr_nw;
        const unsigned tdr_q = (tdr_cells + tdr_wn - 1u) / tdr_wn, tdr_c0 = tdr_lane * tdr_q;
        int tdr_v = 0;
        for (unsigned tdr_c = tdr_c0; tdr_c < tdr_c0 + tdr_q && tdr_c < tdr_cells; ++tdr_c)
          tdr_v += tdr_count[%(at)s];
        int tdr_x = tdr_v;
        for (unsigned tdr_d = 1u; tdr_d < tdr_wn; tdr_d <<= 1) {
          const int tdr_y = __shfl_up_sync(tdr_wmask, tdr_x, tdr_d);
          if (tdr_lane >= tdr_d) tdr_x += tdr_y;
        }
        const unsigned tdr_p = (unsigned)tdr_path;
        const unsigned tdr_cell = tdr_p * tdr_nw + (tdr_plid >> 5), tdr_owner = tdr_cell / tdr_q;
        int tdr_pos = __shfl_sync(tdr_wmask, tdr_x - tdr_v, tdr_owner) + tdr_rank;
        for (unsigned tdr_c = tdr_owner * tdr_q; tdr_c < tdr_cell; ++tdr_c)
          tdr_pos += tdr_count[%(at)s];
""" % dict(k=keys, at=at)
    return text[:start] + new + text[end:]


JUNK = {
    "alu32": "a = (a ^ (b << 3)) + __popc(a | b); b = (b >> 1) ^ a;",
    "fp32": "float fa = __uint_as_float(a); fa = fa * 1.5f + 0.25f; "
            "a = __float_as_uint(fa) ^ b; b += 1;",
}


def probe(orig, body, where):
    loop = ("    { unsigned a = threadIdx.x, b = blockIdx.x;\n"
            "      #pragma unroll\n"
            "      for (int q = 0; q < 32; ++q) { %s }\n" % body)
    if where == "nobar":  # kept by a test that never holds on this input
        code = loop + "      if (a + b == 0x7fc00001u) v += 1.0f; }\n"
        return rep(orig, "    int k = (int)(v * 4.0f);\n", code + "    int k = (int)(v * 4.0f);\n")
    code = ("    __shared__ unsigned tdr_x[256];\n" + loop +
            "      tdr_x[threadIdx.x] = a + b; }\n    __syncthreads();\n"
            "    if (tdr_x[threadIdx.x ^ 1] == 7u && pathlen < 0) %s += 1.0f;\n")
    if where == "after":
        return rep(orig, "    out[gid] = r;", code % "r" + "    out[gid] = r;")
    return rep(orig, "    int k = (int)(v * 4.0f);\n", code % "v" + "    int k = (int)(v * 4.0f);\n")


def made(bench, orig, perkey):
    yield "perkey", perkey
    yield "int", int_key(perkey)
    yield "bits", bit_ballots(perkey)
    yield "bitsint", int_key(bit_ballots(perkey))
    yield "allwarps", all_warps(int_key(perkey))
    if bench == "micro4":
        yield "alu32", probe(orig, JUNK["alu32"], "before")
        yield "fp32", probe(orig, JUNK["fp32"], "before")
        yield "fp32nobar", probe(orig, JUNK["fp32"], "nobar")
        yield "fp32after", probe(orig, JUNK["fp32"], "after")


def main():
    d = sys.argv[1]
    for bench in ("micro4", "micro8"):
        with open(os.path.join(d, "cu", bench + ".cu")) as f:
            orig = f.read()
        with open(os.path.join(d, "cu", bench + ".warp-hot.cu")) as f:
            perkey = f.read()  # for more than two paths: the ballot round
        out = os.path.join(d, "trials", bench)
        os.makedirs(out, exist_ok=True)
        for name, text in made(bench, orig, perkey):
            with open(os.path.join(out, name + ".cu"), "w") as f:
                f.write(text)


if __name__ == "__main__":
    main()
