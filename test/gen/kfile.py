#!/usr/bin/env python3
"""kfile.py: the kernel chunks of a kgen.py file (original or rewritten by tdrc).

kgen.py brackets every kernel, with its EXEC lines, typedefs and helpers, in
    // ---- kernel NAME (kgen.py --seed S --index I) ----
    ...
    // ---- end NAME ----
tdrc keeps comments, so the markers survive rewriting.

    kfile.py names FILE                  kernel names, one a line
    kfile.py extract FILE NAME [-o OUT]  one kernel as a file of its own
    kfile.py drop FILE NAME... [-o OUT]  the file without those kernels
    kfile.py locate FILE LINE...         the kernel holding each line (1-based)
"""

import argparse
import re
import sys

START = re.compile(r"^// ---- kernel (\w+) ")
END = re.compile(r"^// ---- end (\w+) ----")


def chunks(text):
    """[(name, first line index, last line index)] (0-based, inclusive)."""
    out, cur = [], None
    lines = text.split("\n")
    for i, line in enumerate(lines):
        m = START.match(line)
        if m:
            cur = (m.group(1), i)
            continue
        m = END.match(line)
        if m and cur and m.group(1) == cur[0]:
            out.append((cur[0], cur[1], i))
            cur = None
    return out


def header(text):
    lines = text.split("\n")
    cs = chunks(text)
    return lines[:cs[0][1]] if cs else []


def extract(text, names):
    lines = text.split("\n")
    keep = header(text)
    for name, a, b in chunks(text):
        if name in names:
            keep += lines[a:b + 1] + [""]
    return "\n".join(keep)


def drop(text, names):
    lines = text.split("\n")
    out, pos = [], 0
    for name, a, b in chunks(text):
        if name in names:
            out += lines[pos:a]
            pos = b + 1
            if pos < len(lines) and lines[pos] == "":
                pos += 1
    out += lines[pos:]
    return "\n".join(out)


def locate(text, line_no):
    for name, a, b in chunks(text):
        if a <= line_no - 1 <= b:
            return name
    return None


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("cmd", choices=["names", "extract", "drop", "locate"])
    ap.add_argument("file")
    ap.add_argument("args", nargs="*")
    ap.add_argument("-o", "--output")
    a = ap.parse_args(argv)
    with open(a.file) as f:
        text = f.read()
    if a.cmd == "names":
        result = "\n".join(n for n, _, _ in chunks(text)) + "\n"
    elif a.cmd == "extract":
        result = extract(text, set(a.args))
    elif a.cmd == "drop":
        result = drop(text, set(a.args))
    else:
        result = "".join("%s %s\n" % (l, locate(text, int(l))) for l in a.args)
    if a.output:
        with open(a.output, "w") as f:
            f.write(result)
    else:
        sys.stdout.write(result)
    return 0


if __name__ == "__main__":
    sys.exit(main())
