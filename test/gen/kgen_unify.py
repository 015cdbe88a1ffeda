#!/usr/bin/env python3
"""kgen_unify.py: random kernels whose work splits on data into paths.

The shapes of the bpu transform (branch path unification), deterministic
from (seed, index): a 1-D or 2-D range behind a bounds guard; a prefix of
declarations and loads (`int v0 = in[idx] % 1000;`, a neighbour, a value
of the mix buffer `sel`), a private array, a uniform loop, the group's
offset, an if on the IDs only, a data-dependent return (braced or not),
written parameters (`in += idx;` / `out += idx;`, then the item's element
is [0]; the scalar `salt` or `w` updated), macro constants; then one
divergent branch on the loaded data (some conditions mix in the IDs):
if/else, an else-if chain of 3 to 5 paths (sometimes 6 to 8; with or
without a final else) or an if alone; arms of integer work of different
lengths (for/while/do loops with constant trip counts, break and continue,
updates bounded by `%` primes, a uint hash, helpers taking values or a
pointer, the IDs, a nested if, a switch, a return outside loops, an
integer atomic whose result is unused), braced or not; a suffix that
writes the result (empty when the arms write it themselves).  Sometimes a
condition assigns a private variable (`(t = v0 % 7) > 3`), as lookups do
(bpu may decline those).

About 15% of the kernels have a shape bpu must decline (the kernel's first
line says which, `expect decline: ...`): a store or an atomic before the
branch, a return inside a loop of an arm, an atomic whose result is used,
a chain of 9 or 10 paths.  A return or an ID read spelled in a macro, and
an ID read in a helper (`hgrp`), used to be among them; since tdrc unfolds
macros and clones such helpers those kernels may be unified (and are
compared like the others).  Ints stay bounded (`%` by primes;
uint wraps), so every kernel is well defined; a work-item writes only its
own elements (and the histogram through atomics).  Each kernel carries its
`// EXEC:` spec for tdr_exec.

Arms may call `hlane`, a helper that reads the local and group IDs and
calls `hrow`, which reads the global ID (bpu and split's lists clone both).

--guard-block (the split transform's shapes): half of the kernels keep the
bounds check as a block around everything, `if (idx < w) { ... }`, as
image kernels do, instead of an early return.

    kgen_unify.py --seed S --index I [--guard-block] -o FILE.cl
"""
import argparse
import random

LOCALS_1D = [16, 32, 64, 100, 128]
LOCALS_2D = [(8, 4), (16, 8), (6, 5), (32, 2)]
PRIMES = [997, 6007, 7919, 10007]
DECLINES = ["prefix-store", "prefix-atomic", "loop-return", "atomic-used",
            "id-macro", "id-helper", "macro-return", "nine-paths"]
# Shapes bpu may unify since tdrc unfolds macros and clones helpers that
# read IDs (issue 25): still drawn (the kernels stay what they were), no
# longer expected to be declined.
HANDLED = ("id-macro", "macro-return", "id-helper")

HELPERS = """int hmix(int a, int b) { return (a * 7 + b) % 4099; }
int hwalk(int x, int n)
{
    int a = x % 10007;
    for (int k = 0; k < n; ++k)
        a = (a * 3 + k) % 10007;
    return a;
}
void hput(__global int *p, int v) { *p = v % 7919; }
"""


class UnifyGen:
    def __init__(self, seed, index):
        self.r = random.Random("kunify:%d:%d" % (seed, index))
        self.r_seed = "kunify-guard:%d:%d" % (seed, index)
        self.guard_block = False    # --guard-block
        self.name = "u%d_%d" % (seed, index)
        self.lines = []
        self.depth = 1
        self.vars = ["v0"]          # ints in scope after the prefix
        self.data = ["v0"]          # of them, loaded from memory
        self.macros = []
        self.helpers = []
        self.out_advanced = False   # `out += idx;`: the item's slot is out[0]
        self.dst = None             # `__global int *dst = out + idx;`: the slot
        self.salt_used = False      # the scalar parameter salt is read/written
        self.tvar = False           # `int t` declared for conditions that assign
        self.nloops = 0             # loop counters k1, k2, ...
        r = self.r
        self.two_d = r.random() < 0.35
        self.decline = r.choice(DECLINES) if r.random() < 0.15 else None
        self.decline_done = False

    def emit(self, text):
        self.lines.append("    " * self.depth + text)

    # ------------------------------------------------------------ values
    def operand(self):
        r = self.r
        return r.choice(self.vars + ["r", "r", str(r.randint(1, 9))])

    def update(self, target="r"):
        """target = f(target, ...), bounded by a prime."""
        r = self.r
        a, b = self.operand(), self.operand()
        self.emit("%s = (%s * %d + (%s %s %s)) %% %d;" % (
            target, target, r.randint(2, 5), a, r.choice(["+", "-", "^", "*"]), b, r.choice(PRIMES)))

    def data_cond(self, on=None):
        """A condition on loaded data that splits the items."""
        r = self.r
        on = on or r.choice(self.data)
        kind = r.randint(0, 5)
        if kind == 0 and "s" in self.data:
            return r.choice(["s > 0", "sel[idx] > 0", "s > 0 && (%s & 1) == 0" % on])
        if kind == 1:
            return "%s > %d" % (on, r.randint(-200, 200))
        if kind == 2:
            return "(%s & %d) %s %d" % (on, r.choice([3, 7, 15]), r.choice(["==", ">"]), r.randint(0, 2))
        if kind == 3:
            return "hmix(%s, %d) %% %d == 0" % (on, r.randint(1, 9), r.randint(2, 4))
        if kind == 4:
            return "%s %% %d == %d" % (on, r.choice([3, 5, 7]), r.randint(0, 2))
        ids = ["(int)get_global_id(0)", "(int)get_group_id(0)", "(int)get_local_id(0)", "idx"]
        return r.choice(["(%s + %s) %% 3 == 0", "%s > %s %% 64 - 32"]) % (on, r.choice(ids))

    def chain_conds(self, n):
        """n - 1 conditions of an n-path chain (one of them may assign t)."""
        r = self.r
        if r.random() < 0.5:  # classes of one value
            on, m = r.choice(self.data), r.choice([n, n + 1, 7])
            m = max(m, n - 3)
            conds = ["%s %% %d == %d" % (on, m, k) for k in r.sample(range(-2, m), n - 1)]
        else:
            conds = [self.data_cond() for _ in range(n - 1)]
        if r.random() < 0.06:
            self.tvar = True
            k = r.randrange(len(conds))
            conds[k] = "(t = %s %% %d) > %d" % (r.choice(self.data), r.choice([5, 7, 11]), r.randint(1, 3))
        return conds

    # ------------------------------------------------------------ parts
    def prefix(self):
        r = self.r
        self.in_advanced = r.random() < 0.15
        if self.in_advanced:  # the input pointer steps to the item's element
            self.emit("in += idx;")
            self.emit("int v0 = in[0] % 1000;")
        elif self.two_d and r.random() < 0.25:
            self.emit("__global const int *row = in + y * w;")
            self.emit("int v0 = row[x] % 1000;")
        else:
            self.emit("int v0 = in[idx] % 1000;")
        if r.random() < 0.6:
            self.emit("int s = sel[idx];")
            self.vars.append("s")
            self.data.append("s")
        if r.random() < 0.3:
            nb = "in[y * w + (x + 1 < w ? x + 1 : x)]" if self.two_d else "in[idx + 1 < w ? idx + 1 : idx]"
            if self.in_advanced:
                nb = "in[%s + 1 < w ? 1 : 0]" % ("x" if self.two_d else "idx")
            self.emit("int nb = %s %% 1000;" % nb)
            self.vars.append("nb")
            self.data.append("nb")
        for i in range(1, r.randint(1, 3)):
            self.emit("int v%d = (v%d * %d + %d) %% 997;" % (i, i - 1, r.randint(2, 9), r.randint(0, 50)))
            self.vars.append("v%d" % i)
            self.data.append("v%d" % i)
        if r.random() < 0.25:
            self.emit("int mag = v0 < 0 ? -v0 : v0;")
            self.vars.append("mag")
            self.data.append("mag")
        if r.random() < 0.2:
            self.emit("int tmp[2];")
            self.emit("{")
            self.emit("    tmp[0] = v0 + 1;")
            self.emit("    tmp[1] = v0 - 1;")
            self.emit("}")
            self.vars.append("tmp[1]")
        if r.random() < 0.2:
            self.emit("int bias = %d;" % r.randint(0, 5))
            steps = r.choice(["STEPS", str(r.randint(2, 5))])
            if steps == "STEPS":
                self.macro("STEPS", r.randint(2, 5))
            self.emit("for (int k = 0; k < %s; ++k)" % steps)
            self.emit("    bias = (bias * 3 + v0 + k) % 1009;")
            self.vars.append("bias")
        if r.random() < 0.15:
            self.emit("int gx = (int)get_group_id(0) * (int)get_local_size(0) %% %d;" % r.choice([97, 101]))
            self.vars.append("gx")
        if r.random() < 0.12:  # an if on the IDs only: part of the prefix
            self.emit("int lane = 0;")
            self.emit("if ((idx & %d) == 0)" % r.choice([1, 3, 7]))
            self.emit("    lane = %d;" % r.randint(1, 9))
            self.vars.append("lane")
        if self.decline == "prefix-atomic":
            self.emit("atomic_add(&hist[v0 & 15], 1);")
            self.decline_done = True
        if r.random() < 0.3:
            if r.random() < 0.3:
                self.emit("if (%s) {" % self.data_cond("v0"))
                self.emit("    return;")
                self.emit("}")
            else:
                self.emit("if (%s)" % self.data_cond("v0"))
                self.emit("    return;")
        if r.random() < 0.3:
            self.emit("out += idx;")
            self.out_advanced = True
        elif r.random() < 0.2:
            self.emit("__global int *dst = out + idx;")
            self.dst = r.choice(["*dst", "dst[0]"])
        if self.decline == "prefix-store":
            self.emit("%s = 0;" % self.slot())
            self.decline_done = True
        if r.random() < 0.25:
            self.emit("salt = (salt * 3 + v0) % 1009;")
            self.salt_used = True
        elif r.random() < 0.1:
            self.emit("w = (w * 3 + v0) % 1009;")  # after the guard and idx: the launch's w is gone
            self.vars.append("w")

    def macro(self, name, value):
        if name not in [m[0] for m in self.macros]:
            self.macros.append((name, value))

    def slot(self):
        return self.dst or ("out[0]" if self.out_advanced else "out[idx]")

    def id_value(self):
        r = self.r
        ids = ["(int)get_group_id(0)", "(int)get_global_id(0)", "(int)get_local_id(0)",
               "(int)get_local_size(0)", "(int)get_num_groups(0)"]
        if self.two_d:
            ids += ["(int)get_global_id(1)", "(int)get_group_id(1)"]
        return r.choice(ids)

    def arm_stmt(self, depth_left, in_loop=False):
        r = self.r
        kinds = ["upd", "upd", "loop", "helper", "id", "hash", "atomic"]
        # Helpers that read IDs: cloned by bpu and by split's lists.
        kinds += ["idhelper", "idhelper"] if self.guard_block else ["idhelper"]
        if depth_left > 0:
            kinds += ["nested", "switch"]
        if not in_loop:
            kinds += ["return", "salt"]
        kind = r.choice(kinds)
        if kind == "upd":
            self.update()
        elif kind == "loop":
            n = r.choice([2, 3, 5, 8, 12, 20, "ROUNDS"])
            if n == "ROUNDS":
                self.macro("ROUNDS", r.randint(4, 10))
            self.nloops += 1
            k = "k%d" % self.nloops
            form = r.choice(["for", "for", "while", "do"])
            if form == "for":
                self.emit("for (int %s = 0; %s < %s; ++%s) {" % (k, k, n, k))
            else:
                self.emit("int %s = 0;" % k)
                self.emit("while (%s++ < %s) {" % (k, n) if form == "while" else "do {")
            self.depth += 1
            self.emit("r = (r * %d + %s) %% %d;" % (r.randint(2, 5), k, r.choice(PRIMES)))
            if r.random() < 0.4:
                self.update()
            if r.random() < 0.2 and depth_left > 0:
                self.emit("if ((r & 7) == %d)" % r.randint(0, 7))
                self.emit("    %s;" % r.choice(["continue", "break", "r += 3"]))
            self.depth -= 1
            self.emit("}" if form != "do" else "} while (++%s < %s);" % (k, n))
        elif kind == "helper":
            h = r.choice(["hmix", "hwalk", "MIXI"])
            if h == "MIXI":
                self.macro("MIXI(a, b)", "(((a) * 5 + (b)) % 7919)")
            else:
                self.helpers.append(h)
            arg = r.choice([self.operand(), str(r.randint(2, 6))]) if h != "hwalk" else str(r.randint(2, 9))
            self.emit("r = %s(r, %s);" % (h, arg))
        elif kind == "idhelper":
            self.helpers.append("hlane")
            self.emit("r = hlane(r);")
        elif kind == "id":
            self.emit("r = (r + %s %% %d) %% 7919;" % (self.id_value(), r.choice([5, 7, 13])))
        elif kind == "hash":
            self.emit("{")
            self.emit("    uint hsh = (uint)(r + %d) * 2654435761u;" % r.randint(0, 99))
            self.emit("    r = (int)(hsh >> %d);" % r.randint(18, 22))
            self.emit("}")
        elif kind == "atomic":
            self.emit("atomic_add(&hist[r & 15], 1);")
        elif kind == "nested":
            self.emit("if (%s) {" % r.choice([self.data_cond(), "(r & %d) == 0" % r.choice([1, 3])]))
            self.depth += 1
            for _ in range(r.randint(1, 2)):
                self.arm_stmt(depth_left - 1, in_loop)
            self.depth -= 1
            if r.random() < 0.5:
                self.emit("} else {")
                self.depth += 1
                self.arm_stmt(depth_left - 1, in_loop)
                self.depth -= 1
            self.emit("}")
        elif kind == "switch":
            self.emit("switch (r & 3) {")
            self.emit("case 0:")
            self.emit("    r = (r + %s) %% 6007;" % self.operand())
            self.emit("    break;")
            self.emit("case 1:")
            self.emit("    r = hmix(r, %d);" % r.randint(1, 9))
            self.helpers.append("hmix")
            if r.random() < 0.5:
                self.emit("    /* fall through */")
            else:
                self.emit("    break;")
            self.emit("default:")
            self.emit("    r = (r * 3 + 1) % 997;")
            self.emit("}")
        elif kind == "return":
            if r.random() < 0.5:
                self.emit("if ((r %% %d) == %d)" % (r.choice([7, 11, 13]), r.randint(0, 3)))
                self.emit("    return;")
            else:
                self.emit("if ((r %% %d) == %d) {" % (r.choice([5, 7]), r.randint(0, 3)))
                self.emit("    %s = r + 1;" % self.slot())
                self.emit("    return;")
                self.emit("}")
        elif kind == "salt":
            self.emit("salt = (salt + r) % 1009;")
            self.salt_used = True

    def arm(self, path, init, writes, last):
        """One path's statements, at self.depth."""
        r = self.r
        if init:
            self.emit("r = %s;" % r.choice(["v0", "%s * %d" % (r.choice(self.vars), r.randint(2, 9)),
                                             "%d" % r.randint(0, 99)]))
        if self.tvar:
            self.emit("r = (r + t) % 997;")
        for _ in range(r.choice([0, 1, 1, 2, 3, 4][:4 + path % 3]) or (0 if init else 1)):
            self.arm_stmt(1)
        if self.decline and not self.decline_done and (last or r.random() < 0.4):
            self.decline_stmt()
        if writes:
            self.emit("%s = %s;" % (self.slot(), "(r + salt) % 7919" if self.salt_used else "r"))
            if r.random() < 0.2:
                self.emit("return;")

    def decline_stmt(self):
        r = self.r
        d = self.decline
        if d == "loop-return":
            self.emit("for (int q = 0; q < %d; ++q) {" % r.randint(3, 9))
            self.emit("    r = (r * 3 + q) % 7919;")
            self.emit("    if ((r & 15) == %d)" % r.randint(0, 15))
            self.emit("        return;")
            self.emit("}")
        elif d == "atomic-used":
            self.emit("if (atomic_inc(&hist[r & 15]) >= 0)  /* always: counts only grow */")
            self.emit("    r = (r + 1) % 7919;")
        elif d == "id-macro":
            self.macro("GID0", "((int)get_global_id(0))")
            self.emit("r = (r + GID0 % 7) % 7919;")
        elif d == "macro-return":
            self.macro("SKIP_IF(c)", "if (c) return")
            self.emit("SKIP_IF((r %% %d) == %d);" % (r.choice([5, 7]), r.randint(0, 4)))
        elif d == "id-helper":
            self.helpers.append("hgrp")
            self.emit("r = hgrp(r);")
        else:
            return
        self.decline_done = True

    def branch(self):
        r = self.r
        shape = r.choice(["ifelse", "ifelse", "chain", "chain", "chain-noelse", "if"])
        if shape == "ifelse":
            n, has_else = 2, True
        elif shape == "if":
            n, has_else = 2, False
        else:
            n, has_else = r.randint(3, 5), shape == "chain"
            if r.random() < 0.1:
                n = r.randint(6, 8)  # at most 8 paths (a missing else counts)
        if self.decline == "nine-paths":
            n, has_else = r.randint(9, 10), True
            self.decline_done = True
        conds = self.chain_conds(n) if n > 2 else [self.data_cond()]
        if self.tvar:
            self.emit("int t = 0;")
            self.vars.append("t")
        self.arms_write = r.random() < 0.3
        init = has_else and r.random() < 0.5
        self.emit("int r;" if init else "int r = %s;" % r.choice(["v0", "0", "%d" % r.randint(1, 50)]))
        narms = n if has_else else n - 1
        braced = r.random() < 0.85
        if n > 2 and r.random() < 0.08:  # the first path only returns
            self.emit("if (%s)" % conds[0])
            self.emit("    return;")
            conds[0] = None
        for k in range(narms):
            if k == 0 and conds[0] is None:
                continue
            if k == narms - 1 and k >= len(conds) and not init and braced and r.random() < 0.1:
                self.lines[-1] += " else {"  # an empty else
                self.emit("}")
                break
            if k < len(conds):
                head = ("if (%s)" if k == 0 else "else if (%s)") % conds[k]
            else:
                head = "else"
            if not braced:  # one statement per arm
                self.emit(head)
                self.depth += 1
                if self.arms_write:
                    self.emit("%s = %s * %d %% 997;" % (self.slot(), r.choice(self.data), r.randint(2, 9)))
                else:
                    self.emit("r = (%s * %d + %d) %% 997;" % (r.choice(self.data), r.randint(2, 9), k))
                self.depth -= 1
                continue
            if k and self.lines[-1].strip() == "}":
                self.lines[-1] += " " + head + " {"
            else:
                self.emit(head + " {")
            self.depth += 1
            self.arm(k, init, self.arms_write, k == narms - 1)
            self.depth -= 1
            self.emit("}")

    def suffix(self):
        r = self.r
        if self.decline and not self.decline_done:
            self.decline_stmt()
        if self.arms_write:
            if r.random() < 0.3:
                self.emit("atomic_add(&hist[(v0 + %d) & 15], 1);" % r.randint(0, 9))
            if r.random() < 0.5:  # items that took no path (or did not write)
                self.emit("if (%s == 0)" % self.slot())
                self.emit("    %s = -1;" % self.slot())
            return
        if r.random() < 0.3:
            self.emit("atomic_add(&hist[r & 15], 1);")
        if r.random() < 0.2:
            self.emit("if ((r %% %d) == %d)" % (r.choice([5, 9]), r.randint(0, 4)))
            self.emit("    return;")
        if r.random() < 0.15:
            self.emit("hput(%s, r);" % ("dst" if self.dst else "out" if self.out_advanced else "out + idx"))
            self.helpers.append("hput")
        else:
            self.emit("%s = r;" % self.slot())
        if r.random() < 0.3:
            self.emit("%s += %s;" % (self.slot(), r.choice(self.vars)))
        if self.salt_used:
            self.emit("%s += salt;" % self.slot())
        if r.random() < 0.2:
            self.emit("%s += %s %% 11;" % (self.slot(), self.id_value()))
        if r.random() < 0.1:
            self.emit("return;")

    def kernel(self):
        r = self.r
        if self.two_d:
            locs = r.sample(LOCALS_2D, 2)
            g = (r.randint(9, 90), r.randint(5, 30))
            spec = "global=%dx%d local=%s" % (g[0], g[1], ",".join("%dx%d" % l for l in locs))
        else:
            spec = "global=%d local=%s" % (r.randint(100, 1500),
                                           ",".join(str(l) for l in sorted(r.sample(LOCALS_1D, 2))))
        head = ["// %s: kgen_unify.py --seed/--index (a branch whose paths bpu unifies)%s"
                % (self.name, "; expect decline: " + self.decline
                   if self.decline and self.decline not in HANDLED else ""),
                "// EXEC: kernel=%s %s" % (self.name, spec),
                "// EXEC: arg in buf int size=N fill=rand:-500:500",
                "// EXEC: arg sel buf int size=N fill=mix:-40:40",
                "// EXEC: arg out buf int size=N fill=zero",
                "// EXEC: arg hist buf int size=16 fill=zero",
                "// EXEC: arg w val int value=G0"]
        params = "int w"
        if self.two_d:
            head.append("// EXEC: arg h val int value=G1")
            params += ", int h"
        head.append("// EXEC: arg salt val int value=%d" % r.randint(1, 100))
        params += ", int salt"
        self.emit("")
        # Drawn apart, so that the kernels without --guard-block stay as
        # they were.
        block = self.guard_block and random.Random(self.r_seed).random() < 0.5
        if self.two_d:
            self.emit("int x = get_global_id(0);")
            self.emit("int y = get_global_id(1);")
            self.emit("if (x < w && y < h) {" if block else "if (x >= w || y >= h)")
            self.emit("    return;" if not block else "int idx = y * w + x;")
            if not block:
                self.emit("int idx = y * w + x;")
        else:
            self.emit("int idx = get_global_id(0);")
            self.emit("if (idx < w) {" if block else "if (idx >= w)")
            if not block:
                self.emit("    return;")
        if block:
            self.depth += 1
        self.prefix()
        self.branch()
        self.suffix()
        if block:
            self.depth -= 1
            self.emit("}")
        body = "\n".join(self.lines[1:])
        text = "\n".join(head) + "\n\n"
        for name, value in self.macros:
            text += "#define %s %s\n" % (name, value)
        text += HELPERS
        if "hgrp" in self.helpers:
            text += "int hgrp(int a) { return (a + (int)get_group_id(0) % 5) % 7919; }\n"
        if "hlane" in self.helpers:  # nested: hlane calls hrow; both read IDs
            text += ("int hrow(void) { return (int)(get_global_id(0) % 11); }\n"
                     "int hlane(int a)\n{\n"
                     "    return (a + hrow() + (int)get_local_id(0) % 3 + (int)get_group_id(0) % 5) % 7919;\n}\n")
        text += ("\n__kernel void %s(__global const int *in, __global const int *sel,\n"
                 "    __global int *out, __global int *hist, %s)\n{\n%s\n}\n" % (self.name, params, body))
        return text


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int, default=0)
    ap.add_argument("--guard-block", action="store_true",
                    help="the bounds check as a block around the kernel (half the kernels)")
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    with open(a.output, "w") as f:
        g = UnifyGen(a.seed, a.index)
        g.guard_block = a.guard_block
        f.write(g.kernel())


if __name__ == "__main__":
    main()
