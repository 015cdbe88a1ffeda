"""kgen_expr.py: kgen.py's expressions and branch conditions.

A mixin of kgen.Gen: every method draws from self.r, so the order of the
calls is part of the generated text; moving code here changed no output.
Each int or float expression comes with its bound (see kgen_vars).
"""

from kgen_vars import FLOAT_LIMIT, INT_LIMIT


class ExprGen:
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
            fs = [f for f in v.fields if f[1] in ("int", "iarr")]
            f = self.pick(fs)
            if f[1] == "iarr":
                return "%s.%s[(%s) & 3]" % (v.name, f[0], self.int_expr(1)[0]), f[2], True
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
