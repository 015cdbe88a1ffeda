#!/usr/bin/env python3
"""kgen_loops.py: random kernels whose work is a loop of varying length.

The shapes of the dwa transform (dynamic work assignment), deterministic
from (seed, index): a 1-D or 2-D range behind a bounds guard (an early
return, or about a third of the time a block around the work); statements
before the loop (declarations, a nested block, a data-dependent return);
one `for`, `while` or (a fifth of them) `do`-`while` loop whose trip
count comes from memory (or, in about a third, from the item's index
alone), whose body may
`continue`, `break` or `return` under data conditions and may hold a
uniform inner loop; statements after it (a counted loop, writes, a return under a
condition, an integer atomic whose result is unused).  Kernels may write
their parameters, as real kernels step their pointers: `out += idx;` before
the loop, `w = ...` inside it (each item must start from the launch's
values when one work-item runs several).  About a third read their IDs
through helpers, as real kernels do (`item_x()`, `item_y()`, and in the
loop `lane_of()`, which reads the local ID and calls `group_of()`): dwa
clones them to take the item's IDs; half of those kernels define the
helpers after the kernel behind prototypes.  Some read a private table of
constants in the loop (`const int tab[4] = {...}`, moved up whole), and
some end the loop's body with a statement that ends in a function-like
macro (`acc = MIXF(acc, k);`).  Every value stays
bounded (`%` by primes), so the kernels are well defined; they write only
their own elements.  Each kernel carries its `// EXEC:` spec for tdr_exec.

    kgen_loops.py --seed S --index I -o FILE.cl
"""
import argparse
import random

LOCALS_1D = [16, 32, 64, 100, 128]
LOCALS_2D = [(8, 4), (16, 8), (6, 5), (32, 2)]


class LoopGen:
    def __init__(self, seed, index):
        self.r = random.Random("kloops:%d:%d" % (seed, index))
        # Drawn apart, so that kernels without a guard block stay as they were.
        self.guarded = random.Random("kloops-guard:%d:%d" % (seed, index)).random() < 0.35
        self.do_loop = random.Random("kloops-do:%d:%d" % (seed, index)).random() < 0.2
        # The trip count from the item's index alone (escape-time loops
        # from pixel coordinates), and a counted loop after the varying
        # one (not a second varying loop, guard block or not).
        shape = random.Random("kloops-idtrip:%d:%d" % (seed, index))
        self.id_trips = shape.random() < 0.3
        self.counted_after = shape.random() < 0.3
        # Real-code layout: helpers after the kernel, constant tables, a
        # statement ending in a function-like macro (a stream of their own).
        reach = random.Random("kloops-reach:%d:%d" % (seed, index))
        self.late_helpers = reach.random() < 0.5
        self.table = reach.random() < 0.3
        self.table_const = reach.random() < 0.5
        self.macro_end = reach.random() < 0.3
        self.name = "l%d_%d" % (seed, index)
        self.lines = []
        self.depth = 1
        self.vars = ["v0"]  # ints in scope after the preparation
        self.out_advanced = False  # `out += idx;`: the item's slot is out[0]
        self.w_written = False     # the parameter w is updated in the loop
        self.id_helpers = False    # IDs read through helpers

    def emit(self, text):
        self.lines.append("    " * self.depth + text)

    def operand(self, in_loop=True):
        r = self.r
        return r.choice(self.vars + (["k"] if in_loop else []) + ["acc", str(r.randint(1, 9))])

    def update(self):
        """acc = f(acc, ...), bounded by a prime."""
        r = self.r
        a, b = self.operand(), self.operand()
        op = r.choice(["+", "-", "^", "*"])
        m = r.choice([7919, 6007, 10007])
        self.emit("acc = (acc * %d + (%s %s %s)) %% %d;" % (r.randint(2, 5), a, op, b, m))

    def cond(self, on):
        r = self.r
        return "(%s %s %d) %s %d" % (on, r.choice(["%", "&"]), r.randint(3, 13),
                                     r.choice(["==", ">"]), r.randint(0, 2))

    def preparation(self):
        r = self.r
        self.emit("int v0 = in[idx] % 1000;")
        for i in range(1, r.randint(1, 3)):
            self.emit("int v%d = (v%d * %d + %d) %% 997;" % (i, i - 1, r.randint(2, 9), r.randint(0, 50)))
            self.vars.append("v%d" % i)
        if r.random() < 0.3:
            self.emit("int tmp[2];")
            self.emit("{")
            self.emit("    tmp[0] = v0 + 1;")
            self.emit("    tmp[1] = v0 - 1;")
            self.emit("}")
            self.vars.append("tmp[0]")
        if r.random() < 0.3:
            self.emit("if (%s)" % self.cond("v0"))
            self.emit("    return;")
        if r.random() < 0.3:
            self.emit("out += idx;")
            self.out_advanced = True
        if self.table:
            self.emit("%sint tab[4] = {3, 1, 4, 1};" % ("const " if self.table_const else ""))
        self.emit("int acc = v0;")
        bound = r.choice([8, 17, 40])
        if self.id_trips:
            self.emit("const int cnt = (idx * %d + idx / 7) %% %d;" % (bound // 2 + 1, bound))
        else:
            self.emit("const int cnt = lens[idx] %% %d;" % bound)

    def body(self):
        r = self.r
        jumps = []
        for _ in range(r.randint(1, 3)):
            kind = r.choice(["upd", "upd", "continue", "break", "return", "inner", "param"] +
                            (["lane"] if self.id_helpers else []))
            if kind == "lane":
                self.emit("acc = (acc + lane_of() %% %d) %% 7919;" % r.choice([3, 5, 7]))
            elif kind == "upd":
                self.update()
            elif kind == "param":
                self.emit("w = (w * 3 + acc) % 1009;")
                self.w_written = True
            elif kind == "inner":
                self.emit("for (int u = 0; u < %d; ++u)" % r.randint(2, 4))
                self.depth += 1
                self.emit("acc = (acc + u * %s) %% 7919;" % self.operand())
                self.depth -= 1
            elif kind not in jumps:
                jumps.append(kind)
                self.emit("if (%s)" % self.cond("acc"))
                self.emit("    %s;" % kind)
        self.update()
        if self.table:
            self.emit("acc = (acc + tab[(acc + k) & 3]) % 7919;")
        if self.macro_end:
            self.emit("acc = MIXF(acc, k);")

    def loop(self):
        r = self.r
        use_for = r.random() < 0.5
        if self.do_loop:  # at least one step, the test after the body
            head, tail = "do {", "} while (k < cnt);"
        elif use_for:
            head, tail = "for (int k = 0; k < cnt; ++k) {", "}"
        else:
            head, tail = "while (k < cnt) {", "}"
        if not use_for or self.do_loop:
            self.emit("int k = 0;")
        self.emit(head)
        self.depth += 1
        if not use_for or self.do_loop:
            self.emit("++k;")
        self.body()
        self.depth -= 1
        self.emit(tail)

    def settlement(self):
        r = self.r
        if self.counted_after:
            self.emit("for (int q = 0; q < 3; ++q)")
            self.emit("    acc = (acc * 3 + q) % 7919;")
        if r.random() < 0.4:
            self.emit("atomic_add(&hist[acc & 15], 1);")
        if r.random() < 0.3:
            self.emit("if (%s)" % self.cond("acc"))
            self.emit("    return;")
        slot = "out[0]" if self.out_advanced else "out[idx]"
        self.emit("%s = acc;" % slot)
        if r.random() < 0.3:
            self.emit("%s += %s;" % (slot, self.operand(in_loop=False)))
        if self.w_written:
            self.emit("%s += w;" % slot)
        if r.random() < 0.2:
            self.emit("return;")

    def bounds_guard(self, inside, outside):
        """A block around the work (closed in kernel()) or an early return."""
        if self.guarded:
            self.emit("if (%s) {" % inside)
            self.depth += 1
        else:
            self.emit("if (%s)" % outside)
            self.emit("    return;")

    def kernel(self):
        r = self.r
        two_d = r.random() < 0.35
        if two_d:
            locs = r.sample(LOCALS_2D, 2)
            g = (r.randint(9, 70), r.randint(5, 40))
            spec = "global=%dx%d local=%s" % (g[0], g[1], ",".join("%dx%d" % l for l in locs))
        else:
            spec = "global=%d local=%s" % (r.randint(100, 1100),
                                           ",".join(str(l) for l in sorted(r.sample(LOCALS_1D, 2))))
        head = ["// %s: kgen_loops.py --seed/--index (a loop of varying length)" % self.name,
                "// EXEC: kernel=%s %s" % (self.name, spec),
                "// EXEC: arg in buf int size=N fill=rand:-500:500",
                "// EXEC: arg lens buf int size=N fill=rand:0:1000",
                "// EXEC: arg out buf int size=N fill=zero",
                "// EXEC: arg hist buf int size=16 fill=zero",
                "// EXEC: arg w val int value=G0"]
        if two_d:
            head.append("// EXEC: arg h val int value=G1")
            params = "int w, int h"
        else:
            params = "int w"
        self.emit("")
        self.id_helpers = r.random() < 0.35
        gx, gy = (("item_x()", "item_y()") if self.id_helpers
                  else ("get_global_id(0)", "get_global_id(1)"))
        if two_d:
            self.emit("int x = %s;" % gx)
            self.emit("int y = %s;" % gy)
            self.bounds_guard("x < w && y < h", "x >= w || y >= h")
            self.emit("int idx = y * w + x;")
        else:
            self.emit("int idx = %s;" % gx)
            self.bounds_guard("idx < w", "idx >= w")
        self.preparation()
        self.loop()
        self.settlement()
        if self.guarded:  # the bounds check as a block around the work
            self.depth -= 1
            self.emit("}")
        body = "\n".join(self.lines[1:])
        helpers, after = "", ""
        if self.macro_end:
            helpers += "\n#define MIXF(a, b) (((a) * 7 + (b)) % 7919)\n"
        if self.id_helpers:
            defs = ("\nint item_x(void) { return (int)get_global_id(0); }\n"
                    "int item_y(void) { return (int)get_global_id(1); }\n"
                    "int group_of(void) { return (int)get_group_id(0); }\n"
                    "int lane_of(void)\n{\n"
                    "    return (int)get_local_id(0) + 3 * (group_of() % 4);\n}\n")
            if self.late_helpers:  # prototypes first, definitions last
                helpers += ("\nint item_x(void);\nint item_y(void);\n"
                            "int group_of(void);\nint lane_of(void);\n")
                after = defs
            else:
                helpers += defs
        return "\n".join(head) + helpers + (
            "\n\n__kernel void %s(__global const int *in, __global const int *lens,\n"
            "    __global int *out, __global int *hist, %s)\n{\n%s\n}\n" % (self.name, params, body)) + after


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int, default=0)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    with open(a.output, "w") as f:
        f.write(LoopGen(a.seed, a.index).kernel())


if __name__ == "__main__":
    main()
