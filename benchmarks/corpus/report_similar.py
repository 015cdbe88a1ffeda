#!/usr/bin/env python3
"""Summarises a meld-or-remap corpus run: report_similar.py DIR

Reads DIR/results.txt (run_device.sh with CORPUS_VARIANTS="remap meld pick",
and "meldall" when prepare_similar.sh wrote it)
and DIR/NAME.pick.explain (prepare_similar.sh).  Checks every variant's
output against the original's, then, over the kernels where both transforms
wanted a branch (the pass manager's note names the winner): how often the
pick is within 3% of the better of remap alone and meld alone, and the
geometric-mean speedups of the pick, of remap alone (tdrc's choice before
the per-branch choice) and of the better of the two.  Also the kernels that
only melding changes, and how many of them it slows; and, per variant, the
kernels it changes, their geometric-mean speedup and those below 0.98x (the
default mode's promise is "never more than 2% slower").
"""
import math
import os
import re
import sys


def main():
    d = sys.argv[1]
    rows = {}
    for line in open(os.path.join(d, "results.txt")):
        f = line.split()
        if len(f) == 4:
            rows.setdefault(f[0], {})[f[1]] = (float(f[2]), f[3])
    variants = [v for v in ("remap", "meld", "meldall", "pick")
                if all(v in r for r in rows.values())]
    bad = [f"{k} {v}" for k, r in rows.items() for v in variants
           if r[v][1] != r["original"][1]]
    print(f"{len(rows)} kernels; outputs differing from the original's: {bad or 'none'}")
    R = {k: {v: r["original"][0] / r[v][0] for v in r} for k, r in rows.items()}
    won = {}
    for k in R:
        m = re.search(r"the '(\w+)' transform changes",
                      open(os.path.join(d, k + ".pick.explain")).read())
        if m:
            won[k] = m.group(1)
    gm = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
    both = sorted(won)
    near = sum(R[k]["pick"] >= 0.97 * max(R[k]["remap"], R[k]["meld"]) for k in both)
    near_old = sum(R[k]["remap"] >= 0.97 * max(R[k]["remap"], R[k]["meld"]) for k in both)
    print(f"\nboth wanted a branch: {len(both)} kernels, meld won {sum(w == 'meld' for w in won.values())}")
    print(f"  pick within 3% of the better of the two: {near}/{len(both)} "
          f"(remap always: {near_old}/{len(both)})")
    print(f"  geomean speedup: pick {gm([R[k]['pick'] for k in both]):.3f}, "
          f"remap alone {gm([R[k]['remap'] for k in both]):.3f}, "
          f"better of the two {gm([max(R[k]['remap'], R[k]['meld']) for k in both]):.3f}")
    worst = min(both, key=lambda k: R[k]["pick"] / R[k]["remap"])
    print(f"  pick / remap alone: lowest {R[worst]['pick'] / R[worst]['remap']:.3f} ({worst})")
    for k in both:
        if won[k] == "meld":
            print(f"  {k}: meld {R[k]['meld']:.3f}, remap {R[k]['remap']:.3f}, pick {R[k]['pick']:.3f}")
    only = [k for k in R if k not in won and abs(R[k]["meld"] - 1) > 0.0 and
            open(os.path.join(d, k + ".meld.tdr.cl")).read() != open(os.path.join(d, k + ".cl")).read()
            and open(os.path.join(d, k + ".remap.tdr.cl")).read() == open(os.path.join(d, k + ".cl")).read()]
    slow = sorted((R[k]["meld"], k) for k in only if R[k]["meld"] < 0.98)
    print(f"\nmelded, not remapped: {len(only)} kernels; meld alone below 0.98x on {len(slow)}"
          + (f" (lowest {slow[0][0]:.3f}, {slow[0][1]})" if slow else ""))

    print("\nper variant, over the kernels it changes:")
    for v in variants:
        changed = [k for k in R if open(os.path.join(d, f"{k}.{v}.tdr.cl")).read()
                   != open(os.path.join(d, k + ".cl")).read()]
        below = sorted((R[k][v], k) for k in changed if R[k][v] < 0.98)
        print(f"  {v}: {len(changed)} changed, geomean {gm([R[k][v] for k in changed]):.3f}, "
              f"below 0.98x: {len(below)}"
              + (" (" + ", ".join(f"{k} {r:.3f}" for r, k in below[:8])
                 + (", ..." if len(below) > 8 else "") + ")" if below else ""))


if __name__ == "__main__":
    main()
