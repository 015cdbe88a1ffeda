#!/usr/bin/env python3
"""Generates the performance corpus: OpenCL kernels of varied divergent shapes.

  gen_perf.py OUTDIR [--count N] [--seed S]

Each kernel OUTDIR/perf_NNN.cl has the harness's signature
(keys, x, outf, outu, len, n) and one divergent branch whose path is a
function of a loaded key: (key >> SHIFT) % P, or a threshold on
(key >> SHIFT) & 15 (skewed mixes).  Shapes vary: 2 to 8 paths as if/else,
an else-if chain or a switch; paths of different weights looping a constant
or the argument len; integer, float, special-function and memory mixes; a
bounds guard, an early return or none; a helper function.  OUTDIR/corpus.json
lists, per kernel, its name, the value of len to run it with, the half it
belongs to (fit/held-out by a seeded coin) and the path function (for the
harness's ideal: keys sorted by path within each work-group).  Nothing here
is fitted to tdrc's model: the shapes are drawn, not chosen.
"""
import argparse
import json
import os
import random

OPS = {
    "int": ["a = a * 1664525u + 1013904223u;",
            "a ^= a >> 13; a *= 0x5bd1e995u;",
            "a = (a << 5) + a + (uint)k;"],
    "float": ["v = fma(v, 0.999f, 0.001f);",
              "v = v * v * 0.5f + 0.25f;",
              "v = v - floor(v * 0.3f);"],
    "sfu": ["v = sqrt(fabs(v) + 1.0f);",
            "v = native_exp(-fabs(v));",
            "v = native_sin(v) + 0.5f * v;"],
    "mem": ["v += x[(i + k * 97) % n] * 0.5f;",
            "a += (uint)keys[(i + k * 31) % n];"],
}
LENS = [1, 2, 4, 8, 16, 32, 64, 128, 256, 512]


def path_body(rng, idx, trips, indent):
    kind = rng.choice(list(OPS))
    ops = rng.sample(OPS[kind], k=min(len(OPS[kind]), rng.randint(1, 2)))
    lines = [f"for (int k = 0; k < {trips}; ++k) {{"]
    lines += ["    " + o for o in ops]
    lines.append("}")
    if rng.random() < 0.3:
        lines.append(f"v += (float)(a & {idx + 1}u);")
    return "\n".join(indent + l for l in lines)


def kernel_open(name, guard, ind, sel):
    """The harness's signature, the guard, and the key, values and path."""
    out = [f"__kernel void {name}(__global const int *keys, __global const float *x,",
           "                     __global float *outf, __global uint *outu, int len, int n)",
           "{",
           "    int i = get_global_id(0);"]
    if guard == "early":
        out.append("    if (i >= n)\n        return;")
    if guard == "bounds":
        out.append("    if (i < n) {")
    return out + [f"{ind}int key = keys[i];",
                  f"{ind}uint a = (uint)key;",
                  f"{ind}float v = x[i];",
                  f"{ind}int p = {sel};"]


def paths_block(form, paths, ind, body):
    """The paths as a switch or an if/else-if chain; body(p) spells path p
    (called in path order)."""
    out = []
    if form == "switch":
        out.append(f"{ind}switch (p) {{")
        for p in range(paths):
            out.append(f"{ind}{'default' if p == paths - 1 else 'case ' + str(p)}: {{")
            out.append(body(p))
            out.append(f"{ind}    break;")
            out.append(f"{ind}}}")
        out.append(f"{ind}}}")
    else:
        for p in range(paths):
            head = (f"if (p == {p})" if p == 0 else
                    "else" if p == paths - 1 else f"else if (p == {p})")
            out.append(f"{ind}{head} {{")
            out.append(body(p))
            out.append(f"{ind}}}")
    return out


def kernel_close(guard, ind):
    out = [f"{ind}outf[i] = v;", f"{ind}outu[i] = a;"]
    if guard == "bounds":
        out.append("    }")
    return out + ["}"]


def corpus_main(kernel_fn, prefix, count, seed):
    """OUTDIR [--count N] [--seed S]: writes OUTDIR/PREFIX_NNN.cl and
    OUTDIR/corpus.json, each kernel's spec with its half (fit/held-out)."""
    ap = argparse.ArgumentParser()
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, default=count)
    ap.add_argument("--seed", type=int, default=seed)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    os.makedirs(a.outdir, exist_ok=True)
    specs = []
    for k in range(a.count):
        name = f"{prefix}_{k:03d}"
        text, spec = kernel_fn(rng, name)
        spec["half"] = "fit" if rng.random() < 0.5 else "held-out"
        with open(os.path.join(a.outdir, name + ".cl"), "w") as f:
            f.write(text)
        specs.append(spec)
    with open(os.path.join(a.outdir, "corpus.json"), "w") as f:
        json.dump({"seed": a.seed, "kernels": specs}, f, indent=1)


def kernel(rng, name):
    paths = rng.choice([2, 2, 2, 3, 4, 4, 6, 8])
    shift = rng.randint(0, 8)
    skew = paths == 2 and rng.random() < 0.4
    cut = rng.choice([2, 4, 8, 12]) if skew else 0
    arg_len = rng.random() < 0.6
    len_value = rng.choice(LENS)
    const_trips = rng.choice(LENS)
    weights = [rng.choice([1, 1, 2, 3]) for _ in range(paths)]
    guard = rng.choice(["bounds", "early", "none"])
    form = "switch" if paths > 4 else rng.choice(
        ["ifelse" if paths == 2 else "elseif", "switch"])
    helper = rng.random() < 0.3

    def trips(p):
        base = "len" if arg_len else str(const_trips)
        return base if weights[p] == 1 else f"{weights[p]} * {base}"

    sel = (f"((key >> {shift}) & 15) < {cut} ? 0 : 1" if skew
           else f"(key >> {shift}) % {paths}")
    ind = "        " if guard == "bounds" else "    "
    out = [f"// {name}: {paths} paths ({form}), "
           f"{'len' if arg_len else 'constant'} trips, guard {guard}"]
    if helper:
        out += ["#define SELECT(key) (" + sel + ")", ""]
        sel = "SELECT(key)"
    out += kernel_open(name, guard, ind, sel)
    out += paths_block(form, paths, ind,
                       lambda p: path_body(rng, p, trips(p), ind + "    "))
    out += kernel_close(guard, ind)
    spec = {"name": name, "len": len_value if arg_len else 1,
            "path": {"shift": shift, "paths": paths, "cut": cut},
            "paths": paths, "form": form, "guard": guard,
            "trips": "len" if arg_len else const_trips}
    return "\n".join(out) + "\n", spec


def main():
    corpus_main(kernel, "perf", 200, 2026)


if __name__ == "__main__":
    main()
