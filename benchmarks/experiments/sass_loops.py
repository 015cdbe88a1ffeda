#!/usr/bin/env python3
"""Counts, in the floating-point loops of a kernel's SASS (cuobjdump -sass),
the integer forms that ptxas put on the FMA pipe (VIADD, IMAD.MOV) next to
their ALU-pipe twins (IADD3, MOV).  The micro-benchmark's paths are the only
loops with FMUL, so this shows how the unchanged path code was compiled in
an original and in its rewrites (gap_study.sh).

usage: cuobjdump -sass K.cubin | sass_loops.py NAME
"""
import re
import sys
from collections import Counter


def loops(lines):
    """Bodies of the backward branches' loops that hold an FMUL."""
    ins = []
    for line in lines:
        m = re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;", line)
        if m:
            ins.append((int(m.group(1), 16), m.group(2)))
    at = {a: i for i, (a, _) in enumerate(ins)}
    for i, (a, text) in enumerate(ins):
        m = re.search(r"\bBRA\b.*0x([0-9a-f]+)", text)
        if not m:
            continue
        start = at.get(int(m.group(1), 16))
        # call returns and the exit spin are not loops of the kernel's code
        if start is None or start > i or i - start > 200:
            continue
        body = [t.split()[1] if t.startswith("@") else t.split()[0] for _, t in ins[start:i + 1]]
        if any(op.startswith("FMUL") for op in body):
            yield body


def main():
    c, n = Counter(), 0
    for body in loops(sys.stdin):
        n += 1
        c.update(body)
    imad_mov = sum(v for k, v in c.items() if k.startswith("IMAD.MOV"))
    print("%-28s loops %2d  VIADD %3d  IMAD.MOV %3d  IADD3 %3d  MOV %3d  instructions %d"
          % (sys.argv[1], n, c["VIADD"], imad_mov, c["IADD3"], c["MOV"], sum(c.values())))


if __name__ == "__main__":
    main()
