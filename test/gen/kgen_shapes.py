"""kgen_shapes.py: kgen.py's opt-in shapes (`--shapes 2`).

A mixin of kgen.Gen. Nothing here runs for `--shapes 1` (the default), so
the kernels of every recorded seed stay byte for byte what they were.
Shapes 2 draws from its own stream ("kgen2:SEED:INDEX") and adds:

* a branch at the top of the active region whose condition reads the
  read-write buffer `scr` at the work-item's own index, directly or through
  a helper (`gS_I_peekK(scr, idx)`), and whose paths write that element
  (if, if/else, a bounds test in the same condition, an else-if chain, a
  switch), or read into a private variable that the condition reads
  through a pointer (`gS_I_derefK(&pv)`); the kernel then has no other global access before it, so the
  remap's hand-over barrier alone orders the read and the write;
* kernel parameters written before the first branch, before the bounds
  guard or early return, inside it, or both: an int `q` and a float `fq`
  (compound assignments, thread-dependent or uniform) and a pointer `pin`
  (`pin += idx`, `pin++`, `++pin`, `pin = pin + 1`); q and fq may be
  assigned again in paths, pin is read as pin[0..3];
* after an early return, a `__local` array declared there (kernel scope,
  as hashcat's rule kernels do), each work-item writing its own slot and
  reading it back later, in paths too (`NAME_late[lid]`; drawn from a
  stream of its own, so the other shapes stay what they were);
* after the early return or inside the guard, a data-dependent key read
  once (`K_key = in0[idx] % M`, never written again) and a uniform loop
  (fixed or `p + 1` iterations, sometimes inside a second one) whose body
  branches on the key among other statements: a round may sit before the
  loop instead of at the branch (InvariantHoist.cpp); drawn from a stream
  of its own too;
* work-group sizes that are not multiples of 16 or 32 (24, 48, 100, 200,
  and 2-D 12x10, 6x4, 20x5, 10x20), sometimes with the usual ones.

Well-definedness as in kgen.py: scr is read and written only at the item's
own element by active work-items; q and fq keep their bounds (q <= 1000,
fq <= 1000); pin moves at most idx + 4 elements into a buffer of N + 8.
"""

import random
from functools import reduce
from math import gcd

from kgen_vars import Var

LOCALS_1D_ODD = [24, 48, 100, 200]
LOCALS_2D_ODD = [(12, 10), (6, 4), (20, 5), (10, 20)]


def lcm(a, b):
    return a * b // gcd(a, b)


class ShapeGen:
    # --------------------------------------------------------------- setup
    def shapes_setup(self):
        """Draws the kernel's new shapes (after the buffers are known)."""
        self.mem_branch = self.wpick([(5, "direct"), (3, "helper"), (2, None)])
        self.pwrite = self.wpick([(2, "top"), (2, "region"), (1, "both"), (1, None)])
        self.pkinds = []
        if self.pwrite:
            self.pkinds = sorted(self.r.sample(["q", "fq", "pin"], self.r.randint(1, 3)))
        if self.mem_branch and not any(b[0] == "scr" for b in self.int_bufs):
            self.int_bufs.append(("scr", 100003))
        self.pin_indexed = False  # pin += idx done
        self.pin_budget = 4       # further elements pin may move
        self.q_bound, self.fq_bound = 100, 9.0
        self.q_value, self.fq_value = self.r.randint(0, 100), self.r.randint(1, 9)

    def shapes_sizes(self):
        """(local sizes, global size) with at least one size that is not a
        multiple of 16; without a guard every local size divides the global
        size (the buffers hold exactly N elements)."""
        r = self.r
        none = self.style == "none"
        if self.two_d:
            odd = r.sample(LOCALS_2D_ODD, r.randint(1, 2))
            locals_ = odd + [l for l in r.sample(self.LOCALS_2D, r.randint(0, 1)) if l not in odd]
            locals_.sort(key=lambda p: p[0] * p[1])
            if none:
                # x < 128 and y < 64 (the bounds of the ID variables)
                while len(locals_) > 1 and (reduce(lcm, [l[0] for l in locals_]) > 64 or
                                            reduce(lcm, [l[1] for l in locals_]) > 48):
                    locals_.pop()
                lx = reduce(lcm, [l[0] for l in locals_])
                ly = reduce(lcm, [l[1] for l in locals_])
                g = (lx * r.randint(1, max(1, 64 // lx)), ly * r.randint(1, max(1, 48 // ly)))
            else:
                g = (r.randint(9, 70), r.randint(5, 40))
            return locals_, g
        odd = r.sample(LOCALS_1D_ODD, r.choice([1, 2]))
        locals_ = sorted(odd + [l for l in r.sample(self.LOCALS_1D, r.choice([0, 0, 1]))])
        if none:
            while len(locals_) > 1 and reduce(lcm, locals_) > 1200:
                locals_.pop()
            L = reduce(lcm, locals_)
            return locals_, L * r.randint(1, max(1, 1200 // L))
        g = r.randint(100, 1100)
        if g % 8 == 0:
            g += r.randint(1, 7)
        return locals_, g

    def shapes_params(self):
        """Declares the parameters the kernel will write."""
        if "q" in self.pkinds:
            self.use("q")
            self.declare(Var("q", "int", 1000))
        if "fq" in self.pkinds:
            self.use("fq")
            self.declare(Var("fq", "float", 1000.0))
        if "pin" in self.pkinds:
            self.use("pin")
            self.declare(Var("pin", "gptr", 5000, True, True))

    # ---------------------------------------------------- parameter writes
    def shapes_param_writes(self, where, after_statements=False):
        """Writes to the parameters at `where` ("top": before the guard or
        early return, "region": inside it); after_statements: random
        statements (which may assign q and fq) ran before this point."""
        if self.pwrite not in (where, "both"):
            return
        if after_statements:
            self.q_bound, self.fq_bound = 1000, 1000.0
        kinds = list(self.pkinds)
        self.r.shuffle(kinds)
        for k in kinds:
            for _ in range(self.r.randint(1, 2)):
                getattr(self, "shapes_write_" + k)()
        self.features.add("param-write-" + where)

    def shapes_write_q(self):
        r = self.r
        if self.q_bound > 400:
            m = self.pick([97, 101, 251])
            self.emit("q %%= %d;" % m)
            self.q_bound = m - 1
        op = self.wpick([(3, "sub"), (2, "add"), (2, "xor"), (1, "mul"), (1, "shl"), (1, "set")])
        if op == "sub":
            m = self.pick([3, 7, 15])
            self.emit("q -= %s & %d;" % (self.pick([self.idx, self.lid]), m))
            self.q_bound += m
        elif op == "add":
            c = r.randint(1, 9)
            self.emit("q += %d;" % c)
            self.q_bound += c
        elif op == "xor":
            self.emit("q ^= %s & 7;" % self.lid)
            self.q_bound += 7
        elif op == "mul" and self.q_bound <= 300:
            self.emit("q *= %d;" % self.pick([2, 3]))
            self.q_bound *= 3
        elif op == "shl" and self.q_bound <= 300:
            # no left shift of a negative value
            self.emit("q = max(q, 0) << 1;")
            self.q_bound *= 2
        else:
            self.emit("q = q %% 61 + %s %% 7;" % self.idx)
            self.q_bound = 66

    def shapes_write_fq(self):
        if self.fq_bound > 400.0:
            self.emit("fq = clamp(fq, -100.0f, 100.0f);")
            self.fq_bound = 100.0
        op = self.wpick([(2, "mul"), (2, "addlid"), (2, "subidx"), (1, "set")])
        if op == "mul":
            self.emit("fq *= %s;" % self.pick(["0.5f", "0.25f", "1.5f"]))
            self.fq_bound *= 1.5
        elif op == "addlid":
            self.emit("fq += (float)(%s & 3);" % self.lid)
            self.fq_bound += 3.0
        elif op == "subidx":
            self.emit("fq -= (float)(%s %% 5);" % self.idx)
            self.fq_bound += 4.0
        else:
            self.emit("fq = fq * 0.25f + 1.0f;")
            self.fq_bound = self.fq_bound * 0.25 + 1.0

    def shapes_write_pin(self):
        if not self.pin_indexed:
            self.pin_indexed = True
            self.emit(self.pick(["pin += %s;", "pin = pin + %s;", "pin = &pin[%s];"]) % self.idx)
            return
        if self.pin_budget <= 0:
            return
        form = self.pick(["pin++;", "++pin;", "pin = pin + 1;", "pin += 2;"])
        step = 2 if "2" in form else 1
        if step > self.pin_budget:
            form, step = "pin++;", 1
        self.pin_budget -= step
        self.emit(form)

    # ------------------------------------------------------- memory branch
    def shapes_late_local(self):
        """`__local int K_late[256];` after the early return, filled at the
        work-item's own slot; later statements read `K_late[lid]` like a
        const variable (the slot is never written again)."""
        late = random.Random("kgen-late-local:" + self.name)
        if late.random() >= 0.4:
            return
        name = "%s_late" % self.name
        src = late.choice(self.vars_of("int") or [None])
        value = "%s %% 1000" % src.name if src else str(late.randint(-9, 9))
        self.emit("__local int %s[256];" % name)
        self.emit("%s[%s] = %s;" % (name, self.lid, value))
        self.declare(Var("%s[%s]" % (name, self.lid), "int", 999, bool(src and src.data), True))
        self.features.add("late-local")

    def shapes_invariant_loop(self, ctx):
        """A uniform loop (or two nested) around a branch on a private key
        that nothing in the loops writes, between other statements."""
        inv = random.Random("kgen-invariant-loop:" + self.name)
        if inv.random() >= 0.4:
            return
        key = "%s_key" % self.name
        m = inv.choice([2, 3, 5, 7])
        self.emit("const int %s = %s[%s] %% %d;" % (key, self.use("in0"), self.gidx(), m))
        self.declare(Var(key, "int", m, True, True))
        loops = 2 if inv.random() < 0.3 else 1
        for depth in range(loops):
            i = "%s_r%d" % (self.name, depth)
            bound = self.use("p") + " + 1" if inv.random() < 0.5 else str(inv.randint(2, 4))
            self.emit("for (int %s = 0; %s < %s; ++%s) {" % (i, i, bound, i))
            self.indent += 1
            self.push()
            self.declare(Var(i, "int", 8, False, True))
        inner = ctx.inner(loop=True)
        if inv.random() < 0.6:
            self.statement(inner)
        form = inv.choice(["gt", "and", "chain"])
        k = inv.randint(-1, m - 1)
        c = "%s > %d" % (key, k) if form != "and" else "(%s & 1) != 0" % key
        self.emit("if (%s) {" % c)
        self.block(inner)
        if form == "chain":
            self.emit("} else if (%s < %d) {" % (key, k))
            self.block(inner)
        self.emit("} else {")
        self.block(inner)
        self.emit("}")
        if inv.random() < 0.4:
            self.statement(inner)
        for _ in range(loops):
            self.pop()
            self.indent -= 1
            self.emit("}")
        self.features.add("invariant-loop")

    def shapes_mem_branch(self, ctx):
        """A branch on scr[idx] (or a helper's read of it) whose paths write
        scr[idx]: the first statement of the active region."""
        if not self.mem_branch:
            return
        buf, i = self.use("scr"), self.gidx()
        # Its own stream: the recorded seeds' other draws stay as they were.
        private = random.Random("kgen-private:" + self.name).random() < 0.3
        if self.mem_branch == "helper" and private:
            # The value read into a private variable, the condition read
            # through a pointer to it (`peek(&v)`: per-work-item, not
            # uniform, though the pointer expression is the same for all).
            pv = self.fresh("pv")
            self.emit("int %s = %s[%s];" % (pv, buf, i))
            rd = "%s(&%s)" % (self.helper("deref"), pv)
            self.features.add("mem-cond-private")
        elif self.mem_branch == "helper":
            rd = "%s(%s, %s)" % (self.helper("peek"), buf, i)
            self.features.add("mem-cond-helper")
        else:
            rd = "%s[%s]" % (buf, i)
            self.features.add("mem-cond")
        form = self.wpick([(4, "ifelse"), (3, "if"), (2, "guarded"), (2, "elseif"),
                           (2, "switch")])
        k = self.r.randint(-40, 40)
        if form == "switch":
            m = self.r.randint(3, 5)
            self.emit("switch ((uint)(%s + 1000) %% %du) {" % (rd, m))
            for c in range(m - 1):
                self.emit("case %du: {" % c)
                self.mem_path(ctx, switch=True)
                if self.chance(0.85):
                    self.emit("    break;")
                self.emit("}")
            self.emit("default: {")
            self.mem_path(ctx, switch=True)
            self.emit("}")
            self.emit("}")
            self.features.add("switch")
            return
        if form == "guarded":
            c = "%s < %s && %s > %d" % (self.idx, self.use("n"), rd, k)
        else:
            c = "%s > %d" % (rd, k)
        self.emit("if (%s) {" % c)
        self.mem_path(ctx)
        if form == "elseif":
            self.emit("} else if (%s > %d) {" % (rd, k - self.r.randint(10, 60)))
            self.mem_path(ctx)
            self.emit("} else {")
            self.mem_path(ctx)
        elif form == "ifelse" or (form == "guarded" and self.chance(0.5)):
            self.emit("} else {")
            self.mem_path(ctx, write=self.chance(0.5))
        self.emit("}")

    def mem_path(self, ctx, write=True, switch=False):
        self.indent += 1
        self.push()
        inner = ctx.inner(switch=switch)
        if write:
            e, b, _ = self.int_expr()
            if b > 100000:
                e = "(%s) %% 100003" % e
            self.emit("%s[%s] = %s;" % (self.use("scr"), self.gidx(), e))
        for _ in range(self.r.randint(0, 2)):
            self.statement(inner)
        self.pop()
        self.indent -= 1
