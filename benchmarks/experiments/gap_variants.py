#!/usr/bin/env python3
"""Hand-made CUDA variants of the micro-benchmarks for gap_study.sh: each
isolates one ingredient of tdrc's rewrite, to find where the default mode
loses against the original (round switched off) and the best rewrite
against the ideal (long paths).  Written from DIR/cu/ (prepare.sh) into
DIR/gap/:

  B.sw.cu     the original inside the uniform switch and early return that
              the default mode wraps it in, without the round
  B.smem.cu   the original plus an unused __shared__ array and barrier
  B.sync.cu   the original plus one __syncthreads() after the load
  B.smsync.cu the original with the value passed through shared memory and
              a barrier (what a round adds on a work-item that stays put)
  B.nofb.cu   the default rewrite without its fallback copy: with the
              switch off, the rewritten body runs with the round off
  B.nohand.cu the best rewrite (ballot) without its hand-over: every
              work-item keeps its own state (correct on any input)
  B.ballot1.cu the best rewrite with only the per-warp ballot loop of its
              round: the original plus about 20 instructions that move no
              work-item (correct on any input)

usage: gap_variants.py DIR
"""
import os
import re
import sys


def variants(orig, auto):
    anchor = "    float v = in[gid];\n"
    head = "{\n    int gid"
    if anchor not in orig or head not in orig or "    out[gid] = r;\n}" not in orig:
        raise SystemExit("gap_variants: unexpected micro kernel")
    pad = "    __shared__ float tdr_pad[1100];\n"
    yield "sync", orig.replace(anchor, anchor + "    __syncthreads();\n")
    yield "smsync", orig.replace(anchor, pad + anchor + "    tdr_pad[threadIdx.x] = v;\n"
                                 "    __syncthreads();\n    v = tdr_pad[threadIdx.x];\n")
    yield "smem", orig.replace(head, "{\n    __shared__ volatile int tdr_pad[1100];\n"
                               "    if (pathlen == -12345) { tdr_pad[threadIdx.x] = 1; "
                               "__syncthreads(); out[0] = tdr_pad[7]; }\n    int gid", 1)
    # the switch is off for pathlen < 6 (the round's cost over the gain per unit)
    sw = orig.replace(head, "{\n    const int tdr_on1 = pathlen >= 6;\n    if (!tdr_on1) {\n    int gid", 1)
    yield "sw", sw.replace("    out[gid] = r;\n}", "    out[gid] = r;\n    return; }\n"
                           "    out[blockIdx.x * blockDim.x + threadIdx.x] = 0.0f;\n}")
    nofb = re.sub(r"#ifndef POCL_DEVICE_ADDRESS_BITS.*?\n#endif\n", "", auto, flags=re.S)
    if nofb == auto:
        raise SystemExit("gap_variants: the default rewrite has no fallback copy")
    yield "nofb", nofb


def block_at(text, marker):
    """The extent of the brace block that starts at `marker`."""
    i = text.index(marker)
    depth, k = 0, text.index("{", i)
    while True:
        depth += {"{": 1, "}": -1}.get(text[k], 0)
        if depth == 0:
            return i, k + 1
        k += 1


def cut(text, marker):
    i, j = block_at(text, marker)
    return text[:i] + text[j:]


def ballot_variants(best):
    """Parts of the ballot round, from the best rewrite."""
    hand = "if (tdr_enabled && tdr_pool[tdr_plid] != tdr_lid)"
    scan = "if (tdr_enabled && tdr_plid < 32u)"
    store = "if (tdr_enabled) {\n        const unsigned tdr_p"
    for m in (hand, scan, store):
        if m not in best:
            raise SystemExit("gap_variants: unexpected ballot rewrite")
    yield "nohand", cut(best, hand)
    yield "ballot1", cut(cut(cut(best, hand), scan), store)


def main():
    d = sys.argv[1]
    os.makedirs(os.path.join(d, "gap"), exist_ok=True)
    for b in ("micro2", "micro4", "micro8"):
        with open(os.path.join(d, "cu", b + ".cu")) as f:
            orig = f.read()
        with open(os.path.join(d, "cu", b + ".auto.cu")) as f:
            auto = f.read()
        made = list(variants(orig, auto))
        # the ballot rewrite, or its twin when warp-hot chose ballot too
        for v in ("ballot", "warp-hot"):
            p = os.path.join(d, "cu", "%s.%s.cu" % (b, v))
            if not os.path.exists(p):
                continue
            with open(p) as f:
                best = f.read()
            if "__ballot_sync" in best:
                made += ballot_variants(best)
                break
        for name, text in made:
            with open(os.path.join(d, "gap", "%s.%s.cu" % (b, name)), "w") as f:
                f.write(text)


if __name__ == "__main__":
    main()
