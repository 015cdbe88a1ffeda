#!/usr/bin/env python3
"""The CUDA test kernels, all in one folder: the hand-written kernels/*.cu
copied, and the twins of the OpenCL test kernels that twins.txt lists
generated from test/kernels/NAME.cl by benchmarks/suite/cl2cu.py --test.

A twin that kernels/ also holds (kept there for test/lit) must match its
generated version below the header comment and in its `// EXEC:` and
`// TDRC-` lines; the generated one goes to OUTDIR.  Exit 1 when it does
not, or when a kernel cannot be generated.

usage: twins.py OUTDIR [NAME...]   (all kernels without names)
       --hand DIR: the hand-written kernels (default: kernels/ next to this)
       --list: print the generated twins' names and exit
"""
import argparse
import glob
import os
import shlex
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
CL2CU = os.path.join(ROOT, "benchmarks", "suite", "cl2cu.py")
CL_KERNELS = os.path.join(ROOT, "test", "kernels")


def twins():
    """{NAME: [cl2cu options]} from twins.txt."""
    out = {}
    with open(os.path.join(HERE, "twins.txt"), encoding="utf-8") as f:
        for line in f:
            words = shlex.split(line, comments=True)
            if words:
                out[words[0]] = words[1:]
    return out


def essence(text):
    """What a twin must agree on: the code below the header comment, and the
    lines the harness and the checks read from the comment."""
    lines = text.split("\n")
    i = 0
    while i < len(lines) and (lines[i].startswith("//") or not lines[i].strip()):
        i += 1
    marks = [ln for ln in lines[:i] if ln.startswith(("// EXEC:", "// TDRC-"))]
    return marks, lines[i:]


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("outdir", nargs="?")
    ap.add_argument("names", nargs="*")
    ap.add_argument("--hand", default=os.path.join(HERE, "kernels"))
    ap.add_argument("--list", action="store_true")
    args = ap.parse_args()
    gen = twins()
    if args.list:
        print("\n".join(sorted(gen)))
        return 0
    if not args.outdir:
        ap.error("OUTDIR is required")
    hand = {os.path.basename(p)[:-3]: p for p in glob.glob(os.path.join(args.hand, "*.cu"))}
    names = args.names or sorted(set(hand) | set(gen))
    os.makedirs(args.outdir, exist_ok=True)
    for old in glob.glob(os.path.join(args.outdir, "*.cu")):
        os.remove(old)
    status = 0
    for name in names:
        dst = os.path.join(args.outdir, name + ".cu")
        if name not in gen:
            if name not in hand:
                print(f"twins: no CUDA test kernel {name}", file=sys.stderr)
                return 2
            with open(hand[name], encoding="utf-8") as f, open(dst, "w", encoding="utf-8") as g:
                g.write(f.read())
            continue
        src = os.path.join(CL_KERNELS, name + ".cl")
        r = subprocess.run([sys.executable, CL2CU, "--test", *gen[name], src, "-o", dst],
                           stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            print(f"twins: {name}: {r.stderr.strip()}", file=sys.stderr)
            status = 1
            continue
        if name in hand:
            with open(hand[name], encoding="utf-8") as f, open(dst, encoding="utf-8") as g:
                if essence(f.read()) != essence(g.read()):
                    print(f"twins: {hand[name]} (kept for test/lit) no longer matches test/kernels/"
                          f"{name}.cl: bring it in line with `{os.path.relpath(CL2CU, ROOT)} --test "
                          f"{' '.join(gen[name] + [os.path.relpath(src, ROOT)])}` "
                          "(code, EXEC and TDRC lines)", file=sys.stderr)
                    status = 1
    return status


if __name__ == "__main__":
    sys.exit(main())
