#!/usr/bin/env python3
"""Hand-made layouts of the switched-off CUDA micro2 rewrite, to find what
its 2-3% at pathlen 2-4 comes from (docs/benchmarks.md, 'The switched-off
rewrite').  From DIR (prepare.sh) into OUTDIR, a folder run_device.sh takes
(micro2 only; at most 8 variants per API):

  sw2    the original inside the switch and early return, and the original
         again after it (no round)
  swopq  sw2 with the switch's operand passed through an empty asm, so that
         the compiler cannot narrow `pathlen`'s range in the copy
  opq    the default rewrite, its switch operand through the same asm
  lb     the default rewrite with __launch_bounds__(256, 8)
  lbopq  both

usage: switch_trials.py DIR OUTDIR
  (device) for w in 1 2 4 8 1024; do SUITE_BIN=/tmp/swb SUITE_NCU=0 SUITE_REPS=50 \\
             SUITE_ARGS="--work $w" benchmarks/suite/run_device.sh OUTDIR $OUT/w$w micro2; done
"""
import os
import shutil
import sys

OPAQUE = 'int tdr_k1 = (pathlen); asm("" : "+r"(tdr_k1));\n    const int tdr_on1 = tdr_k1 >= 9'
SWITCH = "const int tdr_on1 = (pathlen) >= 9"
BOUNDS = ('extern "C" __global__ void micro(',
          'extern "C" __global__ void __launch_bounds__(256, 8) micro(')


def made(orig, auto):
    if SWITCH not in auto or BOUNDS[0] not in auto:
        raise SystemExit("switch_trials: unexpected micro2 rewrite (switch at pathlen >= 9?)")
    start = orig.index("{\n    int gid") + 2
    head, body = orig[:start], orig[start:orig.rindex("}")]
    sw = (head + "    " + SWITCH + " && (unsigned int)(blockDim.x * blockDim.y * blockDim.z) <= 256u;\n"
          "    if (!(tdr_on1)) {\n" + body + "      return;\n    }\n" + body + "}\n")
    opq = auto.replace(SWITCH, OPAQUE)
    yield "sw2", sw
    yield "swopq", sw.replace(SWITCH, OPAQUE)
    yield "opq", opq
    yield "lb", auto.replace(*BOUNDS)
    yield "lbopq", opq.replace(*BOUNDS)


def main():
    src, dst = sys.argv[1], sys.argv[2]
    for sub in ("cl", "cu"):
        shutil.copytree(os.path.join(src, sub), os.path.join(dst, sub), dirs_exist_ok=True)
    shutil.copy(os.path.join(src, "info.txt"), dst)
    with open(os.path.join(src, "cu", "micro2.cu")) as f:
        orig = f.read()
    with open(os.path.join(src, "cu", "micro2.auto.cu")) as f:
        auto = f.read()
    lines = ["micro2 auto cl cl/micro2.auto.cl\n", "micro2 auto cuda cu/micro2.auto.cu\n"]
    for name, text in made(orig, auto):
        with open(os.path.join(dst, "cu", "micro2.%s.cu" % name), "w") as f:
            f.write(text)
        lines.append("micro2 %s cuda cu/micro2.%s.cu\n" % (name, name))
    with open(os.path.join(dst, "variants.txt"), "w") as f:
        f.writelines(lines)


if __name__ == "__main__":
    main()
