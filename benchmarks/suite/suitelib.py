"""Shared by collect.py and report.py: suite.csv's columns, its summary per
benchmark and the tables made from it."""
import csv

COLUMNS = ["date", "device", "driver", "api", "bench", "variant", "params", "kernel_ms", "cpu_ms",
           "total_ms", "speedup", "identical", "cfe", "branch_eff", "metrics_via"]
VARIANTS = ["original", "auto", "hot", "dgi", "keep", "ideal", "cpu_tdr"]
ORDER = ["micro2", "micro4", "micro8", "micronest", "cvp", "gdt", "pol", "pb", "lbm", "histo", "nq",
         "mg", "bp", "sad"]


def gpu_info(path):
    """(name, driver) from nvidia-smi's 'name, driver' line, or ('', '')."""
    try:
        with open(path, encoding="utf-8") as f:
            parts = [p.strip() for p in f.readline().split(",")]
    except OSError:
        return "", ""
    return (parts[0], parts[1]) if len(parts) >= 2 else (parts[0] if parts else "", "")


def load(path):
    with open(path, encoding="utf-8") as f:
        return list(csv.DictReader(f))


def num(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def share(speedup, cfe_original):
    """Share of the potential improvement: (speedup - 1) / (1 / CFE - 1)."""
    if speedup is None or cfe_original is None or not 0 < cfe_original < 1:
        return None
    return (speedup - 1.0) / (1.0 / cfe_original - 1.0)


def summarize(rows):
    """[(api, bench, {variant: row})] in the suite's order."""
    groups = {}
    for r in rows:
        groups.setdefault((r["api"], r["bench"]), {})[r["variant"]] = r
    rank = {b: i for i, b in enumerate(ORDER)}
    keys = sorted(groups, key=lambda k: (k[0] != "opencl", rank.get(k[1], len(ORDER)), k[1]))
    return [(api, bench, groups[(api, bench)]) for api, bench in keys]


def fmt(value, spec, missing="—"):
    """format(value, spec), or `missing` right-aligned to the spec's width."""
    if value is not None:
        return format(value, spec)
    width = int("".join(c for c in spec.split(".")[0] if c.isdigit()) or 0)
    return missing.rjust(width)


def mean(values):
    values = [v for v in values if v is not None]
    return sum(values) / len(values) if values else None


def cells(variants):
    """The table cells of one benchmark: times, speedups, CFE, share."""
    orig = variants.get("original", {})
    out = {"params": orig.get("params", ""), "original_ms": num(orig.get("kernel_ms"))}
    for v in VARIANTS[1:]:
        out[v] = num(variants[v]["speedup"]) if v in variants else None
    for v in ("original", "auto", "ideal"):
        out["cfe_" + v] = num(variants.get(v, {}).get("cfe"))
        out["br_" + v] = num(variants.get(v, {}).get("branch_eff"))
    # A kernel tdrc leaves unchanged ran as the original: a share of 0.
    unchanged = 1.0 if orig and "auto" not in variants else None
    out["share"] = share(out["auto"] or unchanged, out["cfe_original"])
    # What no regrouping inside a work-group can beat: the ideal's share (a
    # kernel without an ideal has no data order to sort by: 0 too).
    out["ideal_share"] = share(out["ideal"] or (1.0 if orig else None), out["cfe_original"])
    out["ok"] = "no" if any(r.get("identical") == "no" for r in variants.values()) else "yes"
    return out


def text_table(rows):
    head = (f"{'bench':<10} {'api':<6} {'orig ms':>9} {'auto':>6} {'hot':>6} {'dgi':>6} {'keep':>6} {'ideal':>6} "
            f"{'cputdr':>6}  {'CFE o':>5} {'auto':>5} {'ideal':>5}  {'BrE o':>5} {'auto':>5}  {'share':>6} ok")
    lines = [head, "-" * len(head)]
    shares = []
    for api, bench, variants in summarize(rows):
        c = cells(variants)
        if api == "opencl":
            shares.append(c["share"])
        lines.append(
            f"{bench:<10} {api:<6} {fmt(c['original_ms'], '9.3f')} "
            + " ".join(fmt(c[v], "5.2f") + "x" if c[v] is not None else f"{'—':>6}" for v in VARIANTS[1:])
            + f"  {fmt(c['cfe_original'], '5.2f')} {fmt(c['cfe_auto'], '5.2f')} {fmt(c['cfe_ideal'], '5.2f')}"
            + f"  {fmt(c['br_original'], '5.1f')} {fmt(c['br_auto'], '5.1f')}"
            + f"  {fmt(c['share'], '6.0%')} {c['ok']}")
    lines.append(f"mean share of the potential improvement (OpenCL, auto): {fmt(mean(shares), '.0%')}")
    lines += keep_summary(rows)
    return lines


def keep_summary(rows):
    """The default mode (keep: the choice) against issue 22's 0.98x floor."""
    keep = [(num(v["keep"]["speedup"]), bench) for api, bench, v in summarize(rows) if "keep" in v]
    keep = [(s, b) for s, b in keep if s is not None]
    if not keep:
        return []
    low, where = min(keep)
    below = sorted(b for s, b in keep if s < 0.98)
    return [f"keep (tdrc's default, the choice): lowest {low:.3f}x ({where}); below 0.98x: "
            + (", ".join(below) if below else "none")]
