"""kgen_stmt.py: kgen.py's statements (assignments, declarations, branches,
switches, loops, __local blocks, atomics, returns, helper calls).

A mixin of kgen.Gen: every method draws from self.r, so the order of the
calls is part of the generated text; moving code here changed no output.
"""

import re

from kgen_vars import Var


class StmtGen:
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
            ids_only = self.chance(0.35)
            if ids_only:
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
            elif f[1] == "iarr":
                e, b, _ = self.int_expr()
                fv = Var(f[0], "int", f[2])
                self.emit("%s.%s[(%s) & 3] = %s;" % (v.name, f[0], self.int_expr(1)[0],
                                                     self.assign_int(fv, e, b)))
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
                     if v.name[0] in "vfhas" and "[" not in v.name
                     and v.name not in here and v.name not in words]
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
            # Constants, then filled by a helper through the decayed pointer
            # (a hash's `u32 w0[4] = {0}; apply_rules(pw, w0);`): only the
            # call makes the array thread-dependent.
            fill = kind == "farr" and self.chance(0.4)
            if fill:
                elems = ["%d.0f" % self.r.randint(-9, 9) for _ in range(4)]
            name = v.name = self.new_name("a", " ".join(elems))
            if self.chance(0.5):
                self.emit("%s %s[4] = {%s};" % (ty, name, ", ".join(elems)))
            else:
                self.emit("%s %s[4];" % (ty, name))
                for k, e in enumerate(elems):
                    self.emit("%s[%d] = %s;" % (name, k, e))
            if fill:  # from a load at the item's own index: data
                buf, _ = self.pick([b for b in self.float_bufs if b[0] != "tab"] or self.float_bufs)
                self.use(buf)
                self.emit("%s(%s, %s[%s]);" % (self.helper("ffill"), name, buf,
                                               self.any_index(self.use("n"))))
                self.features.add("array-fill")
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
                                     "    float w;\n    int h[4];\n} %s;" % self.struct_name)
            fm = Var("m", "float", 1000.0)
            fc = Var("c", "int", 1000)
            m = self.assign_float(fm, *self.float_expr(1)[:2])
            c = self.assign_int(fc, *self.int_expr(1)[:2])
            k = self.uint_expr(1)
            w = self.assign_float(fm, *self.float_expr(1)[:2])
            # An array field (hashcat's `u32 w0[4]` in a context): written
            # element by element, at data-dependent indices too.
            h = [self.assign_int(fc, *self.int_expr(1)[:2]) for _ in range(4)]
            ids_only = self.chance(0.35)
            if ids_only:
                # Scalar fields of constants only: the array field's stores
                # alone make the struct data-dependent
                m, c, k, w = "1.5f", str(self.r.randint(0, 99)), "0x9e37u", "0.25f"
            # (and nothing writes it later, not even a uniform path).
            v = Var(self.new_name("s", " ".join([m, c, k, w] + h)), "struct", 0, True,
                    const=ids_only,
                    fields=[("m", "float", 1000.0), ("c", "int", 1000), ("k", "uint", 0),
                            ("w", "float", 1000.0), ("h", "iarr", 1000)])
            if not ids_only and self.chance(0.4):
                self.emit("%s %s = {%s, %s, %s, %s, {%s}};" % (
                    self.struct_name, v.name, m, c, k, w, ", ".join(h)))
            else:
                self.emit("%s %s;" % (self.struct_name, v.name))
                for f, e in zip("mckw", (m, c, k, w)):
                    self.emit("%s.%s = %s;" % (v.name, f, e))
                for j, e in enumerate(h):
                    self.emit("%s.h[%d] = %s;" % (v.name, j, e))
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
        ints = self.vars_of("int", mutable=True)
        if ints and self.chance(0.35):
            # a helper that reads the IDs itself: transforms clone it
            v = self.pick(ints)
            self.emit("%s = %s;" % (v.name, self.assign_int(
                v, "%s(%s)" % (self.helper("ids"), v.name), 4099)))
            self.features.add("id-helper")
            return
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
