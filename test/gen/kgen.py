#!/usr/bin/env python3
"""kgen.py: random divergent OpenCL C 1.2 kernels for differential testing of tdrc.

Every kernel is a pure function of (seed, index): the same pair always gives
the same text, whatever else is generated. Each kernel comes with its
`// EXEC:` launch spec for tdr_exec (test/exec/tdr_exec.c), and a file holds
K kernels (a new `kernel=` line starts a new spec), so PoCL builds each file
once.

    kgen.py --seed S --count N --out-dir DIR [--per-file K]
        writes DIR/gen_S_FFFFF.cl (kernels f*K .. f*K+K-1), prints the paths
    kgen.py --seed S --index I [--count C] [-o FILE]
        kernels I .. I+C-1 (default 1) into FILE (default stdout): reproducers
    --shapes 2 (either form): also the opt-in shapes of kgen_shapes.py
        (conditions on memory their paths write, written parameters, odd
        work-group sizes); the default, 1, keeps every recorded kernel

Modules: kgen_vars.py (bounds, Var, Ctx), kgen_expr.py (expressions and
conditions), kgen_stmt.py (statements), kgen_shapes.py (--shapes 2); this file holds the kernel's frame
(parameters, helpers, outputs, EXEC lines) and the command line.

What the kernels contain (weights are in Gen.__init__ and the stmt_* methods):
data-dependent if/else, if-only and else-if branches (conditions `x > 0` on
values loaded from `mix:LO:HI` buffers or derived from them), nested data
branches, switches on data, loops with fixed, uniform (kernel argument) and
data-dependent trip counts with data-dependent break/continue, bounds guards
`if (gid < n) {...}` and early returns `if (gid >= n) return;` with global
sizes that leave the last work-group partly inactive, data-dependent early
returns, private scalars, arrays (float a[4]), vectors (int2, float4) and
structs live across branches, shadowed names, const and multi-declarator
declarations, brace initialisers, unbraced branches, helper functions (one
reads the local and global IDs, itself and through another helper, which
the transforms clone; one takes a private array by pointer), direct get_global_id /
get_local_id calls after branches, pointers to global memory live across
branches, other ID-only guards (`lid < 16`, `gid % 5 == 0`),
`__local` tiles and `__local` pointer arguments written between barriers in
uniform control flow, global writes before a branch read back after it,
order-independent atomics (results never read), 1-D and 2-D NDRanges,
reqd_work_group_size.

Well-definedness, by construction:
* every int variable has a bound B (|v| <= B) kept by every assignment
  (reduced with % or clamp); every int expression's bound is tracked and kept
  below 2^30, so there is no signed overflow; hashing and mixing use uint;
  no shifts of signed values; divisors are non-zero constants;
* float variables are bounded the same way (clamp), floats are never divided
  by anything smaller than 1, sqrt/log only see non-negative/>= 1 arguments,
  so no NaN or Inf; float->int conversions see bounded values;
* array indices are masked (& 3) or reduced modulo the (uniform) buffer or
  work-group size; only active work-items touch global memory;
* every work-item writes only its own out/outf/scr element, reads global
  inputs that no one writes, and reads back only its own scr/out element;
  __local tiles are written only between two barriers at the top level of the
  kernel (uniform control flow, before any return), each item its own slot;
  atomics are commutative (one of add/or/max/xor/min per kernel) and their
  results are unused;
* `#pragma OPENCL FP_CONTRACT OFF`: no fused multiply-add that one compiler
  may form in the original and not in the rewritten code.
So the original's output does not depend on the execution order of its
work-items (`tdr_exec K.cl K.cl` passes), and a mismatch between original and
rewritten is a tdrc (or OpenCL implementation) bug.
"""

import argparse
import os
import random
import sys

from kgen_expr import ExprGen
from kgen_shapes import ShapeGen
from kgen_stmt import StmtGen
from kgen_vars import Ctx, Var

LOCALS_1D = [32, 64, 128, 256]
LOCALS_2D = [(8, 4), (16, 8), (16, 16)]


class Gen(ExprGen, StmtGen, ShapeGen):
    """One kernel; expressions and statements come from the mixins."""

    LOCALS_1D, LOCALS_2D = LOCALS_1D, LOCALS_2D

    def __init__(self, seed, index, shapes=1):
        self.seed, self.index, self.shapes = seed, index, shapes
        if shapes == 1:  # the recorded runs: keep every draw as it was
            self.r = random.Random("kgen:%d:%d" % (seed, index))
            self.name = "g%d_%d" % (seed, index)
        else:
            self.r = random.Random("kgen%d:%d:%d" % (shapes, seed, index))
            self.name = "g%d_%d_s%d" % (seed, index, shapes)
        self.lines = []          # kernel body lines (without indentation handling)
        self.indent = 1
        self.scopes = [[]]       # stacks of Var lists
        self.counter = 0
        self.helpers = []        # helper function texts
        self.helper_sigs = []    # (kind, name)
        self.typedefs = []
        self.struct_name = None
        self.tiles = []          # (name, bound, writable_now)
        self.lbuf = None
        self.returned = False
        self.uses = {}           # buffer/param name -> True when referenced
        self.features = set()
        self.out_written = False
        self.dst = None

    # ------------------------------------------------------------ utilities
    def chance(self, p):
        return self.r.random() < p

    def pick(self, seq):
        return self.r.choice(seq)

    def wpick(self, pairs):
        total = sum(w for w, _ in pairs)
        x = self.r.uniform(0, total)
        for w, v in pairs:
            x -= w
            if x <= 0:
                return v
        return pairs[-1][1]

    def fresh(self, prefix="v"):
        self.counter += 1
        return "%s%d" % (prefix, self.counter)

    def emit(self, text):
        self.lines.append("    " * self.indent + text)

    def push(self):
        self.scopes.append([])

    def pop(self):
        self.scopes.pop()

    def declare(self, var):
        self.scopes[-1].append(var)
        return var

    def visible(self):
        seen, out = set(), []
        for scope in reversed(self.scopes):
            for v in reversed(scope):
                if v.name not in seen:
                    seen.add(v.name)
                    out.append(v)
        return out

    def vars_of(self, *tys, mutable=False):
        return [v for v in self.visible() if v.ty in tys and not (mutable and v.const)]

    def use(self, name):
        self.uses[name] = True
        return name

    # -------------------------------------------------------------- helpers
    def helper(self, kind):
        for k, n in self.helper_sigs:
            if k == kind and self.chance(0.7):
                return n
        n = "%s_%s%d" % (self.name, kind, len(self.helper_sigs))
        r = self.r
        if kind == "int":
            m = r.choice([255, 1023, 4095])
            text = ("int %s(int a, uint h)\n{\n    h ^= (uint)a * 0x%08xu;\n"
                    "    h ^= h >> %du;\n    if ((int)(h & 7u) > %d)\n        a = a / %d;\n"
                    "    return (int)(h & %du) - %d;\n}" % (
                        n, r.getrandbits(32) | 1, r.randint(5, 17), r.randint(1, 6),
                        r.randint(2, 9), m, m // 2))
        elif kind == "uint":
            text = ("uint %s(uint a, uint b)\n{\n    for (int i = 0; i < %d; ++i) {\n"
                    "        a ^= b + 0x9e3779b9u + (a << 6) + (a >> 2);\n"
                    "        b = rotate(b, %du);\n    }\n    return a;\n}" % (
                        n, r.randint(1, 4), r.randint(1, 31)))
        elif kind == "float":
            text = ("float %s(float x, int terms)\n{\n    float r = 0.0f, p = 1.0f;\n"
                    "    x = clamp(x, -1.0f, 1.0f);\n    for (int i = 0; i < terms; ++i) {\n"
                    "        r += p / (float)(i + 1);\n        p *= x;\n    }\n"
                    "    return r * %.3ff;\n}" % (n, r.choice([1.0, 0.5, 2.0, -1.5])))
        elif kind == "tab":
            text = ("float %s(__global const float *t, uint start, int steps)\n{\n"
                    "    float s = 0.0f;\n    uint idx = start & 63u;\n"
                    "    for (int i = 0; i < steps; ++i) {\n        s += t[idx];\n"
                    "        idx = (idx * %du + %du) & 63u;\n    }\n    return s;\n}" % (
                        n, r.choice([5, 9, 13]), r.randint(1, 60)))
        elif kind == "ids":  # reads the IDs, and through another helper
            inner = "%s_lane" % n
            text = ("int %s(void)\n{\n    return (int)(get_local_id(0) %% %du);\n}\n"
                    "int %s(int a)\n{\n    return (a + %s() + (int)(get_global_id(0) %% %du)) %% 4099;\n}" % (
                        inner, r.choice([5, 7, 32]), n, inner, r.choice([3, 11])))
        elif kind == "deref":  # --shapes 2: reads a private int through a pointer
            text = "int %s(const int *p)\n{\n    return *p;\n}" % n
        elif kind == "peek":  # --shapes 2: reads global memory for a condition
            text = ("int %s(__global const int *m, int i)\n{\n    return m[i] + %d;\n}" % (
                n, r.randint(-9, 9)))
        elif kind == "ffill":  # fills a private array through its pointer
            text = ("void %s(float *a, float x)\n{\n    for (int i = 0; i < 4; ++i)\n"
                    "        a[i] = clamp(x * (float)(i + %d), -1000.0f, 1000.0f);\n}" % (
                        n, r.randint(1, 3)))
        else:  # farr: private pointer
            text = ("float %s(float *a, float x)\n{\n    float s = 0.0f;\n"
                    "    for (int i = 0; i < 4; ++i)\n        s += a[i] > 0.0f ? a[i] : -a[i];\n"
                    "    a[%d] = clamp(x, -1000.0f, 1000.0f);\n    return s;\n}" % (n, r.randint(0, 3)))
        self.helpers.append(text)
        self.helper_sigs.append((kind, n))
        return n

    # -------------------------------------------------------------- outputs
    def emit_outputs(self):
        ints = [v for v in self.visible() if v.ty in ("int",)]
        uints = [v for v in self.visible() if v.ty == "uint"]
        floats = [v for v in self.visible() if v.ty == "float"]
        terms = ["%s" % v.name for v in ints] + ["(int)(%s & 0xffffu)" % v.name for v in uints]
        for v in self.visible():
            if v.ty == "int2":
                terms.append("%s.x" % v.name)
                terms.append("%s.y" % v.name)
            elif v.ty == "iarr":
                terms.append("%s[0] + %s[3]" % (v.name, v.name))
            elif v.ty == "struct":
                terms.append("%s.c" % v.name)
                terms.append("(int)(%s.k >> 8)" % v.name)
                terms.append("%s.h[1] - %s.h[2]" % (v.name, v.name))
        acc = " ^ ".join("(%s)" % t for t in terms[:12]) or "0"
        index = self.gidx()
        if self.chance(0.25):  # index by direct ID queries
            index = ("get_global_id(0)" if not self.two_d else
                     "(int)get_global_id(1) * w + (int)get_global_id(0)")
            self.features.add("direct-id")
        self.emit("%s[%s] = %s;" % (self.use("out"), index, acc))
        fterms = [v.name for v in floats]
        for v in self.visible():
            if v.ty == "float4":
                fterms.append("%s.x + %s.w" % (v.name, v.name))
            elif v.ty == "farr":
                fterms.append("%s[1] - %s[2]" % (v.name, v.name))
            elif v.ty == "struct":
                fterms.append("%s.m * 0.5f + %s.w" % (v.name, v.name))
        ftext = " + ".join("(%s)" % t for t in fterms[:12]) or "0.0f"
        if self.dst and any(v.name == self.dst for v in self.visible()):
            self.emit("*%s = %s;" % (self.dst, ftext))
        else:
            self.emit("%s[%s] = %s;" % (self.use("outf"), self.gidx(), ftext))

    def region_start(self):
        """Data loads and state declared at the top of the active region, so
        that they are live across the branches that follow."""
        if self.chance(0.7):
            self.emit("int x0 = %s[%s];" % (self.use("in0"), self.idx))
            self.declare(Var("x0", "int", self.int_bufs[0][1], True))
        if self.chance(0.5):
            self.emit("float fx0 = %s[%s];" % (self.use("fin0"), self.idx))
            self.declare(Var("fx0", "float", self.float_bufs[0][1], True))
        if self.chance(0.25):
            name = self.fresh("row")
            self.emit("__global const int *%s = %s + %s %% (%s - 3);" % (
                name, self.use("in1"), self.idx, self.use("n")))
            self.declare(Var(name, "gptr", 5000, True, True))
            self.features.add("global-pointer")
        if self.chance(0.2):
            self.dst = self.fresh("dst")
            self.emit("__global float *%s = %s + %s;" % (self.dst, self.use("outf"), self.idx))
            self.declare(Var(self.dst, "gdst", 0, True, True))
            self.features.add("global-pointer")
        for _ in range(self.r.randint(1, 3)):
            self.stmt_decl(Ctx())

    # --------------------------------------------------------------- kernel
    def generate(self):
        r = self.r
        self.two_d = self.chance(0.25)
        self.style = self.wpick([(4, "none"), (3, "guard"), (3, "ret")])
        self.has_cnt = self.chance(0.15)
        self.atomic_op = self.pick(["atomic_add", "atomic_or", "atomic_max", "atomic_xor",
                                    "atomic_min"])
        self.out_written = False
        lo = -r.choice([1, 3, 10, 100, 1000])
        hi = r.choice([1, 5, 10, 100, 1000])
        flo = -r.choice([1, 8, 100])
        fhi = r.choice([1, 8, 100])
        self.int_bufs = [("in0", max(-lo, hi)), ("in1", 5000)]
        self.float_bufs = [("fin0", float(max(-flo, fhi)) + 1), ("fin1", 65.0), ("tab", 5.0)]
        if self.chance(0.4):
            self.int_bufs.append(("scr", 100003))
        if self.shapes >= 2:
            self.shapes_setup()

        # sizes
        if self.two_d:
            if self.shapes >= 2:
                locals_, g = self.shapes_sizes()
            else:
                locals_ = r.sample(LOCALS_2D, r.randint(1, 2))
                locals_.sort(key=lambda p: p[0] * p[1])
                if self.style == "none":
                    g = (16 * r.randint(1, 4), 16 * r.randint(1, 3))
                else:
                    g = (r.randint(9, 70), r.randint(5, 40))
            gstr = "%dx%d" % g
            lstr = ",".join("%dx%d" % l for l in locals_)
            self.gx, self.gy = "x", "y"
            self.gid = "x"
            self.idx = "idx"
            self.lid = "lid"
            self.lsz = "lsz"
        else:
            if self.shapes >= 2:
                locals_, g = self.shapes_sizes()
            else:
                locals_ = sorted(r.sample(LOCALS_1D, r.choice([1, 2, 2, 3])))
                if self.style == "none":
                    g = 256 * r.randint(1, 4)
                else:
                    g = r.randint(100, 1100)
                    if g % 32 == 0:
                        g += r.randint(1, 31)
            gstr = str(g)
            lstr = ",".join(str(l) for l in locals_)
            self.gid = self.idx = "gid"
            self.lid = "lid"
            self.lsz = "lsz"
        reqd = None
        if len(locals_) == 1 and self.chance(0.3):
            reqd = locals_[0] if isinstance(locals_[0], tuple) else (locals_[0], 1)
            self.features.add("reqd-wg-size")

        # __local memory
        ntiles = r.choice([0, 0, 1, 1, 2])
        self.tiles = [("%s_tile%d" % (self.name, k), 30000, "unwritten") for k in range(ntiles)]
        self.lbuf = ("lbuf", 30000, "unwritten") if self.chance(0.15) else None
        if self.shapes >= 2 and self.mem_branch:
            # tiles are filled from global memory before the branch: none, so
            # the branch's condition is the only access before its remap
            self.tiles, self.lbuf = [], None
        self.allow_returns = False

        # body
        self.lines = []
        self.indent = 1
        for t in self.tiles:
            self.emit("__local int %s[256];" % t[0])
        if self.two_d:
            self.emit("int x = (int)get_global_id(0);")
            self.emit("int y = (int)get_global_id(1);")
            self.emit("int idx = y * %s + x;" % self.use("w"))
            self.emit("int lid = (int)(get_local_id(1) * get_local_size(0) + get_local_id(0));")
            self.emit("int lsz = (int)(get_local_size(0) * get_local_size(1));")
            ids = [Var("x", "int", 128), Var("y", "int", 64), Var("idx", "int", 1 << 14),
                   Var("lid", "int", 256), Var("lsz", "int", 256)]
            active = "x < w && y < h"
            self.use("h")
        else:
            self.emit("int gid = (int)get_global_id(0);")
            self.emit("int lid = (int)get_local_id(0);")
            self.emit("int lsz = (int)get_local_size(0);")
            ids = [Var("gid", "int", 2048), Var("lid", "int", 256), Var("lsz", "int", 256)]
            active = "gid < n"
            self.use("n")
        for v in ids:
            v.const = True
            self.declare(v)
        self.declare(Var("p", "int", 9, False, True))
        self.use("n")
        if self.chance(0.3):
            self.emit("int grp = (int)get_group_id(0);")
            self.declare(Var("grp", "int", 1 << 12, False, True))
        if self.shapes >= 2:
            self.shapes_params()
            self.shapes_param_writes("top")

        top = Ctx(barrier_ok=True)
        if self.style == "none":
            # Phase A: barriers allowed (no return yet); Phase B: returns allowed.
            if self.local_targets():
                for _ in range(r.randint(1, 4)):
                    if self.chance(0.4):
                        self.stmt_local_block(top)
                    else:
                        self.statement(top)
            body_ctx = Ctx()
            self.allow_returns = True
            if self.shapes >= 2:
                self.shapes_param_writes("region", after_statements=bool(self.local_targets()))
                self.shapes_mem_branch(body_ctx)
            self.region_start()
            for _ in range(r.randint(2, 4)):
                self.statement(body_ctx)
            self.emit_outputs()
        else:
            # tiles are filled before the guard, by every work-item
            for t in self.local_targets():
                self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
                self.emit("%s[%s] = (%s) ? %s[%s] %% 30001 : %d;" % (
                    t[0], self.lid, active, self.use("in0"), self.idx, r.randint(-9, 9)))
                self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
                self.set_tile_state(t[0], "ready")
                self.features.add("local-barrier")
            if self.style == "guard":
                self.emit("if (%s) {" % active)
                self.indent += 1
                self.push()
                self.features.add("bounds-guard")
            else:
                neg = "x >= w || y >= h" if self.two_d else "gid >= n"
                self.emit("if (%s)" % neg)
                self.emit("    return;")
                self.features.add("early-return")
            self.allow_returns = True
            body_ctx = Ctx()
            if self.shapes >= 2:
                self.shapes_param_writes("region")
                self.shapes_mem_branch(body_ctx)
            self.region_start()
            if self.shapes >= 2 and self.style == "ret":
                self.shapes_late_local()
            if self.shapes >= 2:
                self.shapes_invariant_loop(body_ctx)
            for _ in range(r.randint(2, 4)):
                self.statement(body_ctx)
            self.emit_outputs()
            if self.style == "guard":
                self.pop()
                self.indent -= 1
                self.emit("}")

        # parameters and EXEC spec, in one order
        params, spec = [], []
        N = "N"

        def buf(name, ty, size, fill, const=False):
            params.append("__global %s%s *%s" % ("const " if const else "", ty, name))
            spec.append("// EXEC: arg %s buf %s size=%s fill=%s" % (name, ty, size, fill))

        self.use("in0")
        self.use("fin0")
        buf("in0", "int", N, "mix:%d:%d" % (lo, hi), True)
        buf("fin0", "float", N, "mix:%d:%d" % (flo, fhi), True)
        if "in1" in self.uses:
            buf("in1", "int", N, "rand:-5000:5000", True)
        if "fin1" in self.uses:
            buf("fin1", "float", N, "rand:-64:64", True)
        if "tab" in self.uses:
            buf("tab", "float", "64", "rand:-4:4", True)
        if "scr" in self.uses:
            buf("scr", "int", N, "rand:-100:100")
        if "pin" in self.uses:
            buf("pin", "int", "N+8", "rand:-5000:5000", True)
        if "cnt" in self.uses:
            buf("cnt", "int", "16", "zero")
        buf("out", "int", N, "zero")
        buf("outf", "float", N, "zero")
        params.append("int n")
        spec.append("// EXEC: arg n val int value=N")
        if self.two_d:
            params += ["int w", "int h"]
            spec += ["// EXEC: arg w val int value=G0", "// EXEC: arg h val int value=G1"]
        pval = r.randint(0, 6)
        params.append("int p")
        spec.append("// EXEC: arg p val int value=%d" % pval)
        if "q" in self.uses:
            params.append("int q")
            spec.append("// EXEC: arg q val int value=%d" % self.q_value)
        if "fq" in self.uses:
            params.append("float fq")
            spec.append("// EXEC: arg fq val float value=%d" % self.fq_value)
        if self.lbuf:
            params.append("__local int *lbuf")
            spec.append("// EXEC: arg lbuf local int size=L")
            self.features.add("local-arg")
        header = "// EXEC: kernel=%s global=%s local=%s seeds=%d" % (
            self.name, gstr, lstr, 1 if r.random() < 0.85 else 2)
        attr = ""
        if reqd:
            attr = "__attribute__((reqd_work_group_size(%d, %d, 1)))\n" % reqd
        out = ["// ---- kernel %s (kgen.py --seed %d --index %d%s) ----" % (
            self.name, self.seed, self.index, shapes_opt(self.shapes)), header] + spec
        out += self.typedefs + self.helpers
        out.append("%s__kernel void %s(%s)\n{" % (attr, self.name, ",\n        ".join(params)))
        out += self.lines
        out.append("}")
        out.append("// ---- end %s ----" % self.name)
        return "\n".join(out) + "\n"


def shapes_opt(shapes):
    """The command-line option that selects shapes (none for the default)."""
    return "" if shapes == 1 else " --shapes %d" % shapes


def kernel_text(seed, index, shapes=1):
    return Gen(seed, index, shapes).generate()


def file_text(seed, first, count, note="", shapes=1):
    # No contraction of a*b+c into fma: a compiler may contract differently
    # once tdrc has changed the code around an expression (seen on NVIDIA's
    # OpenCL: 1-ulp differences), and OpenCL allows either.
    head = ("// Generated by test/gen/kgen.py --seed %d --index %d --count %d%s; do not edit.\n"
            "#pragma OPENCL FP_CONTRACT OFF\n" % (seed, first, count, shapes_opt(shapes) + note))
    return head + "\n".join(kernel_text(seed, i, shapes) for i in range(first, first + count))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int)
    ap.add_argument("--index", type=int)
    ap.add_argument("--per-file", type=int, default=50)
    ap.add_argument("--shapes", type=int, choices=(1, 2), default=1,
                    help="1: the original shapes (recorded runs); 2: also conditions on memory "
                         "their paths write, written parameters, odd work-group sizes")
    ap.add_argument("--out-dir")
    ap.add_argument("-o", "--output")
    a = ap.parse_args(argv)
    if a.index is not None:
        text = file_text(a.seed, a.index, a.count or 1, shapes=a.shapes)
        if a.output:
            with open(a.output, "w") as f:
                f.write(text)
        else:
            sys.stdout.write(text)
        return 0
    if a.count is None or not a.out_dir:
        ap.error("want --count N --out-dir DIR, or --index I")
    if a.per_file < 1:
        ap.error("--per-file wants >= 1")
    os.makedirs(a.out_dir, exist_ok=True)
    for fi, first in enumerate(range(0, a.count, a.per_file)):
        n = min(a.per_file, a.count - first)
        path = os.path.join(a.out_dir, "gen_%d_%05d.cl" % (a.seed, fi))
        with open(path, "w") as f:
            f.write(file_text(a.seed, first, n, shapes=a.shapes))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
