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

What the kernels contain (weights are in Gen.__init__ and the stmt_* methods):
data-dependent if/else, if-only and else-if branches (conditions `x > 0` on
values loaded from `mix:LO:HI` buffers or derived from them), nested data
branches, switches on data, loops with fixed, uniform (kernel argument) and
data-dependent trip counts with data-dependent break/continue, bounds guards
`if (gid < n) {...}` and early returns `if (gid >= n) return;` with global
sizes that leave the last work-group partly inactive, data-dependent early
returns, private scalars, arrays (float a[4]), vectors (int2, float4) and
structs live across branches, shadowed names, const and multi-declarator
declarations, brace initialisers, unbraced branches, helper functions (none
queries IDs; one takes a private array by pointer), direct get_global_id /
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
import re
import sys

INT_LIMIT = 1 << 30      # no int expression may exceed this bound
FLOAT_LIMIT = 1.0e9      # no float expression may exceed this bound
LOCALS_1D = [32, 64, 128, 256]
LOCALS_2D = [(8, 4), (16, 8), (16, 16)]


class Var:
    """A private variable in scope. ty: int uint float int2 float4 iarr farr struct."""

    def __init__(self, name, ty, bound=0, data=False, const=False, fields=None):
        self.name, self.ty, self.bound, self.data, self.const = name, ty, bound, data, const
        self.fields = fields or []  # struct: [(field, scalar type, bound)]


class Ctx:
    """Where a statement is generated."""

    def __init__(self, depth=0, loops=0, top=True, barrier_ok=False, in_switch=False):
        self.depth, self.loops, self.top = depth, loops, top
        self.barrier_ok, self.in_switch = barrier_ok, in_switch

    def inner(self, loop=False, switch=False):
        return Ctx(self.depth + 1, self.loops + (1 if loop else 0), False, False,
                   self.in_switch and not loop or switch)


class Gen:
    def __init__(self, seed, index):
        self.seed, self.index = seed, index
        self.r = random.Random("kgen:%d:%d" % (seed, index))
        self.name = "g%d_%d" % (seed, index)
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

    # ------------------------------------------------------- int expressions
    def int_leaf(self):
        r = self.r
        choices = []
        ivs = self.vars_of("int")
        if ivs:
            choices.append((6, "var"))
        choices += [(2, "const"), (3, "load"), (1, "idmod")]
        if self.vars_of("uint"):
            choices.append((2, "fromuint"))
        if self.vars_of("float"):
            choices.append((1, "fromfloat"))
        if self.vars_of("gptr"):
            choices.append((2, "gptr"))
        if self.vars_of("iarr"):
            choices.append((1, "iarr"))
        if self.vars_of("int2"):
            choices.append((1, "int2"))
        if self.vars_of("struct"):
            choices.append((1, "field"))
        if any(True for t in self.tiles if t[2] == "ready"):
            choices.append((2, "tile"))
        if self.lbuf and self.lbuf[2] == "ready":
            choices.append((1, "lbuf"))
        if self.out_written:
            choices.append((1, "outback"))
        kind = self.wpick(choices)
        if kind == "var":
            v = self.pick(ivs)
            return v.name, v.bound, v.data
        if kind == "const":
            c = r.randint(-60, 60)
            return ("(%d)" % c if c < 0 else str(c)), abs(c), False
        if kind == "load":
            return self.int_load()
        if kind == "idmod":
            m = self.pick([3, 5, 7, 16, 33])
            base = self.pick([self.gid, self.lid]) if not self.two_d else self.pick(
                [self.gx, self.gy, self.lid])
            if self.chance(0.3):  # a direct ID query (tdrc redirects these)
                base = "(int)get_%s_id(%d)" % (self.pick(["global", "local"]),
                                               self.r.randint(0, 1 if self.two_d else 0))
                self.features.add("direct-id")
            return "(%s %% %d)" % (base, m), m - 1, False
        if kind == "gptr":
            v = self.pick(self.vars_of("gptr"))
            return "%s[%d]" % (v.name, self.r.randint(0, 3)), v.bound, True
        if kind == "fromuint":
            u = self.uint_expr(1)
            m = self.pick([256, 1000, 4096, 65536])
            if self.chance(0.5):
                return "(int)((%s) %% %du)" % (u, m), m, True
            return "((int)((%s) & %du) - %d)" % (u, m - 1, m // 2), m, True
        if kind == "fromfloat":
            f, fb, fd = self.float_expr(1)
            if fb > 1.0e6:
                f, fb = "clamp(%s, -1000.0f, 1000.0f)" % f, 1000.0
            return "(int)(%s)" % f, int(fb) + 1, fd
        if kind == "iarr":
            v = self.pick(self.vars_of("iarr"))
            i, _, d = self.int_expr(1)
            return "%s[(%s) & 3]" % (v.name, i), v.bound, True
        if kind == "int2":
            v = self.pick(self.vars_of("int2"))
            return "%s.%s" % (v.name, self.pick(["x", "y", "s0", "s1"])), v.bound, v.data
        if kind == "field":
            v = self.pick(self.vars_of("struct"))
            fs = [f for f in v.fields if f[1] == "int"]
            f = self.pick(fs)
            return "%s.%s" % (v.name, f[0]), f[2], True
        if kind == "tile":
            t = self.pick([t for t in self.tiles if t[2] == "ready"])
            return "%s[%s]" % (t[0], self.local_index()), t[1], True
        if kind == "outback":
            return "%s[%s]" % (self.use("out"), self.gidx()), 100003, True
        # lbuf
        return "%s[%s]" % (self.lbuf[0], self.local_index()), self.lbuf[1], True

    def local_index(self):
        c = self.r.randint(1, 40)
        if not self.two_d and self.chance(0.2):
            self.features.add("direct-id")
            return "(int)get_local_id(0)"
        return self.pick(["(%s + %d) %% %s" % (self.lid, c, self.lsz),
                          "%s - 1 - %s" % (self.lsz, self.lid),
                          "%s ^ 1" % self.lid,
                          self.lid,
                          "(%s * %d + %d) %% %s" % (self.lid, self.pick([3, 5, 7]), c, self.lsz)])

    def gidx(self):
        """Index of this item's element of N-sized buffers."""
        return self.idx

    def any_index(self, size_expr):
        """An in-bounds index into a buffer of size_expr (uniform) elements."""
        k = self.r.randint(1, 50)
        return self.pick(["(%s + %d) %% %s" % (self.idx, k, size_expr),
                          "(%s * %d + %d) %% %s" % (self.idx, self.pick([3, 7, 13]), k, size_expr),
                          "(int)((uint)(%s) %% (uint)%s)" % (self.int_expr(1)[0], size_expr)])

    def int_load(self):
        b = self.pick(self.int_bufs)
        name, bound = b
        self.use(name)
        if name == "in0" and self.chance(0.6):
            return "%s[%s]" % (name, self.gidx()), bound, True
        if name == "scr":
            return "%s[%s]" % (name, self.gidx()), bound, True
        return "%s[%s]" % (name, self.any_index(self.use("n"))), bound, True

    def int_expr(self, depth=2):
        if depth <= 0 or self.chance(0.45):
            return self.int_leaf()
        a, ba, da = self.int_expr(depth - 1)
        op = self.wpick([(4, "+"), (3, "-"), (3, "*c"), (2, "%"), (1, "/"), (2, "minmax"),
                         (1, "clamp"), (1, "sel"), (1, "xor"), (1, "and"), (1, "abs"),
                         (1, "mul"), (1, "call")])
        if op in ("+", "-", "minmax", "sel", "xor", "mul"):
            b, bb, db = self.int_expr(depth - 1)
            d = da or db
            if op in ("+", "-"):
                e, bound = "(%s %s %s)" % (a, op, b), ba + bb
            elif op == "minmax":
                e, bound = "%s(%s, %s)" % (self.pick(["min", "max"]), a, b), max(ba, bb)
            elif op == "sel":
                c = self.cond(data_pref=0.5)
                e, bound, d = "(%s ? %s : %s)" % (c[0], a, b), max(ba, bb), d or c[1]
            elif op == "xor":
                p = 1
                while p <= max(ba, bb):
                    p <<= 1
                e, bound = "(%s %s %s)" % (a, self.pick(["^", "|"]), b), 2 * p
            else:
                if ba * bb >= INT_LIMIT:
                    a, ba = "(%s %% 1021)" % a, min(ba, 1020)
                    b, bb = "(%s %% 1019)" % b, min(bb, 1018)
                e, bound = "(%s * %s)" % (a, b), ba * bb
        elif op == "*c":
            c = self.pick([2, 3, 5, 7, 9, -3, 11])
            e, bound, d = "(%s * %d)" % (a, c) if c > 0 else "(%s * (%d))" % (a, c), ba * abs(c), da
        elif op == "%":
            m = self.pick([7, 13, 97, 255, 1009, 4093])
            e, bound, d = "(%s %% %d)" % (a, m), min(ba, m - 1), da
        elif op == "/":
            c = self.pick([2, 3, 4, 7, 16])
            e, bound, d = "(%s / %d)" % (a, c), ba // c + 1, da
        elif op == "clamp":
            c = self.r.randint(1, 500)
            e, bound, d = "clamp(%s, %d, %d)" % (a, -c, c), c, da
        elif op == "and":
            m = self.pick([3, 7, 15, 255, 1023])
            e, bound, d = "(%s & %d)" % (a, m), m, da
        elif op == "abs":
            e, bound, d = "(int)abs(%s)" % a, ba, da
        else:  # call an int helper
            h = self.helper("int")
            u = self.uint_expr(1)
            e, bound, d = "%s(%s, %s)" % (h, a, u), 1 << 12, True
        if bound >= INT_LIMIT:
            e, bound = "(%s %% 65521)" % e, 65520
        return e, bound, d

    # ------------------------------------------------------ uint expressions
    def uint_leaf(self):
        choices = [(3, "fromint"), (1, "const"), (1, "id")]
        if self.vars_of("uint"):
            choices.append((5, "var"))
        if self.vars_of("struct"):
            choices.append((1, "field"))
        kind = self.wpick(choices)
        if kind == "var":
            return self.pick(self.vars_of("uint")).name
        if kind == "const":
            return "0x%08xu" % self.r.getrandbits(32)
        if kind == "id":
            return "(uint)%s" % self.pick([self.gid if not self.two_d else self.idx, self.lid])
        if kind == "field":
            v = self.pick(self.vars_of("struct"))
            return "%s.%s" % (v.name, [f for f in v.fields if f[1] == "uint"][0][0])
        return "(uint)%s" % self.int_expr(1)[0]

    def uint_expr(self, depth=2):
        if depth <= 0 or self.chance(0.4):
            return self.uint_leaf()
        a = self.uint_expr(depth - 1)
        op = self.wpick([(3, "mul"), (3, "xs"), (2, "+"), (2, "^"), (1, "rot"), (1, "mod"),
                         (1, "call")])
        if op == "mul":
            return "(%s * 0x%08xu)" % (a, self.r.getrandbits(32) | 1)
        if op == "xs":
            return "(%s ^ (%s >> %du))" % (a, a, self.r.randint(1, 31))
        if op in ("+", "^"):
            return "(%s %s %s)" % (a, op, self.uint_expr(depth - 1))
        if op == "rot":
            return "rotate(%s, %du)" % (a, self.r.randint(1, 31))
        if op == "mod":
            return "(%s %% %du)" % (a, self.pick([3, 17, 255, 1000003]))
        return "%s(%s, %s)" % (self.helper("uint"), a, self.uint_leaf())

    # ----------------------------------------------------- float expressions
    def float_leaf(self):
        choices = [(2, "const"), (3, "load"), (2, "fromint")]
        if self.vars_of("float"):
            choices.append((6, "var"))
        if self.vars_of("farr"):
            choices.append((2, "farr"))
        if self.vars_of("float4"):
            choices.append((2, "float4"))
        if self.vars_of("struct"):
            choices.append((1, "field"))
        kind = self.wpick(choices)
        if kind == "var":
            v = self.pick(self.vars_of("float"))
            return v.name, v.bound, v.data
        if kind == "const":
            c = self.r.randint(-64, 64) / 8.0
            return ("%.3ff" % c if c >= 0 else "(%.3ff)" % c), abs(c), False
        if kind == "load":
            name, bound = self.pick(self.float_bufs)
            self.use(name)
            if name == "tab":
                return "tab[%s & 63u]" % self.uint_expr(1), bound, True
            if name == "fin0" and self.chance(0.6):
                return "fin0[%s]" % self.gidx(), bound, True
            return "%s[%s]" % (name, self.any_index(self.use("n"))), bound, True
        if kind == "fromint":
            i, b, d = self.int_expr(1)
            if b >= (1 << 24):
                i, b = "(%s %% 4093)" % i, 4092
            return "(float)%s" % i, b, d
        if kind == "farr":
            v = self.pick(self.vars_of("farr"))
            return "%s[(%s) & 3]" % (v.name, self.int_expr(1)[0]), v.bound, True
        if kind == "float4":
            v = self.pick(self.vars_of("float4"))
            return "%s.%s" % (v.name, self.pick(["x", "y", "z", "w", "s2", "s3"])), v.bound, v.data
        v = self.pick(self.vars_of("struct"))
        f = self.pick([f for f in v.fields if f[1] == "float"])
        return "%s.%s" % (v.name, f[0]), f[2], True

    def float_expr(self, depth=2):
        if depth <= 0 or self.chance(0.45):
            return self.float_leaf()
        a, ba, da = self.float_expr(depth - 1)
        op = self.wpick([(4, "+"), (3, "-"), (3, "*c"), (2, "mul"), (1, "fma"), (2, "minmax"),
                         (1, "fabs"), (1, "sqrt"), (1, "div"), (1, "clamp"), (1, "floor"),
                         (1, "sel"), (1, "trig"), (1, "exp"), (1, "log"), (1, "call")])
        d = da
        if op in ("+", "-", "mul", "fma", "minmax", "div", "sel"):
            b, bb, db = self.float_expr(depth - 1)
            d = da or db
            if op in ("+", "-"):
                e, bound = "(%s %s %s)" % (a, op, b), ba + bb
            elif op == "mul":
                if ba * bb > FLOAT_LIMIT:
                    a, ba = "clamp(%s, -100.0f, 100.0f)" % a, min(ba, 100.0)
                    b, bb = "clamp(%s, -100.0f, 100.0f)" % b, min(bb, 100.0)
                e, bound = "(%s * %s)" % (a, b), ba * bb
            elif op == "fma":
                c = self.pick(["0.5f", "-0.25f", "1.5f", "0.125f"])
                e, bound = "fma(%s, %s, %s)" % (a, c, b), ba * 1.5 + bb
            elif op == "minmax":
                e, bound = "%s(%s, %s)" % (self.pick(["fmin", "fmax"]), a, b), max(ba, bb)
            elif op == "div":
                e, bound = "(%s / (1.0f + fabs(%s)))" % (a, b), ba
            else:
                c = self.cond(data_pref=0.5)
                e, bound, d = "(%s ? %s : %s)" % (c[0], a, b), max(ba, bb), d or c[1]
        elif op == "*c":
            c = self.pick([0.5, 0.25, 1.5, 2.0, -0.75, 0.125, 3.0])
            e, bound = ("(%s * %.3ff)" % (a, c) if c > 0 else "(%s * (%.3ff))" % (a, c)), ba * abs(c)
        elif op == "fabs":
            e, bound = "fabs(%s)" % a, ba
        elif op == "sqrt":
            e, bound = "sqrt(fabs(%s))" % a, ba ** 0.5 + 1
        elif op == "clamp":
            c = self.r.randint(1, 200)
            e, bound = "clamp(%s, %d.0f, %d.0f)" % (a, -c, c), float(c)
        elif op == "floor":
            e, bound = "floor(%s)" % a, ba + 1
        elif op == "trig":
            e, bound = "%s(%s)" % (self.pick(["sin", "cos"]), a), 1.0
        elif op == "exp":
            e, bound = "exp(-fabs(%s))" % a, 1.0
        elif op == "log":
            e, bound = "log(1.0f + fabs(%s))" % a, 25.0
        else:
            h = self.helper("float")
            e, bound, d = "%s(%s, %d)" % (h, a, self.r.randint(1, 8)), 64.0, True
        if bound > FLOAT_LIMIT:
            e, bound = "clamp(%s, -10000.0f, 10000.0f)" % e, 10000.0
        return e, bound, d

    # ------------------------------------------------------------ conditions
    def data_scalar(self):
        """A data-dependent value to test against 0: (text, is_float)."""
        cands = [v for v in self.vars_of("int", "float") if v.data]
        r = self.r.random()
        if cands and r < 0.6:
            v = self.pick(cands)
            return v.name, v.ty == "float"
        if r < 0.8:
            if self.chance(0.5):
                return "%s[%s]" % (self.use("in0"), self.gidx()), False
            return "%s[%s]" % (self.use("fin0"), self.gidx()), True
        if self.chance(0.5):
            return self.int_expr(2)[0], False
        return self.float_expr(2)[0], True

    def cond(self, data_pref=0.85):
        """Returns (condition text, data-dependent?)."""
        if self.chance(data_pref):
            x, is_f = self.data_scalar()
            zero = "0.0f" if is_f else "0"
            form = self.wpick([(6, "gt"), (1, "shift"), (1, "and"), (1, "not")])
            if form == "gt":
                return "%s > %s" % (x, zero), True
            if form == "shift":
                k = self.r.randint(-5, 5)
                return "%s + %s > %s" % (x, ("%d.0f" % k) if is_f else str(k), zero), True
            if form == "and":
                y, fy = self.data_scalar()
                return "%s > %s %s %s > %s" % (x, zero, self.pick(["&&", "||"]), y,
                                               "0.0f" if fy else "0"), True
            return "!(%s > %s)" % (x, zero), True
        # uniform or ID-only conditions: tdrc must leave these alone
        kind = self.pick(["arg", "id", "lid"])
        if kind == "arg":
            return "%s > %d" % (self.use("p"), self.r.randint(0, 6)), False
        if kind == "id":
            return "%s %% %d == 0" % (self.idx, self.pick([2, 3, 5])), False
        return "%s < %d" % (self.lid, self.pick([8, 16, 40])), False

    # ------------------------------------------------------------ statements
    def assign_int(self, v, e, b):
        if b > v.bound:
            m = v.bound + 1
            e = self.pick(["(%s) %% %d" % (e, m), "clamp(%s, %d, %d)" % (e, -v.bound, v.bound)])
        return e

    def assign_float(self, v, e, b):
        if b > v.bound:
            e = "clamp(%s, %.1ff, %.1ff)" % (e, -v.bound, v.bound)
        return e

    def stmt_assign(self, ctx):
        vs = [v for v in self.vars_of("int", "uint", "float", "int2", "float4", "iarr", "farr",
                                      "struct", mutable=True)]
        if not vs:
            return self.stmt_decl(ctx)
        v = self.pick(vs)
        if v.ty == "int":
            e, b, _ = self.int_expr()
            form = self.r.random()
            if form < 0.3:
                e, b = "%s + %s" % (v.name, e), b + v.bound
            elif form < 0.4:
                e, b = "%s * 3 - %s" % (v.name, e), 3 * v.bound + b
            self.emit("%s = %s;" % (v.name, self.assign_int(v, e, b)))
        elif v.ty == "uint":
            op = self.pick(["=", "+=", "^=", "*="])
            e = self.uint_expr()
            self.emit("%s %s %s;" % (v.name, op, e if op != "*=" else "(%s | 1u)" % e))
        elif v.ty == "float":
            e, b, _ = self.float_expr()
            if self.chance(0.35):
                e, b = "%s * 0.5f + %s * 0.5f" % (v.name, "(%s)" % e), max(v.bound, b)
            self.emit("%s = %s;" % (v.name, self.assign_float(v, e, b)))
        elif v.ty in ("iarr", "farr"):
            i = self.int_expr(1)[0]
            if v.ty == "iarr":
                e, b, _ = self.int_expr()
                self.emit("%s[(%s) & 3] = %s;" % (v.name, i, self.assign_int(v, e, b)))
            else:
                e, b, _ = self.float_expr()
                self.emit("%s[(%s) & 3] = %s;" % (v.name, i, self.assign_float(v, e, b)))
        elif v.ty == "int2":
            e1, b1, _ = self.int_expr(1)
            e2, b2, _ = self.int_expr(1)
            if self.chance(0.5):
                self.emit("%s = (int2)(%s, %s);" % (v.name, self.assign_int(v, e1, b1),
                                                    self.assign_int(v, e2, b2)))
            else:
                comp = self.pick(["x", "y"])
                self.emit("%s.%s = %s;" % (v.name, comp, self.assign_int(v, e1, b1)))
        elif v.ty == "float4":
            e, b, _ = self.float_expr(1)
            if self.chance(0.5):
                # |0.5 v + 0.5 e| <= bound when |e| <= bound
                self.emit("%s = %s * 0.5f + (float4)(%s) * 0.5f;" % (
                    v.name, v.name, self.assign_float(v, e, b)))
            else:
                self.emit("%s.%s = %s;" % (v.name, self.pick(["x", "y", "z", "w"]),
                                           self.assign_float(v, e, b)))
        else:  # struct
            f = self.pick(v.fields)
            if f[1] == "int":
                e, b, _ = self.int_expr()
                fv = Var(f[0], "int", f[2])
                self.emit("%s.%s = %s;" % (v.name, f[0], self.assign_int(fv, e, b)))
            elif f[1] == "float":
                e, b, _ = self.float_expr()
                fv = Var(f[0], "float", f[2])
                self.emit("%s.%s = %s;" % (v.name, f[0], self.assign_float(fv, e, b)))
            else:
                self.emit("%s.%s ^= %s;" % (v.name, f[0], self.uint_expr()))

    def new_name(self, prefix, avoid=""):
        """A fresh name, or sometimes (shadowing) the name of a variable of an
        outer scope that the initialiser text `avoid` does not mention (in C
        the new name is in scope in its own initialiser)."""
        if len(self.scopes) > 2 and self.chance(0.12):
            here = set(v.name for v in self.scopes[-1])
            words = set(re.findall(r"[A-Za-z_][A-Za-z_0-9]*", avoid))
            outer = [v.name for v in self.visible()
                     if v.name[0] in "vfhas" and v.name not in here and v.name not in words]
            if outer:
                self.features.add("shadow")
                return self.pick(outer)
        return self.fresh(prefix)

    def stmt_decl(self, ctx):
        kind = self.wpick([(5, "int"), (3, "uint"), (5, "float"), (1, "int2"), (1, "float4"),
                           (1, "iarr"), (1, "farr"), (1, "struct"), (1, "multi")])
        if kind == "int":
            e, b, d = self.int_expr()
            bound = self.pick([100, 1000, 32767, 1 << 20])
            v = Var("", "int", bound, d)
            e = self.assign_int(v, e, b)
            v.name = self.new_name("v", e)
            const = self.chance(0.12)
            self.emit("%sint %s = %s;" % ("const " if const else "", v.name, e))
            v.const = const
            self.declare(v)
        elif kind == "uint":
            e = self.uint_expr()
            v = Var(self.new_name("h", e), "uint", 0, True)
            self.emit("uint %s = %s;" % (v.name, e))
            self.declare(v)
        elif kind == "float":
            e, b, d = self.float_expr()
            v = Var("", "float", self.pick([10.0, 1000.0, 100000.0]), d)
            e = self.assign_float(v, e, b)
            v.name = self.new_name("f", e)
            const = self.chance(0.1)
            self.emit("%sfloat %s = %s;" % ("const " if const else "", v.name, e))
            v.const = const
            self.declare(v)
        elif kind == "multi":
            v1 = Var("", "int", 1000, True)
            v2 = Var(self.fresh("v"), "int", 1000, True)
            e1 = self.assign_int(v1, *self.int_expr(1)[:2])
            e2 = self.assign_int(v2, *self.int_expr(1)[:2])
            v1.name = self.new_name("v", e1 + " " + e2)
            self.emit("int %s = %s, %s = %s;" % (v1.name, e1, v2.name, e2))
            self.declare(v1)
            self.declare(v2)
        elif kind == "int2":
            v = Var("", "int2", 4096, True)
            e1 = self.assign_int(v, *self.int_expr(1)[:2])
            e2 = self.assign_int(v, *self.int_expr(1)[:2])
            v.name = self.new_name("p", e1 + " " + e2)
            self.emit("int2 %s = (int2)(%s, %s);" % (v.name, e1, e2))
            self.declare(v)
            self.features.add("int2")
        elif kind == "float4":
            v = Var("", "float4", 1000.0, True)
            comps = []
            for _ in range(4):
                e, b, _ = self.float_expr(1)
                comps.append(self.assign_float(v, e, b))
            v.name = self.new_name("q", " ".join(comps))
            self.emit("float4 %s = (float4)(%s);" % (v.name, ", ".join(comps)))
            self.declare(v)
            self.features.add("float4")
        elif kind in ("iarr", "farr"):
            if kind == "iarr":
                v = Var("", "iarr", 5000, True)
                elems = [self.assign_int(v, *self.int_expr(1)[:2]) for _ in range(4)]
                ty = "int"
            else:
                v = Var("", "farr", 1000.0, True)
                elems = [self.assign_float(v, *self.float_expr(1)[:2]) for _ in range(4)]
                ty = "float"
            name = v.name = self.new_name("a", " ".join(elems))
            if self.chance(0.5):
                self.emit("%s %s[4] = {%s};" % (ty, name, ", ".join(elems)))
            else:
                self.emit("%s %s[4];" % (ty, name))
                for k, e in enumerate(elems):
                    self.emit("%s[%d] = %s;" % (name, k, e))
            if self.chance(0.4):
                i = self.fresh("k")
                self.emit("for (int %s = 0; %s < 4; ++%s)" % (i, i, i))
                self.indent += 1
                if ty == "int":
                    self.emit("%s[%s] = (%s[%s] * 3 + %s) %% 5001;" % (name, i, name, i, i))
                else:
                    self.emit("%s[%s] = %s[%s] * 0.5f + (float)%s;" % (name, i, name, i, i))
                self.indent -= 1
            self.declare(v)
            self.features.add("array")
        else:  # struct
            if not self.struct_name:
                self.struct_name = "%s_s" % self.name
                self.typedefs.append("typedef struct {\n    float m;\n    int c;\n    uint k;\n"
                                     "    float w;\n} %s;" % self.struct_name)
            fm = Var("m", "float", 1000.0)
            fc = Var("c", "int", 1000)
            m = self.assign_float(fm, *self.float_expr(1)[:2])
            c = self.assign_int(fc, *self.int_expr(1)[:2])
            k = self.uint_expr(1)
            w = self.assign_float(fm, *self.float_expr(1)[:2])
            v = Var(self.new_name("s", " ".join((m, c, k, w))), "struct", 0, True,
                    fields=[("m", "float", 1000.0), ("c", "int", 1000), ("k", "uint", 0),
                            ("w", "float", 1000.0)])
            if self.chance(0.4):
                self.emit("%s %s = {%s, %s, %s, %s};" % (self.struct_name, v.name, m, c, k, w))
            else:
                self.emit("%s %s;" % (self.struct_name, v.name))
                for f, e in zip("mckw", (m, c, k, w)):
                    self.emit("%s.%s = %s;" % (v.name, f, e))
            self.declare(v)
            self.features.add("struct")

    def block(self, ctx, n=None, loop=False, switch=False):
        """Emits '{' ... '}' contents (caller emits the header line ending in '{')."""
        self.indent += 1
        self.push()
        inner = ctx.inner(loop=loop, switch=switch)
        for _ in range(n if n is not None else self.r.randint(1, 2 if ctx.depth else 3)):
            self.statement(inner)
        self.pop()
        self.indent -= 1

    def stmt_if(self, ctx):
        c, data = self.cond()
        if data:
            self.features.add("data-branch" if ctx.depth == 0 else "nested-data-branch")
        form = self.wpick([(5, "ifelse"), (3, "if"), (1, "elseif"), (1, "unbraced")])
        if form == "unbraced":
            vs = self.vars_of("int", mutable=True)
            if vs:
                v = self.pick(vs)
                e1, b1, _ = self.int_expr(1)
                e2, b2, _ = self.int_expr(1)
                self.emit("if (%s)" % c)
                self.emit("    %s = %s;" % (v.name, self.assign_int(v, e1, b1)))
                if self.chance(0.6):
                    self.emit("else")
                    self.emit("    %s = %s;" % (v.name, self.assign_int(v, e2, b2)))
                return
            form = "ifelse"
        self.emit("if (%s) {" % c)
        self.block(ctx)
        if form == "ifelse":
            self.emit("} else {")
            self.block(ctx)
        elif form == "elseif":
            c2, _ = self.cond()
            self.emit("} else if (%s) {" % c2)
            self.block(ctx)
            self.emit("} else {")
            self.block(ctx)
        self.emit("}")

    def stmt_switch(self, ctx):
        if self.chance(0.3):
            x = self.int_expr(1)[0]
        else:
            x, is_f = self.data_scalar()
            if is_f:
                x = "(int)(%s)" % x
        ncase = self.r.randint(1, 3)
        self.emit("switch ((uint)(%s) %% %du) {" % (x, ncase + 1))
        for k in range(ncase):
            self.emit("case %du: {" % k)
            self.block(ctx, switch=True)
            if self.chance(0.8):
                self.emit("    break;")
            self.emit("}")
        self.emit("default: {")
        self.block(ctx, switch=True)
        self.emit("}")
        self.emit("}")
        self.features.add("switch")

    def stmt_loop(self, ctx):
        i = self.fresh("i")
        kind = self.wpick([(4, "fixed"), (2, "uniform"), (3, "data"), (1, "while")])
        if kind == "fixed":
            cnt = self.r.randint(2, 6)
            self.emit("for (int %s = 0; %s < %d; ++%s) {" % (i, i, cnt, i))
            self.features.add("fixed-loop")
        elif kind == "uniform":
            self.emit("for (int %s = 0; %s < %s; ++%s) {" % (i, i, self.use("p"), i))
            cnt = 9
            self.features.add("uniform-loop")
        elif kind == "data":
            x, is_f = self.data_scalar()
            if is_f:
                x = "(int)(%s)" % x
            cap = self.pick([3, 7])
            self.emit("for (int %s = 0; %s < (int)((uint)(%s) & %du); ++%s) {" % (i, i, x, cap, i))
            cnt = cap
            self.features.add("data-loop")
        else:
            x, is_f = self.data_scalar()
            t = self.fresh("t")
            self.emit("int %s = %s;" % (t, "(int)clamp(%s, -50.0f, 50.0f)" % x if is_f
                                         else "clamp(%s, -50, 50)" % x))
            self.emit("int %s = 0;" % i)
            self.emit("while (%s > 0 && %s < 8) {" % (t, i))
            self.indent += 1
            self.emit("%s = %s - 1 - (%s & 3);" % (t, t, i))
            self.emit("%s++;" % i)
            self.indent -= 1
            self.features.add("data-loop")
            cnt = 8
        self.push()
        self.declare(Var(i, "int", cnt, kind in ("data", "while"), const=True))
        self.indent += 1
        if kind == "fixed" and ctx.barrier_ok and self.local_targets() and self.chance(0.3):
            self.stmt_local_block(ctx)
        inner = ctx.inner(loop=True)
        for _ in range(self.r.randint(1, 2)):
            self.statement(inner)
        if self.chance(0.3):
            c, _ = self.cond()
            self.emit("if (%s)" % c)
            self.emit("    %s;" % self.pick(["break", "continue"]))
            self.features.add("break-continue")
        self.indent -= 1
        self.pop()
        self.emit("}")

    def stmt_local_block(self, ctx):
        """Stores into a __local tile between two barriers (uniform control flow only)."""
        t = self.pick(self.local_targets())
        idx = self.lid
        name = t[0]
        self.set_tile_state(name, "writing")
        e, b, _ = self.int_expr(2)
        if b > 30000:
            e = "(%s) %% 30001" % e
        self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
        self.emit("%s[%s] = %s;" % (name, idx, e))
        self.emit("barrier(CLK_LOCAL_MEM_FENCE);")
        self.set_tile_state(name, "ready")
        self.features.add("local-barrier")

    def local_targets(self):
        return self.tiles + ([self.lbuf] if self.lbuf else [])

    def set_tile_state(self, name, state):
        self.tiles = [(n, 30000, state if n == name else s) for n, _, s in self.tiles]
        if self.lbuf and self.lbuf[0] == name:
            self.lbuf = (name, 30000, state)

    def stmt_scratch(self, ctx):
        """A global write whose value this item reads back later (after branches)."""
        e, b, _ = self.int_expr()
        if b > 100000:
            e = "(%s) %% 100003" % e
        if self.chance(0.5):
            self.emit("%s[%s] = %s;" % (self.use("scr"), self.gidx(), e))
        else:
            self.emit("%s[%s] = %s;" % (self.use("out"), self.gidx(), e))
            self.out_written = True
        self.features.add("global-write-before")

    def stmt_atomic(self, ctx):
        # One operation per kernel: add, or, max, xor and min each commute with
        # themselves, but not with each other (add after max != max after add).
        e = "(int)(%s & 255u)" % self.uint_expr(1)
        self.emit("%s(&%s[(uint)%s & 15u], %s);" % (self.atomic_op, self.use("cnt"), self.gidx(), e))
        self.features.add("atomic")

    def stmt_return(self, ctx):
        c, _ = self.cond(data_pref=1.0)
        self.emit("if (%s) {" % c)
        self.indent += 1
        self.emit_outputs()
        self.emit("return;")
        self.indent -= 1
        self.emit("}")
        self.returned = True
        self.features.add("data-return")

    def stmt_call(self, ctx):
        vs = self.vars_of("float", mutable=True)
        arrs = self.vars_of("farr")
        if arrs and vs and self.chance(0.4):
            # passes a private array by pointer: address taken
            h = self.helper("farr")
            v = self.pick(vs)
            a = self.pick(arrs)
            self.emit("%s = %s;" % (v.name, self.assign_float(v, "%s(%s, %s)" % (
                h, a.name, self.float_expr(1)[0]), 4100.0)))
            self.features.add("private-pointer")
            return
        if vs and self.chance(0.5):
            v = self.pick(vs)
            h = self.helper("tab")
            self.emit("%s = %s;" % (v.name, self.assign_float(v, "%s(%s, %s, %d)" % (
                h, self.use("tab"), self.uint_expr(1), self.r.randint(1, 6)), 6 * 4.0)))
            self.features.add("helper")
            return
        self.stmt_assign(ctx)

    def statement(self, ctx):
        choices = [(8, self.stmt_assign), (4 if ctx.depth == 0 else 1.5, self.stmt_decl)]
        if ctx.depth < 3:
            choices += [(5 if ctx.depth < 1 else 2, self.stmt_if),
                        (2 if ctx.depth < 2 else 0.5, self.stmt_loop),
                        (1 if ctx.depth < 2 else 0.2, self.stmt_switch)]
        choices += [(1, self.stmt_call)]
        if ctx.depth <= 1:
            choices.append((1, self.stmt_scratch))
        if self.has_cnt:
            choices.append((0.3, self.stmt_atomic))
        if self.allow_returns and not ctx.in_switch and ctx.loops == 0:
            choices.append((0.5, self.stmt_return))
        if ctx.barrier_ok and self.local_targets():
            choices.append((1.5, self.stmt_local_block))
        self.wpick(choices)(ctx)

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

        # sizes
        if self.two_d:
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
            self.region_start()
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
        if self.lbuf:
            params.append("__local int *lbuf")
            spec.append("// EXEC: arg lbuf local int size=L")
            self.features.add("local-arg")
        header = "// EXEC: kernel=%s global=%s local=%s seeds=%d" % (
            self.name, gstr, lstr, 1 if r.random() < 0.85 else 2)
        attr = ""
        if reqd:
            attr = "__attribute__((reqd_work_group_size(%d, %d, 1)))\n" % reqd
        out = ["// ---- kernel %s (kgen.py --seed %d --index %d) ----" % (
            self.name, self.seed, self.index), header] + spec
        out += self.typedefs + self.helpers
        out.append("%s__kernel void %s(%s)\n{" % (attr, self.name, ",\n        ".join(params)))
        out += self.lines
        out.append("}")
        out.append("// ---- end %s ----" % self.name)
        return "\n".join(out) + "\n"


def kernel_text(seed, index):
    return Gen(seed, index).generate()


def file_text(seed, first, count, note=""):
    # No contraction of a*b+c into fma: a compiler may contract differently
    # once tdrc has changed the code around an expression (seen on NVIDIA's
    # OpenCL: 1-ulp differences), and OpenCL allows either.
    head = ("// Generated by test/gen/kgen.py --seed %d --index %d --count %d%s; do not edit.\n"
            "#pragma OPENCL FP_CONTRACT OFF\n" % (seed, first, count, note))
    return head + "\n".join(kernel_text(seed, i) for i in range(first, first + count))


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--count", type=int)
    ap.add_argument("--index", type=int)
    ap.add_argument("--per-file", type=int, default=50)
    ap.add_argument("--out-dir")
    ap.add_argument("-o", "--output")
    a = ap.parse_args(argv)
    if a.index is not None:
        text = file_text(a.seed, a.index, a.count or 1)
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
            f.write(file_text(a.seed, first, n))
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
