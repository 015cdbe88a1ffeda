#!/usr/bin/env python3
"""Generates the meld-or-remap corpus: divergent branches whose paths are
alike, in varied measure, for the choice between melding and remapping.

  gen_similar.py OUTDIR [--count N] [--seed S]

Same harness signature and path functions as gen_perf.py (corpus_cl runs
both), so OUTDIR/corpus.json has the same fields.  Each path runs the same
statements with its own constants (what melding writes once, with selects),
plus 0 to 3 statements of its own drawn from another family (what it keeps
under guards); the paths are loops of a constant or of the argument len
(path weights 1 to 3), or straight-line code repeated a constant number of
times.  2 to 4 paths as if/else, an else-if chain or a switch; a bounds
guard, an early return or none.  The draws decide how alike the paths are;
nothing is chosen for tdrc's model.
"""
from gen_perf import corpus_main, kernel_close, kernel_open, paths_block

# Statement families: a template with {c}/{d} constants per path.
FAMILIES = {
    "int": ["a = a * {c}u + {d}u;", "a ^= a >> {s};", "a = (a << {s}) + a + (uint)key;",
            "a = a * {c}u ^ (a >> {s});"],
    "float": ["v = fma(v, 0.{c}f, 0.00{d}f);", "v = v * v * 0.{c}f + 0.{d}f;",
              "v = v - floor(v * 0.{c}f);", "v = v + (float)(a & {s}u) * 0.0{d}f;"],
    "sfu": ["v = sqrt(fabs(v) + 0.{c}f);", "v = native_exp(-fabs(v)) + 0.{d}f;",
            "v = native_sin(v * 0.{c}f) + 0.5f * v;"],
    "mem": ["v += x[(i + k * {c}) % n] * 0.{d}f;", "a += (uint)keys[(i + k * {c}) % n];"],
}
LENS = [1, 2, 4, 8, 16, 32, 64, 128, 256]


def consts(rng):
    return {"c": rng.randint(11, 97), "d": rng.randint(1, 9), "s": rng.randint(3, 13)}


def path_body(rng, shared, own, trips, straight, indent):
    """One path: the shared templates with this path's constants, its own
    statements spliced in at drawn places, in a loop or repeated."""
    stmts = [t.format(**consts(rng)) for t in shared]
    for t in own:
        stmts.insert(rng.randint(0, len(stmts)), t.format(**consts(rng)))
    if straight:
        body = stmts * trips
        return "\n".join(indent + s for s in body)
    lines = [f"for (int k = 0; k < {trips}; ++k) {{"] + ["    " + s for s in stmts] + ["}"]
    return "\n".join(indent + l for l in lines)


def kernel(rng, name):
    paths = rng.choice([2, 2, 2, 3, 4])
    shift = rng.randint(0, 8)
    family = rng.choice(list(FAMILIES))
    shared = rng.sample(FAMILIES[family], k=rng.randint(1, min(3, len(FAMILIES[family]))))
    others = [s for f, ts in FAMILIES.items() if f != family for s in ts]
    straight = rng.random() < 0.25
    arg_len = not straight and rng.random() < 0.6
    len_value = rng.choice(LENS)
    const_trips = rng.choice([1, 2, 3, 4] if straight else LENS)
    weights = [rng.choice([1, 1, 1, 2, 3]) for _ in range(paths)]
    guard = rng.choice(["bounds", "early", "none"])
    form = rng.choice(["ifelse" if paths == 2 else "elseif", "switch"])

    def trips(p):
        if straight:
            return const_trips
        base = "len" if arg_len else str(const_trips)
        return base if weights[p] == 1 else f"{weights[p]} * {base}"

    own_counts = [rng.choice([0, 0, 1, 1, 2, 3]) for _ in range(paths)]
    sel = f"(key >> {shift}) % {paths}"
    ind = "        " if guard == "bounds" else "    "
    out = [f"// {name}: {paths} paths ({form}), {len(shared)} shared {family} statements, "
           f"own {own_counts}, {'straight' if straight else 'len' if arg_len else 'constant'}"
           f" trips, guard {guard}"]
    out += kernel_open(name, guard, ind, sel)
    if straight:
        out.append(f"{ind}int k = 1;")

    def body(p):
        own = rng.sample(others, k=own_counts[p])
        return path_body(rng, shared, own, trips(p), straight, ind + "    ")

    out += paths_block(form, paths, ind, body)
    out += kernel_close(guard, ind)
    spec = {"name": name, "len": len_value if arg_len else 1,
            "path": {"shift": shift, "paths": paths, "cut": 0},
            "paths": paths, "form": form, "guard": guard, "family": family,
            "shared": len(shared), "own": own_counts,
            "trips": "len" if arg_len else const_trips, "straight": straight}
    return "\n".join(out) + "\n", spec


def main():
    corpus_main(kernel, "sim", 120, 2027)


if __name__ == "__main__":
    main()
