#!/usr/bin/env python3
"""kgen_nest.py: random kernels with a divergent branch in uniform loops.

The shapes of the remap transform's uniform nests (lib/TDR/Remap/
UniformNest.cpp), deterministic from (seed, index): an active region (an
ID early return `if (gid >= n) return;`; a data early return
`if (d0 < -85) { out[gid] = d0; return; }` followed or preceded by the ID
return; a 1-D bounds guard `if (gid < n) { ... }`, sometimes with a data
return inside; a 2-D guard `if (gx < w && gy < h) { ... }` with w, h smaller
than the global size); in it 1 to 3 nested uniform `for` loops (a bound
from a parameter, a macro or a constant, a variable set before the region;
counters stepping by 1 or 2 or counting down); statements at region level
and in each loop body before the inner loop or the branch (declarations
used after it, loads, arithmetic, a data loop with a break); the branch on
loaded data of a `fill=mix` buffer: if/else, if alone, an else-if chain or
a switch, with paths of different cost (inner loops of 8 to 48 steps that
may break on data, helpers, private int/float scalars, int2/float4 vectors,
a private array); statements after it in each body and after the loops
(writes of the item's own elements), sometimes a second branch at region
level.  A context struct built and updated through its address by
helpers (`ctx_init(&cx, d0)`, `ctx_add(&cx, ...)`) and a const array
`const int cd[3] = {...}` live across the branch in some kernels.  Bare
blocks `{ ... }` (a statement macro's unfolded braces) wrap the
branch or an inner loop in some kernels.  In about a third of the others,
one or two uniform ifs hold the branch (`mode > 2`, `(k0 & 1) == 1`,
`k0 < cnt`: taken or not, or in some iterations only), in the then arm or
in the else arm after a then arm of its own, with declarations in the arm
used after the branch: the remap is cut out of them.  A `grid-stride`
kernel runs the region over n items (one to two global sizes more than
the work-items) in a grid-stride loop: over a base the work-group shares
with the guard `if (item < n)` in its body (a `for` or a `while`), or the
common `for (item = get_global_id(0); item < n; item += ...)`, which tdrc
rewrites into the first form.

About 20% of the kernels have a nest that tdrc must decline (the first
line says which, `expect decline: KIND`): `counter` (a loop counter written
in its body under a uniform condition), `break` (a uniform `break` leaving
a loop of the nest), `bound` (a loop bound loaded from memory after the
return / inside the guard), `if-loop` (`if (mode > 1) { ... }` around a
loop of the nest: the if cannot be cut at the remap), `id-header` (a loop of the nest starts at an ID query, as a
grid-stride loop does, or steps by one).  The others say `expect: nest` (a bound set from parameters
before a guard or data return, `k < rounds`, counts as uniform; a switch's
`break`s end the switch, not the loop).  The
comment `// the branch in the nest` precedes the branch.  Every value stays bounded
(`%` by primes, clamp), so the kernels are well defined; a work-item writes
only its own elements.  Each kernel carries its `// EXEC:` spec for
tdr_exec.

    kgen_nest.py --seed S --index I -o FILE.cl
"""
import argparse
import random

LOCALS_1D = [16, 32, 64, 100, 128]
LOCALS_POW2 = [16, 32, 64, 128]
LOCALS_2D = [(8, 4), (16, 8), (6, 5), (32, 2), (8, 8)]
PRIMES = [997, 6007, 7919, 10007]
KINDS = ["id-return", "data-return", "id-data-return", "guard-1d", "guard-2d",
         "grid-stride"]
DECLINES = ["counter", "break", "bound", "if-loop"]

HELPERS = {
    # A context written through its address by helpers that keep nothing
    # (a hash context's init/update): it moves by value.
    "ctx": ("typedef struct { int h[4]; int len; } ctx_t;\n"
            "void ctx_init(ctx_t *c, int v)\n{\n"
            "    for (int i = 0; i < 4; ++i)\n"
            "        c->h[i] = (v + i * 31) % 997;\n    c->len = 0;\n}\n"
            "void ctx_mix(int *h, int v) { h[v & 3] = (h[v & 3] * 5 + v) % 10007; }\n"
            "void ctx_add(ctx_t *c, int v) { c->len++; ctx_mix(c->h, v + c->len); }"),
    "hmix": "int hmix(int a, int b) { return (a * 7 + b) % 4099; }",
    "hwalk": ("int hwalk(int a, int len)\n{\n"
              "    for (int i = 0; i < len; ++i)\n"
              "        a = (a * 3 + i) % 10007;\n    return a;\n}"),
    "hsoft": "float hsoft(float x) { return x / (1.0f + fabs(x)); }",
}


class NestGen:
    def __init__(self, seed, index):
        self.r = random.Random("knest:%d:%d" % (seed, index))
        # A loop header that differs between work-items without reading
        # memory (a stream of its own: the other kernels stay as they were).
        self.id_header = random.Random("knest-idh:%d:%d" % (seed, index))
        self.name = "n%d_%d" % (seed, index)
        self.lines = []
        self.depth = 1
        self.frames = [[]]     # int scalars in scope, one list per block
        self.helpers = set()
        self.macros = {}
        self.has_f = self.has_p = self.has_q = self.has_arr = self.has_ctx = False
        self.tmp = 0

    # ------------------------------------------------------------ helpers
    def emit(self, text):
        self.lines.append("    " * self.depth + text)

    def open(self, text):
        self.emit(text)
        self.depth += 1
        self.frames.append([])

    def close(self, text="}"):
        self.depth -= 1
        self.frames.pop()
        self.emit(text)

    def reopen(self, text):
        self.close(text)
        self.depth += 1
        self.frames.append([])

    def declare(self, name):
        self.frames[-1].append(name)

    def ints(self):
        return [v for f in self.frames for v in f]

    def fresh(self, base):
        self.tmp += 1
        return "%s%d" % (base, self.tmp)

    def macro(self, name, value):
        self.macros[name] = value
        return name

    def operand(self):
        r = self.r
        return r.choice(self.ints() + [str(r.randint(1, 9))])

    def int_update(self, target, extra=None):
        """target = (target * c + (a op b)) % P: |values| < 10007."""
        r = self.r
        a = extra or self.operand()
        b = self.operand()
        p = r.choice(PRIMES)
        if r.random() < 0.3:
            p = self.macro("PR%d" % p, p)
        self.emit("%s = (%s * %d + (%s %s %s)) %% %s;" % (
            target, target, r.randint(2, 7), a, r.choice("+-^*"), b, p))

    def misc_update(self, extra=None):
        """One statement on the private state: scalars, vectors, the array."""
        r = self.r
        choices = ["int", "int"]
        choices += ["f"] if self.has_f else []
        choices += ["p"] if self.has_p else []
        choices += ["q"] if self.has_q and self.has_f else []
        choices += ["arr"] if self.has_arr else []
        choices += ["helper"]
        c = r.choice(choices)
        a = extra or self.operand()
        if c == "int":
            self.int_update(r.choice(["acc"] + [v for v in self.ints() if v.startswith("s")]), a)
        elif c == "f":
            self.emit("f = clamp(f * 0.75f + (float)(%s) * 0.125f, -1000.0f, 1000.0f);" % a)
        elif c == "p":
            self.emit("p = (p * 3 + (int2)(%s, %s)) %% 1009;" % (a, self.operand()))
        elif c == "q":
            self.emit("q = clamp(q * 0.5f + (float4)((float)(%s), f, 1.0f, -0.5f), -1000.0f, 1000.0f);" % a)
        elif c == "arr":
            self.emit("arr[%s & 3] = (arr[%s & 3] * 3 + %s) %% 997;" % (a, a, self.operand()))
        else:
            h = r.choice(["hmix", "hsoft", "hwalk"])  # not ctx: a state of its own
            self.helpers.add(h)
            if h == "hmix":
                self.emit("acc = hmix(acc, %s);" % a)
            elif h == "hwalk":
                self.emit("acc = hwalk(acc, %d);" % r.randint(3, 12))
            elif self.has_f:
                self.emit("f = hsoft(f) * 100.0f + (float)(%s);" % a)
            else:
                self.emit("acc = (acc + (int)(hsoft((float)%s) * 50.0f)) %% 10007;" % a)

    # --------------------------------------------------------------- paths
    def path(self, length):
        """A path of the branch: an inner loop of constant length (maybe a
        data break) and a few more statements."""
        r = self.r
        if r.random() < 0.3:
            self.misc_update()
        if r.random() < 0.25:
            length = self.macro("LEN%d" % length, length)
        self.open("for (int i = 0; i < %s; ++i) {" % length)
        self.declare("i")
        self.int_update("acc", "i")
        if r.random() < 0.3:
            self.misc_update("i")
        if r.random() < 0.35:
            self.emit("if ((acc & %d) == %d)" % (r.choice([15, 31, 63]), r.randint(0, 15)))
            self.emit("    break;")
        self.close()
        if r.random() < 0.5:
            self.misc_update()

    def branch(self, on):
        r = self.r
        kind = r.choice(["ifelse", "ifelse", "if", "elseif", "switch"])
        lens = [r.randint(8, 48) for _ in range(4)]
        if kind in ("ifelse", "if"):
            self.open("if (%s > 0) {" % on)
            self.path(lens[0])
            if kind == "ifelse":
                self.reopen("} else {")
                self.path(lens[1])
            self.close()
        elif kind == "elseif":
            cuts = sorted(r.sample([-60, -30, 0, 20, 50], r.randint(2, 3)), reverse=True)
            self.open("if (%s > %d) {" % (on, cuts[0]))
            self.path(lens[0])
            for j, c in enumerate(cuts[1:], 1):
                self.reopen("} else if (%s > %d) {" % (on, c))
                self.path(lens[j])
            self.reopen("} else {")
            self.path(lens[3])
            self.close()
        else:
            self.open("switch (%s & 3) {" % on)
            for j, label in enumerate(["case 0:", "case 1:", "case 2:", "default:"][:r.randint(2, 4)]):
                self.depth -= 1
                self.emit(label)
                self.depth += 1
                self.path(lens[j])
                self.emit("break;")
            self.close()

    # --------------------------------------------------------------- loops
    def header(self, k, level, n_levels):
        """A uniform for loop's header on counter k."""
        r = self.r
        small = n_levels > 1
        lim = self.macro("PASSES", r.randint(2, 3)) if r.random() < 0.2 else str(r.randint(2, 3 if small else 5))
        bound = r.choice(["cnt", "cnt", "cnt2", lim] + (["rounds"] if self.rounds else []))
        if self.decline == "bound" and level == self.decl_level:
            bound = "m"
        if self.decline == "counter" and level == self.decl_level:
            return "for (int %s = 0; %s < %s; ++%s) {" % (k, k, bound, k)
        if self.decline == "id-header" and level == self.decl_level:
            if self.id_header.random() < 0.5:
                return "for (int %s = (int)(get_local_id(0) %% 2); %s < %s; ++%s) {" % (k, k, bound, k)
            return "for (int %s = 0; %s < %s; %s += 1 + (int)(get_global_id(0) & 1)) {" % (k, k, bound, k)
        form = r.choice(["up", "up", "up2", "down", "le"])
        if form == "up":
            return "for (int %s = 0; %s < %s; %s) {" % (k, k, bound, r.choice(["++" + k, k + "++"]))
        if form == "up2":
            return "for (int %s = 0; %s < 2 * %s; %s += 2) {" % (k, k, bound, k)
        if form == "down":
            return "for (int %s = %s - 1; %s >= 0; --%s) {" % (k, bound, k, k)
        return "for (int %s = 1; %s <= %s; %s++) {" % (k, k, bound, k)

    def load(self, k):
        r = self.r
        name = self.fresh("v")
        if r.random() < 0.6:
            self.emit("int %s = in[(idx + %s * %d + %d) %% %s];" % (name, k, r.choice([3, 7, 13]), r.randint(0, 9), self.lim))
        else:
            self.emit("int %s = d0 + rules[(%s * %d + %d) & 63];" % (name, k, r.randint(1, 5), r.randint(0, 9)))
        self.declare(name)
        return name

    def uniform_ifs(self, k):
        """Opens 1 or 2 uniform ifs around the branch (the branch goes in
        the then arm or, after a then arm of its own, the else arm); returns
        what closes them."""
        r = self.r
        closers = []
        for _ in range(1 if r.random() < 0.75 else 2):
            cond = r.choice(["mode > %d" % r.randint(0, 3),
                             "(%s & 1) == %d" % (k, r.randint(0, 1)),
                             "cnt2 != %d" % r.randint(0, 3),
                             "%s < cnt" % k])
            self.open("if (%s) {" % cond)
            arm = "then"
            if r.random() < 0.3:
                self.misc_update(k)
                self.reopen("} else {")
                arm = "else"
            w = None
            if r.random() < 0.5:  # declared in the arm, used after the branch
                w = self.fresh("w")
                self.emit("int %s = (acc + %s * 5) %% 101;" % (w, k))
                self.declare(w)
            closers.append((arm, w))
        return closers

    def close_uniform_ifs(self, closers):
        r = self.r
        for arm, w in reversed(closers):
            if w:
                self.emit("acc = (acc + %s) %% 10007;" % w)
            if arm == "then" and r.random() < 0.4:
                self.reopen("} else {")
                self.misc_update()
            self.close()

    def loop(self, level, n_levels):
        r = self.r
        k = "k%d" % level
        if_loop = self.decline == "if-loop" and level == self.decl_level
        if if_loop:  # a uniform if around a loop of the nest: declined
            self.open("if (mode > 1) {")
        self.open(self.header(k, level, n_levels))
        self.declare(k)
        if self.decline == "counter" and level == self.decl_level:
            self.emit("if (cnt2 > 1 && %s == 0)" % k)
            self.emit("    %s += 1;" % k)
        # Statements before the inner loop or the branch.
        s = None
        if r.random() < 0.7:
            s = self.fresh("s")
            self.emit("int %s = (acc + %s * %d) %% %d;" % (s, k, r.randint(1, 9), r.choice([97, 101, 997])))
            self.declare(s)
        if r.random() < 0.3:
            self.misc_update(self.load(k))
        for _ in range(r.randint(0, 2)):
            self.misc_update(k)
        if r.random() < 0.15:  # a uniform if that is not around the branch
            self.open("if (mode > %d) {" % r.randint(0, 2))
            self.misc_update(k)
            self.close()
        if r.random() < 0.2:
            self.open("for (int j = 0; j < %d; ++j) {" % r.randint(3, 8))
            self.declare("j")
            self.int_update("acc", "j")
            self.emit("if (acc > %d)" % r.randint(2000, 9000))
            self.emit("    break;")
            self.close()
        if level + 1 < n_levels:
            bare = r.random() < 0.2  # a bare block around the inner loop
            if bare:
                self.open("{")
            self.loop(level + 1, n_levels)
            if bare:
                self.close()
        else:
            # A shape tdrc must decline branches on a load in the loop: on
            # d0 it could be placed before the loop, outside the nest.
            use_load = r.random() < 0.75
            on = self.load(k) if use_load or self.decline else "d0"
            t = None
            if r.random() < 0.6:
                t = self.fresh("t")
                self.emit("int %s = (%s * %d + %s) %% 1009;" % (t, on, r.randint(2, 9), k))
                self.declare(t)
            # A const array live across the branch (a compare macro's
            # `const u32 digest[4] = {...}`).
            cd = r.random() < 0.25
            if cd:
                self.emit("const int cd[3] = { acc %% 97, %s, d0 %% 89 };" % k)
            wrap = self.decline is None and r.random() < 0.35
            if wrap:
                closers = self.uniform_ifs(k)
            # A bare block around the branch, as a statement macro's
            # `{ ... }` unfolds to, with a declaration of its own.
            bare = r.random() < 0.25
            if bare:
                self.open("{")
                b = self.fresh("b")
                self.emit("int %s = (%s + %s) %% 101;" % (b, on, k))
                self.declare(b)
            self.emit("// the branch in the nest (run_nest.sh reads its explain line)")
            self.branch(on)
            if bare:
                self.emit("acc = (acc + %s) %% 10007;" % b)
                self.close()
            if wrap:
                self.close_uniform_ifs(closers)
            if t:
                self.emit("acc = (acc + %s * 3 + %s) %% 10007;" % (t, on))
            if cd:
                self.emit("acc = (acc + cd[%s & 1]) %% 10007;" % k)
            if self.has_ctx and r.random() < 0.6:
                self.emit("ctx_add(&cx, acc %% 101 + %s);" % k)
            if self.want_ids and r.random() < 0.5:
                self.emit("acc = (acc + (int)get_local_id(0)) % 10007;")
        # Statements after it.
        if s and r.random() < 0.8:
            self.emit("acc = (acc + %s) %% 10007;" % s)
        if r.random() < 0.5:
            self.misc_update(k)
        if r.random() < 0.3:
            self.emit("out2[idx] = (out2[idx] + acc) % 10007;")
        if self.decline == "break" and level == self.decl_level:
            self.emit(r.choice(["if (cnt > 100)", "if (cnt2 > 1 && %s == 1)" % k]))
            self.emit("    break;")
        self.close()
        if if_loop:
            self.close()

    # -------------------------------------------------------------- kernel
    def region(self, n_levels):
        r = self.r
        self.emit("int acc = d0 * %d %% 1009;" % r.randint(2, 9))
        self.declare("acc")
        if r.random() < 0.4:
            self.has_f = True
            self.emit("float f = (float)d0 * 0.5f;")
        if r.random() < 0.3:
            self.has_p = True
            self.emit("int2 p = (int2)(d0, d0 + 1);")
        if r.random() < 0.3 and self.has_f:
            self.has_q = True
            self.emit("float4 q = (float4)(f, 1.0f, 2.0f, 3.0f);")
        if r.random() < 0.3:
            self.has_arr = True
            self.emit("int arr[4];")
            self.emit("for (int j = 0; j < 4; ++j)")
            self.emit("    arr[j] = (d0 + j) % 97;")
        if r.random() < 0.3:
            self.has_ctx = True
            self.helpers.add("ctx")
            self.emit("ctx_t cx;")
            self.emit("ctx_init(&cx, d0);")
        if self.decline == "bound":
            self.emit("int m = (rules[%d] & 3) + 1;" % r.randint(0, 63))
        for _ in range(r.randint(0, 2)):
            self.misc_update()
        self.loop(0, n_levels)
        if r.random() < 0.3:
            self.open("if (acc > %d) {" % r.randint(-50, 50))
            self.path(r.randint(8, 40))
            self.reopen("} else {")
            self.path(r.randint(8, 40))
            self.close()
        res = "acc"
        if self.has_f:
            res += " + (int)f"
        if self.has_p:
            res += " + p.x - p.y"
        if self.has_q:
            res += " + (int)(q.x + q.w)"
        if self.has_arr:
            res += " + arr[%d]" % r.randint(0, 3)
        if self.has_ctx:
            res += " + cx.h[%d]" % r.randint(0, 3)
        self.emit("out[idx] = %s;" % res)

    def kernel(self):
        r = self.r
        self.decline = r.choice(DECLINES) if r.random() < 0.2 else None
        if self.decline is None and self.id_header.random() < 0.1:
            self.decline = "id-header"
        kind = r.choice(KINDS)
        n_levels = r.choice([1, 1, 2, 2, 3])
        self.decl_level = r.randint(0, n_levels - 1)
        self.want_ids = r.random() < 0.1
        self.rounds = r.random() < 0.2
        two_d = kind == "guard-2d"
        if two_d:
            locs = r.sample(LOCALS_2D, 2)
            g = (r.randint(9, 40), r.randint(5, 24))
            spec = "global=%dx%d local=%s" % (g[0], g[1], ",".join("%dx%d" % l for l in locs))
            sizes = ["w val int value=%d" % (g[0] - r.randint(1, 3)),
                     "h val int value=%d" % (g[1] - r.randint(1, 3))]
            params = "int w, int h"
            self.lim = "(w * h)"
        else:
            if kind == "grid-stride":  # n items, more than work-items
                locs = sorted(r.sample(LOCALS_1D, 2))
                g = r.randint(60, 300)
                n = "%s*N+%d" % (r.choice(["1", "2"]), r.randint(1, 90))
            elif kind == "data-return":  # reads in[gid] before the ID return
                locs = sorted(r.sample(LOCALS_POW2, 2))
                g = 128 * r.randint(2, 6)
                n = "%d" % (g - r.randint(1, 100))
            else:
                locs = sorted(r.sample(LOCALS_1D, 2))
                g = r.randint(100, 700)
                n = "N" if r.random() < 0.6 else "%d" % (g - r.randint(1, 60))
            spec = "global=%d local=%s" % (g, ",".join(str(l) for l in locs))
            sizes = ["n val int value=%s" % n]
            params = "int n"
            self.lim = "n"
        size = "3*N" if kind == "grid-stride" else "N"
        cnt, cnt2, mode = r.randint(1, 4), r.randint(0, 3), r.randint(0, 3)
        head = ["// expect decline: %s" % self.decline if self.decline else "// expect: nest",
                "// %s: kgen_nest.py --seed/--index (%s, %d uniform loop(s))" % (self.name, kind, n_levels),
                "// EXEC: kernel=%s %s" % (self.name, spec),
                "// EXEC: arg in buf int size=%s fill=mix:-100:100" % size,
                "// EXEC: arg rules buf int size=64 fill=mix:-20:20",
                "// EXEC: arg out buf int size=%s fill=zero" % size,
                "// EXEC: arg out2 buf int size=%s fill=zero" % size]
        head += ["// EXEC: arg " + s for s in sizes]
        head += ["// EXEC: arg cnt val int value=%d" % cnt,
                 "// EXEC: arg cnt2 val int value=%d" % cnt2,
                 "// EXEC: arg mode val int value=%d" % mode]
        # Prologue: IDs, a uniform value set before the region, the region.
        if two_d:
            self.emit("int gx = get_global_id(0);")
            self.emit("int gy = get_global_id(1);")
        else:
            self.emit("int gid = get_global_id(0);")
        if self.rounds:
            self.emit("const int rounds = (cnt2 & 1) + %d;" % r.randint(1, 2))
        guard = kind.startswith("guard")
        # A grid-stride loop over n items in steps the work-group shares
        # (every work-item runs it alike) and a bounds guard in its body.
        stride = kind == "grid-stride"
        if stride:
            start = "(int)(get_group_id(0) * get_local_size(0))"
            step = "(int)get_global_size(0)"
            # "id": the common header, which tdrc rewrites into "for".
            form = r.choice(["for", "while", "id"])
            if form == "id":
                self.open("for (int item = (int)get_global_id(0); item < n; item += %s) {" % step)
            elif form == "for":
                self.open("for (int base = %s; base < n; base += %s) {" % (start, step))
            else:
                self.emit("int base = %s;" % start)
                self.open("while (base < n) {")
            if form != "id":
                self.emit("int item = base + (int)get_local_id(0);")
                self.open("if (item < n) {")
        if kind == "id-return" or kind == "id-data-return":
            self.emit("if (gid >= n)")
            self.emit("    return;")
        if guard:
            self.open("if (gx < w && gy < h) {" if two_d else "if (gid < n) {")
        self.emit("int idx = %s;" % ("gy * w + gx" if two_d else "item" if stride else "gid"))
        self.emit("int d0 = in[idx];")
        self.declare("d0")
        if kind in ("data-return", "id-data-return") or (guard and r.random() < 0.3):
            self.open("if (d0 < -%d) {" % r.randint(80, 95))
            self.emit("out[idx] = d0;")
            self.emit("return;")
            self.close()
        if kind == "data-return":
            self.emit("if (gid >= n)")
            self.emit("    return;")
        self.region(n_levels)
        if guard:
            self.close()
        if stride:
            if form != "id":
                self.close()
            if form == "while":
                self.emit("base += %s;" % step)
            self.close()
        pre = ["#define %s %d" % (m, v) for m, v in sorted(self.macros.items())]
        pre += [HELPERS[h] for h in sorted(self.helpers)]
        return "\n".join(head) + "\n\n" + "\n".join(pre) + (
            "\n\n__kernel void %s(__global const int *in, __global const int *rules,\n"
            "    __global int *out, __global int *out2, %s, int cnt, int cnt2, int mode)\n"
            "{\n%s\n}\n" % (self.name, params, "\n".join(self.lines)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--index", type=int, default=0)
    ap.add_argument("-o", "--output", required=True)
    a = ap.parse_args()
    with open(a.output, "w") as f:
        f.write(NestGen(a.seed, a.index).kernel())


if __name__ == "__main__":
    main()
