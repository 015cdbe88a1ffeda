#!/usr/bin/env python3
"""kgen_loopsplit.py: random kernels with a loop whose statements fall into groups.

The loopsplit transform's shapes, deterministic from (seed, index): a 1-D
or 2-D range behind a bounds guard (an early return or a block around the
work), index arithmetic in macros (`AT(i, k)`, `SLOTF(i, j)`, `IDX2(x, y)`),
state declared before the loop (float and int scalars, float[4] and int[4]
arrays, a struct, float4 and int2 vectors), and one `for` loop whose trip
count is a uniform parameter, a per-item count loaded before the loop or a
load in the condition itself; sometimes the loop sits in an outer uniform
loop (with or without a statement of its own after it).  Headers vary: the
usual `int k = 0; k < n; ++k`, counting down, stepping by 2, the induction
variable declared before the loop (and written out after it), an empty
initialisation, a second variable stepped in the increment (`++k, js += 3`;
declared before the loop, or in its initialisation).

The braced body has 2 to 7 statements: accumulations into the state
(`s += f(v)`, `s = fmax(s, v)`, `bins[j & 3] += ...`, struct members,
vector lanes), ifs on data inside them, a switch (its breaks), a block with
a declaration of its own, uniform inner loops (one that breaks, one that
continues), a statement ending in a macro (`s += HALF(v);`), helper calls
(pure ones, and ones writing through a pointer: `&s`, `&st`, an array
passed as itself or as `&a[0]`, a global buffer; one returning a value
too), a private pointer into a state array, chains (a statement reading
another's state, directly or through a declaration), declarations the
body repeats (`float v = fin[idx + k];`, `int j = k * 3 + (idx & 7);`, a
float[2], declarations of declarations) and ones it may not (modified
later, two declarators), stores to restrict per-step outputs
(`kout[AT(idx, k)]`), stores to non-restrict buffers (which may alias:
they join groups), and integer atomics with unused results on a histogram
(sums and maxima in separate bins).  After the loop every state variable
is written out, now and then after a change, through a declaration, two
states in one slot, or with a per-step output read back.

About 15% of the kernels have a shape loopsplit must decline; their first
line says which (`// expect decline: KIND`): break, continue, bound (the
body writes the loop's bound variable), barrier, unroll
(`__attribute__((opencl_unroll_hint(2)))` on the loop), condstore (the body
stores to the buffer the condition reads), chained (every statement reads
the state of the one before).  Such a kernel has no other loop tdrc could
split.  Values stay bounded (ints masked or taken `%` a prime, floats sums
of eighths), every access is in bounds, and a work-item writes only its own
elements (and the histogram through atomics); each kernel carries its
`// EXEC:` spec for tdr_exec (buffers of int and float only).

    kgen_loopsplit.py --seed S --index I -o FILE.cl
    kgen_loopsplit.py --seed S --index I --count C --out-dir DIR   (DIR/lsS_I.cl, ...)
"""
import argparse
import os
import random
import re

from kgen_loopsplit_body import LoopBodyGen

LOCALS_1D = [16, 32, 64, 100, 128]
LOCALS_2D = [(8, 4), (16, 8), (6, 5), (32, 2)]
DECLINE_KINDS = ["break", "continue", "bound", "barrier", "unroll", "condstore", "chained"]
BUFFERS = ["fin", "iin", "vin", "lens", "kout", "ikout", "aux", "aux2", "hist", "fsout", "isout",
           "n", "reps"]
STATE_KINDS = [("f", 4.0), ("i", 3.0), ("fa", 1.5), ("ia", 1.5), ("st", 1.5), ("f4", 1.0), ("i2", 1.0)]
PREFIX = {"f": "s", "i": "c", "fa": "fb", "ia": "ib", "st": "st", "f4": "q", "i2": "p"}

HELPERS = {
    "sq": "static float sq(float a) { return a * a; }",
    "HALF": "#define HALF(v) ((v) * 0.5f)",
    "mixi": "static int mixi(int a, int b) { return ((a * 31) ^ b) % 1009; }",
    "acc_f": "static void acc_f(float *a, float v) { *a += v * 0.5f; }",
    "acc_i": "static void acc_i(int *a, int v) { *a = (*a * 5 + (v & 255)) % 8191; }",
    "bin_f": "static void bin_f(float *b, int at, float v) { b[at & 3] += v; }",
    "bin_i": "static void bin_i(int *b, int at) { b[(at >> 1) & 3] += 1; }",
    "take_f": "static int take_f(float *b, int at, float v)\n{\n    b[at & 3] += v;\n    return at & 1;\n}",
    "take_i": "static int take_i(int *b, int at)\n{\n    b[at & 3] ^= at;\n    return (at >> 2) & 3;\n}",
    "upd_acc": ("static void upd_acc(acc_t *a, float v)\n{\n    a->sum += v;\n"
                "    a->hi = fmax(a->hi, v);\n    a->cnt += v > 0.0f;\n}"),
    "acc4": "static void acc4(float4 *a, float4 v) { *a = mad(v, (float4)(0.25f), *a); }",
    "put_f": "static void put_f(__global float *o, int at, float v) { o[at] = v; }",
}
HELPER_ORDER = ["HALF", "sq", "mixi", "acc_f", "acc_i", "bin_f", "bin_i", "take_f", "take_i", "upd_acc", "acc4",
                "put_f"]


class State:
    def __init__(self, kind, name):
        self.kind, self.name = kind, name
        self.ptr = None  # a private pointer into the array, if declared

    def rd_float(self, r, at="k & 3"):
        """An expression reading the state as a float (an array at `at`)."""
        n = self.name
        return {"f": n, "i": "(float)%s" % n, "fa": "%s[%s]" % (n, at),
                "ia": "(float)%s[%s]" % (n, at), "st": r.choice(["%s.sum" % n, "%s.hi" % n]),
                "f4": "%s.%s" % (n, r.choice("xyzw")), "i2": "(float)%s.y" % n}[self.kind]

    def rd_int(self, r, at="k & 3"):
        n = self.name
        return {"f": "(int)%s" % n, "i": n, "fa": "(int)%s[%s]" % (n, at), "ia": "%s[%s]" % (n, at),
                "st": "%s.cnt" % n, "f4": "(int)%s.x" % n, "i2": "%s.x" % n}[self.kind]


class LoopSplitGen(LoopBodyGen):
    def __init__(self, seed, index):
        r = self.r = random.Random("kloopsplit:%d:%d" % (seed, index))
        self.seed, self.index = seed, index
        self.name = "ls%d_%d" % (seed, index)
        self.decline = r.choice(DECLINE_KINDS) if r.random() < 0.15 else None
        self.two_d = r.random() < 0.4
        self.K = r.choice([8, 12, 16])
        self.used = set()      # buffers and parameters the kernel names (aux: stored to)
        self.helpers = set()   # helpers it calls
        self.body = []         # top-level statements of the loop: lists of lines
        self.fdecls, self.idecls, self.f4decls = [], [], []
        self.ndecl = 0
        self.spare = 0         # statements the current unit may spend on declarations
        self.forced_f = self.forced_i = None
        self.fin_restrict = r.random() < 0.8
        self.hist_restrict = r.random() < 0.7
        self.states = []
        self.written = set()   # states some statement writes
        self.extra_ints = []   # more ints written out after the loop (k, js, rounds)
        self.js = None         # a second variable stepped in the increment
        self.outer = False

    # ------------------------------------------------------------ kernel
    def pick_states(self, count):
        r = self.r
        kinds = [k for k, _ in STATE_KINDS]
        weights = [w for _, w in STATE_KINDS]
        taken = {}
        for _ in range(count):
            k = r.choices(kinds, weights)[0]
            if k in ("st", "f4", "i2") and k in taken:
                k = r.choice(["f", "i"])
            taken[k] = taken.get(k, 0) + 1
            self.states.append(State(k, "%s%d" % (PREFIX[k], len(self.states))))

    def state_decls(self):
        r = self.r
        out = []
        for s in self.states:
            n = s.name
            if s.kind == "f":
                init = r.choice(["0.0f", "fin[idx]", "1.0f"])
                out.append("float %s = %s;" % (n, init))
            elif s.kind == "i":
                out.append("int %s = %s;" % (n, r.choice(["0", "idx & 7", "1"])))
            elif s.kind == "fa":
                out.append("float %s[4] = {0.0f, 0.0f, 0.0f, 0.0f};" % n)
            elif s.kind == "ia":
                out.append("int %s[4] = {0, 0, 0, 0};" % n)
            elif s.kind == "st":
                out.append("acc_t %s = {0.0f, -8.0f, 0};" % n)
            elif s.kind == "f4":
                out.append("float4 %s = (float4)(0.0f);" % n)
            else:
                out.append("int2 %s = (int2)(0, 0);" % n)
            if s.kind in ("fa", "ia") and r.random() < 0.3 and not self.decline:
                s.ptr = "pt" + n
                out.append("%s *%s = %s;" % ("float" if s.kind == "fa" else "int", s.ptr, n))
        return out

    def outputs(self):
        """Statements after the loop writing every state out (loopsplit may move
        them up between the loops); (lines, float slots, int slots)."""
        r = self.r
        lines, nf, ni = [], 0, 0
        scalars = [s for s in self.states if s.kind in ("f", "i")]
        if scalars and r.random() < 0.25:  # the state changed after the loop first
            s = r.choice(scalars)
            lines.append("%s = %s * 0.5f + 1.0f;" % (s.name, s.name) if s.kind == "f" else
                         "%s = %s %% 1009;" % (s.name, s.name))
        base = r.random() < 0.15 and any(s.kind == "f" for s in self.states)
        if base:  # a declaration after the loop that the outputs use
            lines.append("const int fo = SLOTF(idx, 0);")
        for s in self.states:
            n = s.name
            if s.kind == "f":
                lines.append("fsout[fo + %d] = %s;" % (nf, n) if base else
                             "fsout[SLOTF(idx, %d)] = %s;" % (nf, n))
                nf += 1
            elif s.kind == "i":
                lines.append("isout[SLOTI(idx, %d)] = %s;" % (ni, n))
                ni += 1
            elif s.kind in ("fa", "ia"):
                buf, macro, at = ("fsout", "SLOTF", nf) if s.kind == "fa" else ("isout", "SLOTI", ni)
                lines += ["for (int b = 0; b < 4; ++b)",
                          "    %s[%s(idx, %d + b)] = %s[b];" % (buf, macro, at, n)]
                if s.kind == "fa":
                    nf += 4
                else:
                    ni += 4
            elif s.kind == "st":
                lines += ["fsout[SLOTF(idx, %d)] = %s.sum;" % (nf, n),
                          "fsout[SLOTF(idx, %d)] = %s.hi;" % (nf + 1, n),
                          "isout[SLOTI(idx, %d)] = %s.cnt;" % (ni, n)]
                nf += 2
                ni += 1
            elif s.kind == "f4":
                lines.append("vstore4(%s, 0, fsout + SLOTF(idx, %d));" % (n, nf))
                nf += 4
            else:
                lines.append("vstore2(%s, 0, isout + SLOTI(idx, %d));" % (n, ni))
                ni += 2
        for name in self.extra_ints:
            lines.append("isout[SLOTI(idx, %d)] = %s;" % (ni, name))
            ni += 1
        if len(self.states) >= 2 and r.random() < 0.2:  # two groups' results together
            a, b = r.sample(self.states, 2)
            lines.append("fsout[SLOTF(idx, %d)] = %s - %s;" % (nf, a.rd_float(r, "1"), b.rd_float(r, "2")))
            nf += 1
        if r.random() < 0.15:  # a per-step output read back
            lines.append("fsout[SLOTF(idx, %d)] = kout[AT(idx, 0)] + %s;" % (nf, r.choice(self.states).rd_float(r, "3")))
            nf += 1
        return lines, nf, ni

    def header(self):
        """(lines before the loop, the `for (...)` text); the bound's source decided here."""
        r = self.r
        d = self.decline
        pre = []
        bound_src = r.choice(["cnt", "cnt", "n", "lens", "min"]) if not d else \
            {"bound": "cnt", "barrier": "n", "condstore": "lens"}.get(d, r.choice(["cnt", "n", "lens"]))
        if bound_src in ("cnt", "min"):
            pre.append("int cnt = lens[idx];")
        bound = {"cnt": "cnt", "n": "n", "lens": "lens[idx]", "min": "min(cnt, n)"}[bound_src]
        shape = "std"
        if not d:
            shape = r.choices(["std", "down", "step2", "outside", "noinit", "incvar", "incinit"],
                              [56, 10, 8, 8, 6, 6, 6])[0]
        if shape == "std":
            head = "for (int k = 0; k < %s; ++k)" % bound
        elif shape == "down":
            head = "for (int k = %s - 1; k >= 0; --k)" % bound
        elif shape == "step2":
            head = "for (int k = idx & 1; k < %s; k += 2)" % bound
        elif shape == "outside":
            pre.append("int k;")
            head = "for (k = 0; k < %s; ++k)" % bound
            self.extra_ints.append("k")
        elif shape == "noinit":
            pre.append("int k = idx & 1;")
            head = "for (; k < %s; ++k)" % bound
            self.extra_ints.append("k")
        elif shape == "incvar":
            pre.append("int js = idx & 3;")
            head = "for (int k = 0; k < %s; ++k, js += 3)" % bound
            self.js = "js"
            self.extra_ints.append("js")
        else:
            head = "for (int k = 0, jj = idx & 3; k < %s; ++k, jj += 3)" % bound
            self.js = "jj"
        return pre, head

    def kernel(self):
        """The kernel's text: its ranges, loop and outputs, then its parameters."""
        spec = self.launch_spec()
        decls, pre, head, after_outer, tail_comment = self.plan_loop()
        outs, nf, ni = self.outputs()
        lines = self.kernel_lines(decls, pre, head, after_outer, tail_comment, outs)
        params, execs = self.parameters("\n".join(lines), nf, ni)
        sig = "__kernel void %s(%s)" % (self.name, ",\n    ".join(params))
        return "\n".join(self.preamble(spec, execs, nf, ni) + ["", sig, "{"] + lines + ["}"]) + "\n"

    def launch_spec(self):
        """The EXEC line's `global=... local=...`."""
        r = self.r
        if self.decline == "barrier":  # every work-item reaches the barrier: no partial groups
            if self.two_d:
                locs = r.sample([(8, 4), (16, 8), (32, 2)], 2)
                g = (32 * r.randint(1, 2), 8 * r.randint(1, 3))
            else:
                locs = sorted(r.sample([16, 32, 64], 2))
                g = 64 * r.randint(2, 6)
        elif self.two_d:
            locs = r.sample(LOCALS_2D, 2)
            g = (r.randint(9, 50), r.randint(5, 24))
        else:
            locs = sorted(r.sample(LOCALS_1D, 2))
            g = r.randint(100, 700)
        if self.two_d:
            return "global=%dx%d local=%s" % (g[0], g[1], ",".join("%dx%d" % l for l in locs))
        return "global=%d local=%s" % (g, ",".join(str(l) for l in locs))

    def plan_loop(self):
        """The state, the loop's header and body (self.body), and the outer loop;
        (state declarations, lines before the loop, the `for (...)` text, the
        statement after the loop in the outer loop or None, a closing comment)."""
        r = self.r
        d = self.decline
        count = r.randint(2, 4)
        self.pick_states(count)
        decls = self.state_decls()
        pre, head = self.header()
        self.outer = not d and r.random() < 0.25 or d in ("break", "continue") and r.random() < 0.2
        after_outer = None  # a statement after the loop in the outer loop's body
        if self.outer and not d and r.random() < 0.4:
            fs = [s for s in self.states if s.kind == "f"]
            if fs and r.random() < 0.7:
                after_outer = "%s = %s * 0.5f;" % ((r.choice(fs).name,) * 2)
            else:  # written only there: the outer loop itself may split
                after_outer = "rounds += r;"
                decls.append("int rounds = 0;")
                self.extra_ints.append("rounds")
        if d == "chained":
            self.chained_body(count)
        else:
            budget = r.randint(2, 6 if d else 7)
            if r.random() < 0.35:  # a sample every group reads, as in the seed
                self.spare = 1
                self.fdecl()
            while len(self.body) < budget or self.nondecl() < 2:
                self.unit(max(budget - len(self.body), 1))
        if d:
            self.insert_decline()
        # a comment before a statement and before the closing brace now and then
        if r.random() < 0.2:
            at = r.randrange(len(self.body))
            self.body[at] = ["// step %d of the loop's work" % at] + self.body[at]
        return decls, pre, head, after_outer, r.random() < 0.1

    def kernel_lines(self, decls, pre, head, after_outer, tail_comment, outs):
        """The kernel body's lines: the bounds guard, the state, the loop, the outputs."""
        r = self.r
        lines = []

        def emit(depth, text):
            lines.append("    " * depth + text if text else "")

        depth = 1
        guard_block = r.random() < 0.4
        if self.two_d:
            emit(depth, "int x = get_global_id(0), y = get_global_id(1);")
            cond = "x < w && y < h"
        else:
            emit(depth, "int idx = get_global_id(0);")
            cond = "idx < nitems"
        if guard_block:
            emit(depth, "if (%s) {" % cond)
            depth += 1
        else:
            emit(depth, "if (!(%s))" % cond if r.random() < 0.3 else
                 "if (%s)" % ("x >= w || y >= h" if self.two_d else "idx >= nitems"))
            emit(depth + 1, "return;")
        if self.two_d:
            emit(depth, "int idx = IDX2(x, y);")
        for t in decls + pre:
            emit(depth, t)
        if self.outer:
            emit(depth, "for (int r = 0; r < reps; ++r) {")
            depth += 1
        if self.decline == "unroll":
            emit(depth, "__attribute__((opencl_unroll_hint(2)))")
        emit(depth, head + " {")
        for st in self.body:
            for t in st:
                emit(depth + 1, t)
        if tail_comment:
            emit(depth + 1, "// next step")
        emit(depth, "}")
        if self.outer:
            if after_outer:
                emit(depth, after_outer)
            depth -= 1
            emit(depth, "}")
        for t in outs:
            emit(depth, t)
        if guard_block:
            depth -= 1
            emit(depth, "}")
        return lines

    def parameters(self, text, nf, ni):
        """(parameters, their EXEC lines) in a fixed order: those the body's text
        names; sets self.used and self.helpers from it."""
        r = self.r
        d = self.decline
        self.used = {b for b in BUFFERS if re.search(r"\b%s\b" % b, text)}
        self.helpers = {h for h in HELPERS if re.search(r"\b%s\(" % h, text)}
        K = self.K
        params, execs = [], []
        extent = "N+%d" % (K + 8)

        def buf(name, decl, ty, size, fill):
            if name in self.used:
                params.append(decl)
                execs.append("// EXEC: arg %s buf %s size=%s fill=%s" % (name, ty, size, fill))

        buf("fin", "__global const float *%sfin" % ("restrict " if self.fin_restrict else ""),
            "float", extent, "rand:-8:8")
        buf("iin", "__global const int *restrict iin", "int", extent, "rand:-1000:1000")
        buf("vin", "__global const float *restrict vin", "float", "4*N+%d" % (4 * K + 8), "rand:-4:4")
        buf("lens", "__global %sint *restrict lens" % ("" if d == "condstore" else "const "), "int",
            "2*N" if d == "condstore" else "N", "rand:0:%d" % K)
        buf("kout", "__global float *restrict kout", "float", "%d*N" % K, "zero")
        buf("ikout", "__global int *restrict ikout", "int", "%d*N" % K, "zero")
        buf("aux", "__global float *aux", "float", "%d*N" % K, "zero")
        buf("aux2", "__global int *aux2", "int", "%d*N" % K, "zero")
        buf("hist", "__global int *%shist" % ("restrict " if self.hist_restrict else ""), "int", "16", "zero")
        buf("fsout", "__global float *restrict fsout", "float", "%d*N" % max(nf, 1), "zero")
        buf("isout", "__global int *restrict isout", "int", "%d*N" % max(ni, 1), "zero")
        if self.two_d:
            params += ["int w", "int h"]
            execs += ["// EXEC: arg w val int value=G0", "// EXEC: arg h val int value=G1"]
        else:
            params.append("int nitems")
            execs.append("// EXEC: arg nitems val int value=N")
        if "n" in self.used:
            params.append("int n")
            execs.append("// EXEC: arg n val int value=%d" % r.randint(2, K))
        if "reps" in self.used:
            params.append("int reps")
            execs.append("// EXEC: arg reps val int value=%d" % r.randint(2, 3))
        return params, execs

    def preamble(self, spec, execs, nf, ni):
        """The lines before the kernel: its comments and EXEC lines, macros,
        the struct and the helpers it calls."""
        head_lines = []
        if self.decline:
            head_lines.append("// expect decline: %s" % self.decline)
        head_lines += ["// %s: kgen_loopsplit.py --seed %d --index %d (a loop of independent statements)"
                       % (self.name, self.seed, self.index),
                       "// EXEC: kernel=%s %s" % (self.name, spec)] + execs
        pre_kernel = ["", "#define KMAX %d" % self.K, "#define AT(i, k) ((i) * KMAX + (k))"]
        if nf:
            pre_kernel.append("#define SLOTF(i, j) ((i) * %d + (j))" % nf)
        if ni:
            pre_kernel.append("#define SLOTI(i, j) ((i) * %d + (j))" % ni)
        if self.two_d:
            pre_kernel.append("#define IDX2(x, y) ((y) * w + (x))")
        if any(s.kind == "st" for s in self.states):
            pre_kernel += ["", "typedef struct {", "    float sum, hi;", "    int cnt;", "} acc_t;"]
        hs = [HELPERS[h] for h in HELPER_ORDER if h in self.helpers]
        if hs:
            pre_kernel += [""] + hs
        return head_lines + pre_kernel

    def insert_decline(self):
        r = self.r
        d = self.decline
        if d == "break":
            st = [r.choice(["if (fin[idx + k] > 5.5f)", "if (((k + idx) & 7) == 5)"]), "    break;"]
        elif d == "continue":
            st = [r.choice(["if (fin[idx + k] < -5.0f)", "if (((k + idx) & 7) == 3)"]), "    continue;"]
        elif d == "bound":
            st = ["if (fin[idx + k] > 6.0f)", "    cnt--;"]
        elif d == "barrier":
            st = ["barrier(CLK_LOCAL_MEM_FENCE);"]
        elif d == "condstore":
            st = ["lens[%s + idx] = k;" % ("w * h" if self.two_d else "nitems")]
        else:
            return  # unroll, chained: the header or the body itself
        at = r.randint(0, len(self.body)) if d != "condstore" else len(self.body)
        self.body.insert(at, st)


def generate(seed, index):
    return LoopSplitGen(seed, index).kernel()


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
    if a.output:
        with open(a.output, "w") as f:
            f.write(generate(a.seed, a.index))
        return
    os.makedirs(a.out_dir, exist_ok=True)
    for i in range(a.index, a.index + a.count):
        with open(os.path.join(a.out_dir, "ls%d_%d.cl" % (a.seed, i)), "w") as f:
            f.write(generate(a.seed, i))


if __name__ == "__main__":
    main()
