#!/usr/bin/env python3
"""tdrc's kernel templates against its plain kernels: every CUDA test kernel
(hand-written and twins, twins.py) that templatize.py takes becomes a
kernel template of the same meaning; both are rewritten the same way, and
the explicit specialization tdrc writes for the template's instantiation
must hold exactly the body tdrc writes for the plain kernel (after the
specialization's marker and parameter lines).  A plain kernel left as it
was must leave the template as it was.  A template instantiation tdrc
declines while the plain kernel is rewritten is listed with the reason
(a plan that adds code outside the kernel's body: split parts, helper
clones; a grid-stride loop given a shared base, which only a plain kernel
gets); more than one in ten fails the check.  With nvcc on the PATH (or NVCC), every
specialization written also compiles (`nvcc -arch=sm_90 -ptx`).

usage: check_templates.py TDRC OUTDIR [MODE...]
MODE: forced (--force), model (tdrc's default), meld (the meld transform
alone, every legal meld); all three without MODE.
Exit 0 when all agree, 1 otherwise.
"""
import os
import re
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import templatize  # noqa: E402

MODES = {
    "forced": ["--force"],
    "model": [],
    "meld": ["--force", "--transforms=-*,meld", "--meld-arithmetic"],
}


def close_of(text, at):
    """The index of the brace closing the one at `at` (comments, strings
    and character literals skipped)."""
    depth, i = 0, at
    while i < len(text):
        two = text[i:i + 2]
        if two == "/*":
            i = text.index("*/", i + 2) + 2
            continue
        if two == "//":
            i = text.index("\n", i)
            continue
        c = text[i]
        if c in "\"'":
            j = i + 1
            while text[j] != c:
                j += 2 if text[j] == "\\" else 1
            i = j + 1
            continue
        depth += {"{": 1, "}": -1}.get(c, 0)
        if depth == 0:
            return i
        i += 1
    raise ValueError("unbalanced braces")


def plain_body(text, name):
    m = re.search(r"__global__[^;{]*?\b" + name + r"\s*\(", text)
    start = text.index("{", m.end())
    return text[start + 1:close_of(text, start)]


def specialization_body(text):
    m = re.search(r"^template <>\n.*\n\{ /\* tdrc: rewritten instantiation", text, re.M)
    if not m:
        return None
    start = text.index("{ /* tdrc: rewritten instantiation", m.start())
    body = text[start + 1:close_of(text, start)]
    body = body[body.index("\n") + 1:]  # the marker's line
    return re.sub(r"\A(  (using \w+ = [^;]*|constexpr [^=]* = [^;]*);\n)*", "", body)


def run(tdrc, args, src, dst):
    p = subprocess.run([tdrc, "--keep-original=false"] + args + [src, "-o", dst, "--explain"],
                       capture_output=True, text=True)
    return p.returncode, p.stdout + p.stderr


def main():
    tdrc, out = sys.argv[1], sys.argv[2]
    modes = {m: MODES[m] for m in (sys.argv[3:] or MODES)}
    shutil.rmtree(out, ignore_errors=True)
    src = os.path.join(out, "src")
    subprocess.run([sys.executable, os.path.join(HERE, "twins.py"), src], check=True)
    nvcc = os.environ.get("NVCC") or shutil.which("nvcc")
    counts = {"kernels": 0, "written": 0, "same": 0, "declined": 0, "compiled": 0}
    bad = []
    for f in sorted(os.listdir(src)):
        with open(os.path.join(src, f), encoding="utf-8") as fh:
            text = fh.read()
        tpl = templatize.templatize(text)
        if tpl is None:
            continue
        counts["kernels"] += 1
        name = re.search(r"^// EXEC: kernel=(\w+)", text, re.M).group(1)
        base = os.path.join(out, f[:-3])
        tpl_file = base + ".tpl.cu"
        with open(tpl_file, "w", encoding="utf-8") as fh:
            fh.write(tpl)
        for mode, args in modes.items():
            rc_a, log_a = run(tdrc, args, os.path.join(src, f), "%s.%s.cu" % (base, mode))
            rc_b, log_b = run(tdrc, args, tpl_file, "%s.%s.tpl.cu" % (base, mode))
            if rc_a or rc_b:
                bad.append("%s %s: tdrc failed:\n%s%s" % (f, mode, log_a, log_b))
                continue
            a = open("%s.%s.cu" % (base, mode), encoding="utf-8").read()
            b = open("%s.%s.tpl.cu" % (base, mode), encoding="utf-8").read()
            spec = specialization_body(b)
            if a == text:
                if b != tpl:
                    bad.append("%s %s: the plain kernel is unchanged, the template is not" % (f, mode))
                continue
            # The grid-stride rewrite is a second parse of the plain file
            # (lib/Rewriter/GridStride.h); a template's instantiation does
            # not get it.
            if "grid-stride loop at line" in log_a:
                counts["declined"] += 1
                print("declined %s %s: the plain rewrite gave a grid-stride loop "
                      "a shared base, which templates do not get" % (f, mode))
                continue
            if spec is None:
                why = re.search(r"left unchanged: (.*)\)$", log_b, re.M)
                counts["declined"] += 1
                print("declined %s %s: %s" % (f, mode, why.group(1) if why else log_b))
                continue
            counts["written"] += 1
            if spec != plain_body(a, name):
                bad.append("%s %s: the specialization's body differs from the plain rewrite" % (f, mode))
                continue
            counts["same"] += 1
            if nvcc and mode == "forced":
                p = subprocess.run([nvcc, "-arch=sm_90", "-ptx", "%s.%s.tpl.cu" % (base, mode),
                                    "-o", os.devnull], capture_output=True, text=True)
                if p.returncode:
                    bad.append("%s: nvcc rejects the specialization:\n%s" % (f, p.stderr))
                else:
                    counts["compiled"] += 1
    print("check_templates: %(kernels)d kernels templatized; %(written)d specializations "
          "written, %(same)d with the plain rewrite's body, %(declined)d declined, "
          "%(compiled)d compiled by nvcc" % counts)
    for b in bad:
        print("FAIL " + b)
    # A few declines are expected (helper clones, split parts: code outside
    # the kernel's body); more mean the template path lost its way.
    if counts["declined"] * 10 > counts["kernels"] * len(modes):
        print("FAIL more than one rewrite in ten declined for templates only")
        return 1
    return 1 if bad or not counts["same"] else 0


if __name__ == "__main__":
    sys.exit(main())
