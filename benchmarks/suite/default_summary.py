#!/usr/bin/env python3
"""Issue 22's two checks on a run_default_mode.sh output folder.

    default_summary.py OUT

Reads OUT/choice.log (benchmarks/choice), OUT/sweep/w*/timing.csv (each
path length of the micro sweep, also of a sweep cut short) and
OUT/suite/suite.csv (the suite, OpenCL) and prints, for tdrc's default mode
(keep: the original kept, chosen per launch): the lowest ratio original /
default and every (kernel, length) below 0.98x; then, at the longest length
of each kernel, the share of the ideal's gain it keeps, (keep - 1) /
(ideal - 1), with the kernel's number of paths.
"""
import csv
import glob
import os
import re
import sys

FLOOR = 0.98
# Paths of each kernel's main branch (benchmarks/choice and the suite's micro).
PATHS = {"hash2": 2, "chain3": 3, "switch4": 4, "interp8": 8, "switch8": 8,
         "micro2": 2, "micronest": 3, "micro4": 4, "micro8": 8}


def choice_rows(path):
    """{(harness, kernel, len): {variant: ratio}} from choice.log."""
    rows = {}
    if not os.path.exists(path):
        return rows
    for line in open(path, encoding="utf-8", errors="replace"):
        f = line.split()
        if len(f) != 6 or not f[1].isdigit():
            continue
        try:
            ratio = float(f[4])
        except ValueError:
            continue
        api = "opencl" if f[0].startswith("cl-") else "cuda"
        rows.setdefault((f"choice/{api}", f[0][3:] if api == "opencl" else f[0], int(f[1])), {})[f[2]] = ratio
    return rows


def suite_rows(path):
    """The same from a suite CSV (speedup = original / variant)."""
    rows = {}
    if not os.path.exists(path):
        return rows
    with open(path, encoding="utf-8") as f:
        for r in csv.DictReader(f):
            m = re.search(r"pathlen=(\d+)", r["params"])
            try:
                ratio = float(r["speedup"])
            except ValueError:
                continue
            key = (f"suite/{r['api']}", r["bench"], int(m.group(1)) if m else 0)
            rows.setdefault(key, {})[r["variant"]] = ratio
    return rows


def where(harness, kernel, length):
    """'suite/opencl micro8 len 16'; the suite's other kernels run their own work."""
    return f"{harness} {kernel} " + (f"len {length}" if length else "(its default work)")


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    rows = choice_rows(os.path.join(out, "choice.log"))
    for path in sorted(glob.glob(os.path.join(out, "sweep", "w*", "timing.csv"))):
        rows.update(suite_rows(path))
    rows.update(suite_rows(os.path.join(out, "suite", "suite.csv")))
    keep = sorted((v["keep"], k) for k, v in rows.items() if "keep" in v)
    if not keep:
        sys.exit(f"default_summary: no keep rows under {out}")
    low, at = keep[0]
    print(f"default (keep): {len(keep)} (kernel, length) pairs, lowest {low:.3f}x at {where(*at)}")
    for ratio, at in keep:
        if ratio < FLOOR:
            print(f"  below {FLOOR}x: {where(*at)}: {ratio:.3f}x")
    print("share of the ideal's gain at each kernel's longest length, (keep - 1) / (ideal - 1):")
    longest = {}
    for harness, kernel, length in rows:
        longest[(harness, kernel)] = max(length, longest.get((harness, kernel), 0))
    for (harness, kernel), length in sorted(longest.items()):
        v = rows[(harness, kernel, length)]
        if kernel in PATHS and "keep" in v and v.get("ideal", 0) > 1:
            share = (v["keep"] - 1) / (v["ideal"] - 1)
            print(f"  P={PATHS[kernel]} {where(harness, kernel, length)}: keep {v['keep']:.3f}x, "
                  f"ideal {v['ideal']:.3f}x, {share:.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
