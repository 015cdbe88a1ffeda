#!/usr/bin/env python3
"""kgen_meld.py: random kernels whose divergent branches have similar sides.

The meld transform's shapes, deterministic from (seed, index): side A of
each if/else is random, side B its twin (operands changed: variables,
constants, arrays, addresses; commutative operands swapped, comparisons
mirrored; statements dropped or added).  Both sides declare (same name and
type, same name other type, one side only; int, uint, float, const int, a
struct and an int2 with initializers, names hiding the kernel's), loop
(for/while/do, other bounds and bodies, break/continue/return) and nest
ifs with and without else, braced or not.  Branches sit at the top level,
in a loop of data-dependent length, in another divergent branch or in an
else-if chain (three or four paths, a path at times empty, the last else
optional, mostly spelled `else if`); a third of them are switches on data or IDs whose case
groups are twins (two labels, empty cases, a default or none, braced
cases, the last break left out); conditions on data and IDs; 1-D and 2-D;
helpers (one overloaded on uchar/int), macros, private arrays with constant indices,
integer atomics with unused results.  Ints stay bounded (`%` by primes),
uint wraps, floats are convex mixes under FP_CONTRACT OFF; a work-item
writes only its own elements (and the histogram through atomics).

    kgen_meld.py --seed S --index I -o FILE.cl
    kgen_meld.py --seed S --index I --count C --out-dir DIR   (DIR/mS_I.cl, ...)
"""
import argparse
import random

LOCALS_1D = [16, 32, 64, 100, 128]
LOCALS_2D = [(8, 4), (16, 8), (6, 5), (32, 2)]
PRIMES = [997, 6007, 7919, 10007]
CMP_MIRROR = {">": "<", "<": ">", ">=": "<=", "<=": ">=", "==": "==", "!=": "!="}

PRELUDE = """#pragma OPENCL FP_CONTRACT OFF
#define MIXI(a, b) (((a) * 5 + (b)) % 7919)
#define HALF(x) ((x) * 0.5f)
#define ACC(x) acc += (x) % 101

int hmix(int a, int b) { return (a * 7 + b) % 4099; }
uint hrot(uint x) { return (x << 3) | (x >> 29); }
float hblend(float a, float b) { return (a - b) * 0.5f; }
void hput(__global int *p, int j, int v) { p[j] += v % 101; }
typedef struct { int a; float b; } pair_t;
int __attribute__((overloadable)) hlead(uchar x) { return clz(x); }
int __attribute__((overloadable)) hlead(int x) { return clz(x) + 100; }
"""


class X:
    """An expression: a format with {0}.. for its children.  cls names a
    leaf's class (what may replace it in a twin); comm: the two children
    may swap; cmp: a comparison whose children swap with the mirrored op."""

    def __init__(self, fmt, ty, kids=(), cls=None, comm=False, cmp=None):
        self.fmt, self.ty, self.kids, self.cls, self.comm, self.cmp = fmt, ty, list(kids), cls, comm, cmp

    def atom(self):
        f = self.fmt
        return not self.cmp and (" " not in f or f.startswith("(") and f.endswith(")") or
                                 f.endswith(")") and f[:f.index("(")].isidentifier() or f == "{0}[{1}]")

    def __str__(self):
        kids = [str(k) if k.atom() or not (self.comm or self.cmp) else "(%s)" % k for k in self.kids]
        if self.cmp:
            return "%s %s %s" % (kids[0], self.cmp, kids[1])
        return self.fmt.format(*kids)


class Gen:
    def __init__(self, seed, index):
        self.r = random.Random("kmeld:%d:%d" % (seed, index))
        # Which branches are switches: a stream of its own, so that kernels
        # without one stay what they were.
        self.rs = random.Random("kmeld-switch:%d:%d" % (seed, index))
        self.name = "m%d_%d" % (seed, index)
        self.ndecl = 0
        self.consts = set()
        self.two_d = self.narrow = False

    # ---------------------------------------------------------- leaves
    def ivars(self, sc):
        return [n for n, t in sc.items() if t == "int"]

    def lhs(self, sc):
        return [n for n in self.ivars(sc) if n.startswith(("v", "t")) and n not in self.consts]

    def leaf(self, ty, sc, cls=None):
        """A bounded leaf of type ty (|int| < 10007, |float| <= 1000)."""
        r = self.r
        if ty == "uchar":
            return X(r.choice(["c0", "c1"]), "uchar", cls="cvar")
        if ty == "uint":
            if cls == "ulit" or (cls is None and r.random() < 0.25):
                return X("%du" % r.randint(1, 255), "uint", cls="ulit")
            return X(r.choice([n for n, t in sc.items() if t == "uint"]), "uint", cls="uvar")
        if ty == "float":
            k = cls or r.choice(["fvar", "fvar", "flit", "fload"])
            if k == "flit":
                return X("%.3ff" % (r.randint(-4000, 4000) / 8.0), "float", cls="flit")
            if k == "fload":
                return X("{0}[{1}]", "float", [X("fin", "p", cls="farr"), self.index()], cls="fload")
            fv = [n for n, t in sc.items() if t == "float"]
            fresh = [v for v in fv if v.startswith("t")]
            return X(r.choice(fresh if fresh and r.random() < 0.5 else fv), "float", cls="fvar")
        k = cls or r.choice(["ivar", "ivar", "ivar", "ilit", "iload", "parr"])
        if k == "parr" and "pa" not in sc:
            k = "ivar"
        if k == "ilit":
            return X(str(r.randint(0, 99)), "int", cls="ilit")
        if k == "iload":
            return X("{0}[{1}]", "int", [X(r.choice(["in", "aux"]), "p", cls="iarr"), self.index()],
                     cls="iload")
        if k == "parr":
            return X("pa[%d]" % r.randint(0, 2), "int", cls="parr")
        iv = self.ivars(sc)
        fresh = [v for v in iv if v.startswith("t")]  # declared in a side: used more
        return X(r.choice(fresh if fresh and r.random() < 0.5 else iv), "int", cls="ivar")

    def index(self):
        r = self.r
        c = r.choice(["idx", "idx", "(idx + %d) %% n" % r.randint(1, 40), "(idx ^ 1) % n",
                      "(n - 1 - idx)"])
        return X(c, "i", cls="index")

    # ------------------------------------------------------ expressions
    def term(self, ty, sc):
        """A value of type ty: |int| < 2^27, |float| <= 1000, any uint."""
        r = self.r
        L = lambda: self.leaf(ty, sc)
        k = r.randint(0, 9)
        if ty == "int" and self.narrow and r.random() < 0.04:  # an overloaded helper on a uchar
            return X("hlead({0})", "int", [self.leaf("uchar", sc)])
        if ty == "uint":
            return [L, lambda: X("{0} * 2654435761u", "uint", [L()]),
                    lambda: X("{0} ^ ({1} >> %d)" % r.randint(1, 9), "uint", [L(), L()]),
                    lambda: X("{0} + {1}", "uint", [L(), L()], comm=True), lambda: X("hrot({0})", "uint", [L()]),
                    lambda: X("(uint){0}", "uint", [self.leaf("int", sc)])][k % 6]()
        if ty == "float":
            return [L, L, lambda: X("{0} * %s" % r.choice(["0.5f", "0.25f", "-0.75f"]), "float", [L()]),
                    lambda: X("{0} * {1} * 0.001f", "float", [L(), L()], comm=True),
                    lambda: X("{0} / (fabs({1}) + 1.0f)", "float", [L(), L()]),
                    lambda: X("sqrt(fabs({0}))", "float", [L()]),
                    lambda: X("hblend({0}, {1})", "float", [L(), L()]),
                    lambda: X("HALF({0}) * 0.5f", "float", [L()]),
                    lambda: X("(float){0} * 0.01f", "float", [self.leaf("int", sc)]),
                    lambda: X("{0} * 0.5f", "float", [L()])][k]()
        return [L, L, lambda: X("{0} * {1}", "int", [L(), L()], comm=True),
                lambda: X("{0} * %d" % r.randint(2, 9), "int", [L()]),
                lambda: X("{0} / ({1} % 13 + 14)", "int", [L(), L()]),
                lambda: X("{0} % ({1} % 7 + 8)", "int", [L(), L()]),
                lambda: X("hmix({0}, {1})", "int", [L(), L()]),
                lambda: X("MIXI({0}, {1})", "int", [L(), L()]),
                lambda: X("({0} {1} {2})", "int", [L(), X(r.choice("&|^"), "op", cls="bitop"), L()]),
                lambda: X("({0})", "int", [X("", "int", [L(), L()], cmp=r.choice(list(CMP_MIRROR)))])][k]()

    def expr(self, ty, sc):
        r = self.r
        t = self.term(ty, sc)
        if ty == "float":
            if r.random() < 0.5:
                op = r.choice("+-")
                return X("({0} %s {1}) * 0.5f" % op, "float", [t, self.term(ty, sc)], comm=op == "+")
            return t
        for i in range(r.randint(0, 2)):
            op = r.choice(["+", "-"] if ty == "int" else ["+", "^", "*"])
            t = X("{0} %s {1}" % op, ty, [t, self.term(ty, sc)], comm=op != "-")
        return t

    def cond(self, sc, ids=True):
        r = self.r
        k = r.randint(0, 7 if ids else 4)
        if k <= 1:
            return X("", "int", [self.leaf("int", sc), self.leaf("int", sc)], cmp=r.choice(list(CMP_MIRROR)))
        if k == 2:
            return X("{0} %% %d > %d" % (r.choice([3, 5, 7]), r.randint(0, 2)), "int", [self.leaf("int", sc)])
        if k == 3:
            return X("", "int", [self.leaf("float", sc), self.leaf("float", sc)], cmp=r.choice(["<", ">"]))
        if k == 4:
            return X("({0} & %du) != 0u" % r.choice([1, 2, 4, 8]), "int", [self.leaf("uint", sc)])
        if self.two_d and k == 5:
            return X(r.choice(["x < y", "(x + y) % 3 == 0", "y * 2 > h"]), "int", cls="idcond")
        return X(r.choice(["(idx & 1) == 0", "(int)get_local_id(0) % 3 == 0", "idx % 5 < 2",
                           "(idx & 4) != 0"]), "int", cls="idcond")

    # -------------------------------------------------------- statements
    def stmt(self, sc, depth, in_loop):
        """One statement as a tuple: ('s', fmt, kids) | ('d', ty, name, init)
        | ('if', cond, then, else) | ('loop', kind, var, bound, body) | ('j', text)."""
        r = self.r
        k = r.randint(0, 21)
        iv = self.lhs(sc)
        if k <= 4 and iv:
            return ("s", "{0} = (%s) %% %d;" % ("{1}", r.choice(PRIMES)),
                    [X(r.choice(iv), "int", cls="ilhs"), self.expr("int", sc)])
        if k == 5:
            return ("s", "acc += {0};", [X("({0}) % 101", "int", [self.expr("int", sc)])])
        if k == 6:
            return ("s", "acc = (acc * 3 + {0}) % 7919;", [self.expr("int", sc)])
        if k == 7:
            return ("s", "u0 = u0 * 1664525u + {0};", [self.expr("uint", sc)])
        if k == 8:
            return ("s", "{0} = {1};", [X(r.choice([n for n, t in sc.items() if t == "float"]), "float",
                                          cls="flhs"), self.expr("float", sc)])
        if k == 9:
            return ("s", "facc += {0} * 0.125f;", [self.expr("float", sc)])
        if k == 10:
            arr, ix = r.choice([("out", "2 * idx"), ("out", "2 * idx + 1"), ("out2", "2 * idx"),
                                ("out2", "2 * idx + 1")])
            op = r.choice(["=", "+="])
            return ("s", "{0}[{1}] %s ({2}) %% 1009;" % op,
                    [X(arr, "p", cls="oarr"), X(ix, "i", cls="oidx"), self.expr("int", sc)])
        if k == 11:
            return ("s", "fout[{0}] = {1};", [X(r.choice(["2 * idx", "2 * idx + 1"]), "i", cls="oidx"),
                                              self.expr("float", sc)])
        if k == 12:
            # one kind of update per part of hist: the result is order-independent
            f = r.choice(["atomic_add(&hist[{0} & 15], {1});", "atomic_inc(&hist[{0} & 15]);",
                          "(void)atomic_max(&hist[16 + ({0} & 15)], {1});",
                          "atomic_or(&hist[32 + ({0} & 15)], {1});"])
            return ("s", f, [self.leaf("int", sc), self.leaf("int", sc, "ilit")])
        if k == 13:  # (tdrc declines a branch with a statement that ends in a macro)
            if r.random() < 0.3:
                return ("s", "ACC({0});", [self.expr("int", sc)])
            return ("s", "acc += MIXI({0}, {1}) % 101;", [self.leaf("int", sc), self.leaf("int", sc)])
        if k == 14:
            return ("s", "hput(out, 2 * idx + %d, {0});" % r.randint(0, 1), [self.expr("int", sc)])
        if k == 15 and depth < 3:
            return self.decl(sc)
        if k == 16:
            return ("s", "pa[%d] = ({0}) %% 101;" % r.randint(0, 2), [self.expr("int", sc)]) \
                if "pa" in sc else ("s", "acc ^= {0};", [self.leaf("int", sc)])
        if k in (17, 18) and depth < 3:
            inner = dict(sc)
            th = self.seq(inner, depth + 1, in_loop, 1, 3)
            el = self.seq(dict(sc), depth + 1, in_loop, 1, 2) if r.random() < 0.5 else None
            return ("if", self.cond(sc), th, el)
        if k in (19, 20) and depth < 3:
            return self.loop(sc, depth)
        if k == 21:
            jump = r.choice(["break;", "continue;", "return;"] if in_loop else ["return;"])
            return ("if", self.cond(sc, ids=False), [("j", jump)], None)
        return ("s", "acc += ({0}) % 1009;", [self.term("int", sc) if r.random() < 0.3 else self.leaf("int", sc)])

    def init(self, ty, sc):
        """An initializer of a declaration of type ty."""
        r = self.r
        P = lambda: X("({0}) %% %d" % r.choice(PRIMES), "int", [self.expr("int", sc)])
        if ty == "pair_t":
            return X("{{{0}, {1}}}", ty, [P(), self.expr("float", sc)])
        if ty == "int2":
            return X("(int2)({0}, {1})", ty, [P(), P()])
        if ty == "int" and r.random() < 0.05:
            return X("{{{0}}}", ty, [P()])
        return P() if ty in ("int", "const int") else self.expr(ty, sc)

    def declare(self, sc, ty, name):
        sc[name] = {"const int": "int"}.get(ty, ty)
        sc["#" + name] = "declared"  # (in this block or one around it)
        if ty == "const int":
            self.consts.add(name)
        for m, t in {"pair_t": [("a", "int"), ("b", "float")], "int2": [("x", "int"), ("y", "int")]}.get(ty, []):
            sc[name + "." + m] = t

    def decl(self, sc):
        r = self.r
        name = "t%d" % self.ndecl
        self.ndecl += 1
        ty = r.choice(["int"] * 6 + ["float"] * 4 + ["uint"] * 4 + ["const int"] * 2 + ["pair_t", "int2"] * 2)
        hide = r.choice(["v1", "v2"])
        if r.random() < 0.08 and "#" + hide not in sc:  # hides a variable of the kernel
            name, ty = hide, "int"
        init = self.init(ty, {k: v for k, v in sc.items() if k.split(".")[0] != name})
        self.declare(sc, ty, name)
        return ("d", ty, name, init)

    def loop(self, sc, depth):
        r = self.r
        var = "k%d" % depth
        kind = r.choice(["for", "for", "while", "do"])
        bound = r.choice([X("cnt", "int", cls="bound"), X("%d" % r.randint(1, 5), "int", cls="bound"),
                          X("({0} & 7)", "int", [self.leaf("int", sc, "ivar")])])
        inner = dict(sc)
        inner[var] = "int"
        return ("loop", kind, var, bound, self.seq(inner, depth + 1, True, 1, 3))

    def seq(self, sc, depth, in_loop, lo, hi):
        return [self.stmt(sc, depth, in_loop) for _ in range(self.r.randint(lo, hi))]

    # ------------------------------------------------------------- twins
    def twin_x(self, e, sc):
        """e with operands changed, valid in scope sc."""
        r = self.r
        if e.cls in ("ivar", "ilit", "iload", "parr", "fvar", "flit", "fload", "uvar", "ulit", "cvar") and \
                (r.random() < 0.35 or (e.cls in ("ivar", "fvar", "uvar") and sc.get(e.fmt) != e.ty)):
            return self.leaf(e.ty, sc, r.choice({"int": ["ivar", "ilit", "iload"], "float": ["fvar", "fload"],
                                                 "uint": ["uvar", "ulit"], "uchar": ["cvar"]}[e.ty]))
        if e.cls == "ilhs" and (e.fmt not in self.lhs(sc) or r.random() < 0.2):
            return X(r.choice(self.lhs(sc)), "int", cls="ilhs")
        if e.cls == "flhs" and (sc.get(e.fmt) != "float" or r.random() < 0.2):
            return X(r.choice([n for n, t in sc.items() if t == "float"]), "float", cls="flhs")
        swaps = {"iarr": ["in", "aux"], "oarr": ["out", "out2"], "bitop": ["&", "|", "^"],
                 "oidx": ["2 * idx", "2 * idx + 1"], "bound": ["cnt", "3", "2"]}
        if e.cls in swaps and r.random() < 0.4:
            return X(r.choice(swaps[e.cls]), e.ty, cls=e.cls)
        if e.cls in ("index", "idcond") and r.random() < 0.3:
            return self.index() if e.cls == "index" else self.cond(sc)
        kids = [self.twin_x(k, sc) for k in e.kids]
        n = X(e.fmt, e.ty, kids, e.cls, e.comm, e.cmp)
        if (e.comm or e.cmp) and len(kids) == 2 and r.random() < 0.3:
            n.kids = kids[::-1]
            if e.cmp:
                n.cmp = CMP_MIRROR[e.cmp]
        return n

    def twin_s(self, s, sc, depth, in_loop):
        r = self.r
        if s[0] == "s":
            return ("s", s[1], [self.twin_x(k, sc) for k in s[2]])
        if s[0] == "d":
            _, ty, name, init = s
            if "#" + name in sc:  # B declared it already (a statement of B only)
                return ("s", "acc ^= {0};", [self.leaf("int", sc)])
            outer = {k: v for k, v in sc.items() if k.split(".")[0] != name}
            if r.random() < 0.12:  # the same name, another type
                ty = r.choice([t for t in ("int", "float", "uint", "const int") if t != ty])
                init = self.init(ty, outer)
            else:
                init = self.twin_x(init, outer)
            self.declare(sc, ty, name)
            return ("d", ty, name, init)
        if s[0] == "if":
            th = self.twin_seq(s[2], dict(sc), depth + 1, in_loop)
            el = None
            if s[3] is not None and r.random() < 0.85:
                el = self.twin_seq(s[3], dict(sc), depth + 1, in_loop)
            elif s[3] is None and r.random() < 0.15:
                el = self.seq(dict(sc), depth + 1, in_loop, 1, 2)
            return ("if", self.twin_x(s[1], sc), th, el)
        if s[0] == "loop":
            inner = dict(sc)
            inner[s[2]] = "int"
            return ("loop", s[1], s[2], self.twin_x(s[3], sc), self.twin_seq(s[4], inner, depth + 1, True))
        return s

    def twin_seq(self, seq, sc, depth, in_loop):
        r = self.r
        out = []
        for s in seq:
            p = r.random()
            if p < 0.12 and s[0] != "d":
                continue  # side A only
            if p < 0.18 and s[0] == "d":
                continue  # declared on side A only
            if p > 0.9:
                out.append(self.stmt(sc, depth + 1, in_loop))  # side B only
            out.append(self.twin_s(s, sc, depth, in_loop))
        return out or [self.stmt(sc, depth + 1, in_loop)]

    # ------------------------------------------------------------ output
    def render(self, seq, ind):
        lines = []
        for s in seq:
            if s[0] == "s":
                lines.append(ind + s[1].format(*[str(k) for k in s[2]]))
            elif s[0] == "j":
                lines.append(ind + s[1])
            elif s[0] == "d":
                lines.append(ind + "%s %s = %s;" % (s[1], s[2], s[3]))
            elif s[0] == "sw":
                lines += self.render_switch(s, ind)
            elif s[0] == "if":
                bare = all(len(b) == 1 and b[0][0] in "sj" for b in s[2:] if b is not None)
                if bare and self.r.random() < 0.4:  # unbraced sides
                    lines.append(ind + "if (%s)" % s[1])
                    lines += self.render(s[2], ind + "    ")
                    if s[3] is not None:
                        lines.append(ind + "else")
                        lines += self.render(s[3], ind + "    ")
                    continue
                lines.append(ind + "if (%s) {" % s[1])
                lines += self.render(s[2], ind + "    ")
                # An else holding one if: mostly `} else if (...) {` (a
                # chain, melded N ways), else a braced nested if.
                while (s[3] is not None and len(s[3]) == 1 and s[3][0][0] == "if"
                       and self.r.random() < 0.7):
                    s = s[3][0]
                    lines.append(ind + "} else if (%s) {" % s[1])
                    lines += self.render(s[2], ind + "    ")
                if s[3] is not None:
                    lines.append(ind + "} else {")
                    lines += self.render(s[3], ind + "    ")
                lines.append(ind + "}")
            else:
                _, kind, v, bound, body = s
                test = "%s < %s" % (v, bound)
                if kind == "for":
                    lines.append(ind + "for (int %s = 0; %s; ++%s) {" % (v, test, v))
                    lines += self.render(body, ind + "    ")
                    lines.append(ind + "}")
                else:
                    lines.append(ind + "{")
                    lines.append(ind + "    int %s = 0;" % v)
                    lines.append(ind + "    %s {" % ("while (%s)" % test if kind == "while" else "do"))
                    lines.append(ind + "        ++%s;" % v)
                    lines += self.render(body, ind + "        ")
                    lines.append(ind + "    }" + (" while (%s);" % test if kind == "do" else ""))
                    lines.append(ind + "}")
        return lines

    def switch(self, sc, depth, in_loop):
        """A divergent switch whose case groups are twins: one or two labels
        each, braced or not, some empty (`case K: break;`), a default or
        none, the last group without its break at times."""
        r = self.r
        vals = r.choice([("(v0 & 7)", 8), ("(v1 %% 5)", 5), ("(idx %% 4)", 4), ("cnt", 6),
                         ("(int)(u0 >> 29)", 8), ("((v2 + x) %% 3)" if self.two_d else "(v2 %% 3)", 3)])
        expr, m = vals[0].replace("%%", "%"), vals[1]
        a = self.seq(dict(sc), depth, in_loop, 1 if r.random() < 0.2 else 2, 4)
        labels = list(range(m))
        r.shuffle(labels)
        groups = []
        for g in range(r.randint(2, min(5, m))):
            if not labels:
                break
            take = 2 if len(labels) > 2 and r.random() < 0.25 else 1
            labs, labels = labels[:take], labels[take:]
            if r.random() < 0.1:
                groups.append((labs, None))  # does nothing
            else:
                groups.append((labs, a if not groups else self.twin_seq(a, dict(sc), depth, in_loop)))
        if r.random() < 0.5:
            groups.append((["default"], self.twin_seq(a, dict(sc), depth, in_loop)))
        r.shuffle(groups)
        return [("sw", expr, groups, r.random() < 0.3)]

    def render_switch(self, s, ind):
        _, expr, groups, open_end = s
        lines = [ind + "switch (%s) {" % expr]
        for g, (labs, seq) in enumerate(groups):
            lines += [ind + ("default:" if l == "default" else "case %d:" % l) for l in labs]
            if seq is None:
                lines.append(ind + "    break;")
                continue
            last = g + 1 == len(groups) and open_end
            # A declaration needs a block of its own (C's labels take statements).
            if any(t[0] == "d" for t in seq):
                lines[-1] += " {"
                lines += self.render(seq, ind + "    ") + ([] if last else [ind + "    break;"])
                lines.append(ind + "}")
            else:
                lines += self.render(seq, ind + "    ") + ([] if last else [ind + "    break;"])
        return lines + [ind + "}"]

    def branch(self, sc, depth, in_loop):
        """A divergent if/else with twin sides (or an else-if chain)."""
        if self.rs.random() < 0.3:
            return self.switch(sc, depth, in_loop)
        r = self.r
        a = self.seq(dict(sc), depth, in_loop, 1 if r.random() < 0.2 else 2, 5)
        b = self.twin_seq(a, dict(sc), depth, in_loop)
        if r.random() < 0.3:  # an else-if chain, its last else optional
            c = self.twin_seq(a, dict(sc), depth, in_loop) if r.random() < 0.8 else None
            if r.random() < 0.3:  # four paths, one of them at times empty
                d = self.twin_seq(a, dict(sc), depth, in_loop) if r.random() < 0.85 else [("j", ";")]
                c = [("if", self.cond(sc), d, c)]
            return [("if", self.cond(sc), a, [("if", self.cond(sc), b, c)])]
        return [("if", self.cond(sc), a, b)]

    def region(self, sc):
        r = self.r
        k = r.randint(0, 5)
        if k <= 2:
            return self.branch(sc, 1, False)
        if k == 3:  # in a loop of data-dependent length
            inner = dict(sc)
            inner["j"] = "int"
            body = self.branch(inner, 2, True)
            if r.random() < 0.5:
                body = [self.stmt(inner, 3, True)] + body
            return [("loop", "for", "j", X("lens[idx] % 9", "int"), body)]
        # in another divergent branch (its else dissimilar or absent)
        pre = [self.stmt(dict(sc), 3, False)] if r.random() < 0.5 else []
        el = self.seq(dict(sc), 3, False, 1, 2) if r.random() < 0.5 else None
        return [("if", self.cond(sc), pre + self.branch(sc, 2, False), el)]

    def kernel(self):
        r = self.r
        self.two_d = r.random() < 0.35
        self.narrow = r.random() < 0.25
        if self.two_d:
            locs = r.sample(LOCALS_2D, 2)
            g = (r.randint(9, 60), r.randint(5, 30))
            spec = "global=%dx%d local=%s" % (g[0], g[1], ",".join("%dx%d" % l for l in locs))
        else:
            spec = "global=%d local=%s" % (r.randint(100, 900),
                                           ",".join(str(l) for l in sorted(r.sample(LOCALS_1D, 2))))
        head = ["// %s: kgen_meld.py --seed/--index (divergent branches with similar sides)" % self.name,
                "// EXEC: kernel=%s %s seeds=2" % (self.name, spec),
                "// EXEC: arg in buf int size=N fill=mix:-500:500",
                "// EXEC: arg aux buf int size=N fill=rand:0:1000",
                "// EXEC: arg lens buf int size=N fill=rand:0:1000",
                "// EXEC: arg fin buf float size=N fill=mix:-100:100",
                "// EXEC: arg out buf int size=2*N fill=zero",
                "// EXEC: arg out2 buf int size=2*N fill=zero",
                "// EXEC: arg fout buf float size=2*N fill=zero",
                "// EXEC: arg res buf int size=4*N fill=zero",
                "// EXEC: arg hist buf int size=48 fill=zero",
                "// EXEC: arg n val int value=N",
                "// EXEC: arg w val int value=G0"]
        body = []
        if self.two_d:
            head.append("// EXEC: arg h val int value=G1")
            body += ["int x = get_global_id(0);", "int y = get_global_id(1);",
                     "if (x >= w || y >= h)", "    return;", "int idx = y * w + x;"]
        else:
            body += ["int idx = get_global_id(0);", "if (idx >= n)", "    return;"]
        body += ["int v0 = in[idx] % 1000;", "int v1 = aux[idx] %% %d;" % r.choice(PRIMES),
                 "int v2 = (v0 * %d + v1) %% 997;" % r.randint(2, 9),
                 "uint u0 = (uint)aux[idx] * 2654435761u;", "float f0 = fin[idx];",
                 "float f1 = f0 * 0.5f + 1.0f;", "const int cnt = lens[idx] % 6;",
                 "int acc = 0;", "float facc = 0.0f;"]
        sc = {"v0": "int", "v1": "int", "v2": "int", "u0": "uint", "f0": "float", "f1": "float",
              "cnt": "cint", "idx": "int"}
        if self.two_d:
            sc.update(x="int", y="int")
        if self.narrow:
            body.append("uchar c0 = (uchar)aux[idx], c1 = (uchar)(aux[idx] >> 2);")
        if r.random() < 0.4:
            body += ["int pa[3];", "pa[0] = v0 % 101;", "pa[1] = v1 % 101;", "pa[2] = v2 % 101;"]
            sc["pa"] = "arr"
        stmts = []
        for _ in range(r.randint(1, 3)):
            stmts += self.region(sc)
            if r.random() < 0.3:
                stmts.append(self.stmt(dict(sc), 3, False))
        body += self.render(stmts, "")
        body += ["res[4 * idx] = acc;", "res[4 * idx + 1] = v0 + v1 + v2;",
                 "res[4 * idx + 2] = (int)(u0 >> 1);", "res[4 * idx + 3] = (int)(facc * 8.0f) % 1000003;",
                 "fout[2 * idx] += f0 + f1;"]
        if "pa" in sc:
            body.append("out2[2 * idx + 1] += pa[0] + pa[1] + pa[2];")
        params = "int n, int w" + (", int h" if self.two_d else "")
        return "\n".join(head) + "\n" + PRELUDE + (
            "\n__kernel void %s(__global const int *in, __global const int *aux,\n"
            "    __global const int *lens, __global const float *fin, __global int *out,\n"
            "    __global int *out2, __global float *fout, __global int *res, __global int *hist,\n"
            "    %s)\n{\n%s\n}\n" % (self.name, params, "\n".join("    " + l for l in body)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int, default=0)
    ap.add_argument("-o", "--output")
    ap.add_argument("--count", type=int, default=1)
    ap.add_argument("--out-dir")
    a = ap.parse_args()
    if bool(a.output) == bool(a.out_dir):
        ap.error("give -o FILE or --out-dir DIR")
    for i in range(a.index, a.index + a.count):
        path = a.output or "%s/m%d_%d.cl" % (a.out_dir, a.seed, i)
        with open(path, "w") as f:
            f.write(Gen(a.seed, i).kernel())


if __name__ == "__main__":
    main()
