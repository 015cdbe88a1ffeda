#!/usr/bin/env python3
"""Merge a run_device.sh run into OUT/suite.csv and print its table.

Reads OUT/timing.csv (one row per benchmark, runtime and variant, written by
the host programs), OUT/ncu/B.V.VIA.csv (ncu's CSV for one launch) and
OUT/gpu.txt; writes OUT/suite.csv with control-flow efficiency
(smsp__thread_inst_executed_pred_on.sum / (32 * smsp__inst_executed.sum)) and
branch efficiency (smsp__sass_average_branch_targets_threads_uniform.pct)
next to the times.

    collect.py OUT
"""
import csv
import os
import sys

import suitelib

PRED_ON = "smsp__thread_inst_executed_pred_on.sum"
INST = "smsp__inst_executed.sum"
BRANCH = "smsp__sass_average_branch_targets_threads_uniform.pct"


def number(text):
    try:
        return float(text.replace(",", "").strip())
    except ValueError:
        return None


def read_ncu(path):
    """Metric name -> value of the last kernel in one ncu --csv output."""
    with open(path, encoding="utf-8", errors="replace") as f:
        rows = [r for r in csv.reader(line for line in f if line.startswith('"'))]
    if not rows:
        return {}
    head = rows[0]
    values = {}
    if "Metric Name" in head:  # the details page: one row per metric
        name, value = head.index("Metric Name"), head.index("Metric Value")
        for r in rows[1:]:
            if len(r) > value and number(r[value]) is not None:
                values[r[name]] = number(r[value])
    else:  # the raw page: one column per metric, a units row, then kernels
        for r in rows[1:]:
            for k, v in zip(head, r):
                if number(v) is not None:
                    values[k] = number(v)
    return values


def efficiencies(path):
    m = read_ncu(path)
    cfe = m[PRED_ON] / (32.0 * m[INST]) if m.get(INST) and PRED_ON in m else None
    return cfe, m.get(BRANCH)


def metrics_for(out, api, bench, variant):
    """(cfe, branch_eff, via) measured for a timing row, or Nones."""
    if api == "opencl":
        candidates = [("cl", "cl"), ("cl2cu", "cl2cu")]
    elif variant in ("original", "ideal"):  # the same cubins as cl2cu's
        candidates = [("cl2cu", "cuda"), ("cuda", "cuda")]
    else:
        candidates = [("cuda", "cuda")]
    for suffix, via in candidates:
        path = os.path.join(out, "ncu", f"{bench}.{variant}.{suffix}.csv")
        if os.path.exists(path):
            cfe, br = efficiencies(path)
            if cfe is not None or br is not None:
                return cfe, br, via
    return None, None, ""


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    timing = os.path.join(out, "timing.csv")
    if not os.path.exists(timing):
        sys.exit(f"collect: no {timing}")
    device, driver = suitelib.gpu_info(os.path.join(out, "gpu.txt"))
    rows = []
    with open(timing, encoding="utf-8") as f:
        for r in csv.DictReader(f):
            cfe, br, via = metrics_for(out, r["api"], r["bench"], r["variant"])
            r.update(driver=driver, cfe="" if cfe is None else f"{cfe:.4f}",
                     branch_eff="" if br is None else f"{br:.2f}", metrics_via=via)
            if device:
                r["device"] = device
            rows.append(r)
    with open(os.path.join(out, "suite.csv"), "w", newline="", encoding="utf-8") as f:
        w = csv.DictWriter(f, fieldnames=suitelib.COLUMNS, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)
    for line in suitelib.text_table(rows):
        print(line)
    skipped = os.path.join(out, "skipped.txt")
    if os.path.exists(skipped):
        print(open(skipped, encoding="utf-8").read().strip())
    bad = [r for r in rows if r["identical"] == "no"]
    for r in bad:
        print(f"MISMATCH: {r['api']} {r['bench']} {r['variant']}")
    print(f"wrote {os.path.join(out, 'suite.csv')}: {len(rows)} rows")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
