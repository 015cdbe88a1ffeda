#!/usr/bin/env python3
"""Summarises a corpus run: report.py DIR [--svg FILE]

Reads DIR/corpus.json and DIR/results.txt (run_device.sh).  Per kernel the
ratio original time / variant time for default, keep (--keep-original's
choice), force and ideal; checks that every variant's output equals the
original's bit for bit.  Prints, per half (fit, held-out) and overall, the
share of kernels at 0.98x or better, the lowest ratios, and for keep the
share within 0.97 of the better of (original, force); then a text histogram.
--svg writes the ratios' distribution (one curve per variant) as a plot.
"""
import argparse
import json
import os


def load(d):
    specs = {k["name"]: k for k in json.load(open(os.path.join(d, "corpus.json")))["kernels"]}
    rows = {}
    for line in open(os.path.join(d, "results.txt")):
        f = line.split()
        if len(f) != 4:
            continue
        name, var, ms, ck = f
        rows.setdefault(name, {})[var] = (float(ms), ck)
    return specs, rows


def ratios(specs, rows):
    out, bad = {}, []
    for name, r in rows.items():
        if not all(v in r for v in ("original", "ideal", "default", "keep", "force")):
            bad.append(name + " (incomplete)")
            continue
        t0, c0 = r["original"]
        for v in ("default", "keep", "force"):
            if r[v][1] != c0:
                bad.append(f"{name} {v} differs")
        out[name] = {v: t0 / r[v][0] for v in ("default", "keep", "force", "ideal")}
    return out, bad


def summary(label, ks, R):
    if not ks:
        return
    print(f"\n{label}: {len(ks)} kernels")
    for v in ("default", "keep", "force"):
        xs = sorted(R[k][v] for k in ks)
        ok = sum(x >= 0.98 for x in xs)
        print(f"  {v:8s} >= 0.98x: {ok}/{len(xs)} ({100.0 * ok / len(xs):.1f}%), "
              f"lowest {xs[0]:.3f} {xs[1] if len(xs) > 1 else xs[0]:.3f}, "
              f"median {xs[len(xs) // 2]:.3f}, highest {xs[-1]:.3f}")
    near = sum(R[k]["keep"] >= 0.97 * max(1.0, R[k]["force"]) for k in ks)
    print(f"  keep >= 0.97 x better of (original, force): {near}/{len(ks)} "
          f"({100.0 * near / len(ks):.1f}%)")
    worst = sorted(ks, key=lambda k: R[k]["keep"])[:3]
    print("  lowest keep: " + ", ".join(f"{k} {R[k]['keep']:.3f}" for k in worst))


def histogram(ks, R):
    edges = [0.0, 0.9, 0.95, 0.98, 1.02, 1.1, 1.5, 2.0, 100.0]
    print("\nratio histogram (kernels per bin)")
    print(f"  {'bin':>13s}  {'default':>7s}  {'keep':>7s}  {'force':>7s}")
    for lo, hi in zip(edges, edges[1:]):
        c = [sum(lo <= R[k][v] < hi for k in ks) for v in ("default", "keep", "force")]
        print(f"  [{lo:4.2f}, {hi:5.2f})  {c[0]:7d}  {c[1]:7d}  {c[2]:7d}  " + "#" * c[1])


def svg(path, ks, R):
    W, H, M = 640, 360, 48
    lo, hi = 0.4, 3.0
    X = lambda r: M + (min(max(r, lo), hi) - lo) / (hi - lo) * (W - 2 * M)
    Y = lambda q: H - M - q * (H - 2 * M)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="11">',
             f'<rect width="{W}" height="{H}" fill="white"/>',
             f'<line x1="{M}" y1="{H-M}" x2="{W-M}" y2="{H-M}" stroke="black"/>',
             f'<line x1="{M}" y1="{M}" x2="{M}" y2="{H-M}" stroke="black"/>',
             f'<line x1="{X(1.0)}" y1="{M}" x2="{X(1.0)}" y2="{H-M}" stroke="grey" stroke-dasharray="4"/>',
             f'<line x1="{X(0.98)}" y1="{M}" x2="{X(0.98)}" y2="{H-M}" stroke="red" stroke-dasharray="2"/>']
    for t in (0.5, 1.0, 1.5, 2.0, 2.5, 3.0):
        parts.append(f'<text x="{X(t)}" y="{H-M+14}" text-anchor="middle">{t:.1f}x</text>')
    for q in (0, 0.25, 0.5, 0.75, 1.0):
        parts.append(f'<text x="{M-6}" y="{Y(q)+4}" text-anchor="end">{int(q*100)}%</text>')
    colors = {"default": "#1f77b4", "keep": "#2ca02c", "force": "#d62728", "ideal": "#7f7f7f"}
    for i, (v, c) in enumerate(colors.items()):
        xs = sorted(R[k][v] for k in ks)
        pts = " ".join(f"{X(x):.1f},{Y((j + 1) / len(xs)):.1f}" for j, x in enumerate(xs))
        parts.append(f'<polyline fill="none" stroke="{c}" stroke-width="2" points="{pts}"/>')
        parts.append(f'<text x="{W-M-90}" y="{M+14*i}" fill="{c}">{v}</text>')
    parts.append(f'<text x="{W/2}" y="{H-10}" text-anchor="middle">original time / variant time (kernels at or below, cumulative)</text>')
    parts.append("</svg>")
    open(path, "w").write("\n".join(parts) + "\n")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir")
    ap.add_argument("--svg")
    a = ap.parse_args()
    specs, rows = load(a.dir)
    R, bad = ratios(specs, rows)
    print(f"{len(R)} kernels timed; outputs differing or incomplete: {len(bad)}")
    for b in bad:
        print("  " + b)
    for half in ("fit", "held-out"):
        summary(half, [k for k in R if specs[k]["half"] == half], R)
    summary("all", list(R), R)
    histogram(list(R), R)
    if a.svg:
        svg(a.svg, list(R), R)


if __name__ == "__main__":
    main()
