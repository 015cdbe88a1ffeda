"""kgen_loopsplit_body.py: kgen_loopsplit.py's loop body (values, declarations,
conditions, state updates, stores, atomics, units of statements, chains).

A mixin of kgen_loopsplit.LoopSplitGen: every method draws from self.r, so
the order of the calls is part of the generated text; moving code here
changed no output.  The methods append to and read the generator's records
(self.body, self.states and their State readers, self.written, self.used,
the declarations fdecls/idecls/f4decls, self.spare, forced_f/forced_i).
"""


class LoopBodyGen:
    # ------------------------------------------------------------ values
    def new_name(self, p):
        self.ndecl += 1
        return "%s%d" % (p, self.ndecl)

    def add_decl(self, lines):
        self.body.append(lines)
        self.spare -= 1

    def step_terms(self):
        t = ["k"]
        if self.outer:
            t.append("r")
        if self.js:
            t.append("(%s & 7)" % self.js)
        return t

    def fval(self):
        """A float value in the loop; may declare it first."""
        r = self.r
        if self.forced_f:
            v, self.forced_f = self.forced_f, None
            return v
        if self.fdecls and r.random() < 0.6:
            return r.choice(self.fdecls)
        if self.f4decls and r.random() < 0.3:
            return "%s.%s" % (r.choice(self.f4decls), r.choice("xyzw"))
        if self.spare > 0 and r.random() < 0.45:
            return self.fdecl()
        return r.choice(["fin[idx + k]", "fin[idx + k] * 0.5f",
                         "(float)(%s + 1) * 0.25f" % r.choice(self.step_terms()),
                         "vload4(idx + k, vin).%s" % r.choice("xyzw")] +
                        (["aux[AT(idx, k)]"] if "aux" in self.used else []))

    def fdecl(self):
        r = self.r
        name = self.new_name("v")
        forms = ["float %s = fin[idx + k];" % name,
                 "const float %s = fin[idx + k] * 0.5f;" % name]
        if self.two_d:
            forms.append("float %s = fin[IDX2(min(x + k, w - 1), y)];" % name)
        if self.fdecls:
            src = r.choice(self.fdecls)
            forms += ["float %s = sq(%s) * 0.25f;" % (name, src),
                      "float %s = %s + (float)k * 0.125f;" % (name, src)]
        if r.random() < 0.1:  # a small array, repeated like a scalar
            self.add_decl(["float %s[2] = {fin[idx + k], fin[idx + k + 1]};" % name])
            self.fdecls += ["%s[0]" % name, "%s[1]" % name]
            return "%s[%d]" % (name, r.randint(0, 1))
        text = r.choice(forms)
        self.add_decl([text])
        self.fdecls.append(name)
        return name

    def ival(self):
        r = self.r
        if self.forced_i:
            v, self.forced_i = self.forced_i, None
            return v
        if self.idecls and r.random() < 0.6:
            return r.choice(self.idecls)
        if self.spare > 0 and r.random() < 0.4:
            return self.idecl()
        return r.choice(["iin[idx + k]", "(k * 5 + (idx & 3))", "(iin[idx + k] >> 2)"] +
                        self.step_terms())

    def idecl(self):
        r = self.r
        name = self.new_name("j")
        forms = ["int %s = k * 3 + (idx & 7);" % name, "int %s = iin[idx + k] & 255;" % name,
                 "int %s = mixi(iin[idx + k], k);" % name, "int %s = iin[idx + k] %% 97;" % name]
        if self.idecls:
            forms.append("int %s = (%s * 7) & 1023;" % (name, r.choice(self.idecls)))
        if self.js:
            forms.append("int %s = %s * 2 + k;" % (name, self.js))
        if r.random() < 0.08:  # two declarators: not repeated, it joins its readers
            other = self.new_name("j")
            self.add_decl(["int %s = k * 3, %s = iin[idx + k] & 63;" % (name, other)])
            self.idecls += [name, other]
            return other
        self.add_decl([r.choice(forms)])
        self.idecls.append(name)
        return name

    def f4val(self):
        r = self.r
        if self.f4decls and r.random() < 0.6:
            return r.choice(self.f4decls)
        if self.spare > 0 and r.random() < 0.4:
            name = self.new_name("h")
            self.add_decl(["float4 %s = vload4(idx + k, vin);" % name])
            self.f4decls.append(name)
            return name
        return "vload4(idx + k, vin)"

    def cond(self):
        r = self.r
        if r.random() < 0.6:
            return "%s > %s" % (self.fval(), r.choice(["0.0f", "1.5f", "-2.0f", "4.0f"]))
        return "(%s & %d) == %d" % (self.ival(), r.choice([3, 7]), r.randint(0, 2))

    # -------------------------------------------------------- statements
    def update(self, s):
        """A statement that writes state s (its lines): one of update_KIND's forms."""
        self.written.add(s.name)
        kinds = {"f": self.update_float, "i": self.update_int, "fa": self.update_array,
                 "ia": self.update_array, "st": self.update_struct, "f4": self.update_float4}
        return kinds.get(s.kind, self.update_int2)(s)

    def update_float(self, s):
        """s (float) gets a value added, fma, fmax/fmin, a branch, a helper, an
        inner loop (one that breaks), a macro, a block with a declaration."""
        r = self.r
        n = s.name
        form = r.randint(0, 13)
        if form == 0:
            return ["%s += %s;" % (n, self.fval())]
        if form == 1:
            return ["%s += %s * %s;" % (n, self.fval(), self.fval())]
        if form == 2:
            return ["%s = fma(%s, 0.5f, %s);" % (n, self.fval(), n)]
        if form == 3:
            return ["%s = %s(%s, %s);" % (n, r.choice(["fmax", "fmin"]), n, self.fval())]
        if form == 4:
            return ["%s += fabs(%s) * 0.25f;" % (n, self.fval())]
        if form == 5:
            return ["%s = %s * 0.75f + %s;" % (n, n, self.fval())]
        if form == 6:
            return ["%s += sq(%s);" % (n, self.fval())]
        if form == 7:
            c = self.cond()
            if r.random() < 0.5:
                return ["if (%s)" % c, "    %s += %s;" % (n, self.fval())]
            return ["if (%s) {" % c, "    %s += %s;" % (n, self.fval()), "} else {",
                    "    %s -= 0.25f;" % n, "}"]
        if form == 8:
            return ["acc_f(&%s, %s);" % (n, self.fval())]
        if form == 9:
            return ["for (int u = 0; u < %d; ++u)" % r.randint(2, 3),
                    "    %s += fin[idx + k + u] * %s;" % (n, r.choice(["0.5f", "(float)u"]))]
        if form == 10:
            return ["%s = %s > %s ? %s : %s;" % (n, self.fval(), n, self.fval(), n)]
        if form == 11:  # the statement ends in a macro
            return ["%s += HALF(%s);" % (n, self.fval())]
        if form == 12:  # an inner loop that breaks (its own break)
            return ["for (int u = 0; u < 4; ++u) {", "    if (fin[idx + k + u] > %s)" % r.choice(["5.0f", "2.5f"]),
                    "        break;", "    %s += fin[idx + k + u] * 0.25f;" % n, "}"]
        name = self.new_name("t")  # a block with a declaration of its own
        return ["{", "    float %s = %s * 2.0f;" % (name, self.fval()),
                "    %s = fmax(%s, %s) - 0.5f;" % (n, n, name), "}"]

    def update_int(self, s):
        """s (int) gets a masked value, max, xor, a branch, a helper, an inner
        loop (one that continues), a switch."""
        r = self.r
        n = s.name
        form = r.randint(0, 10)
        if form == 0:
            return ["%s += %s & 7;" % (n, self.ival())]
        if form == 1:
            return ["%s = (%s * 3 + %s) %% 10007;" % (n, n, self.ival())]
        if form == 2:
            return ["%s = max(%s, %s);" % (n, n, self.ival())]
        if form == 3:
            return ["%s ^= %s & 255;" % (n, self.ival())]
        if form == 4:
            return ["if (%s)" % self.cond(), "    %s++;" % n]
        if form == 5:
            return ["if ((%s & 3) == 0) {" % self.ival(), "    %s += 2;" % n, "} else {",
                    "    %s -= 1;" % n, "}"]
        if form == 6:
            return ["%s += mixi(%s, k);" % (n, self.ival())]
        if form == 7:
            return ["acc_i(&%s, %s);" % (n, self.ival())]
        if form == 8:
            return ["for (int u = 0; u < 3; ++u)", "    %s += (%s >> u) & 3;" % (n, self.ival())]
        if form == 9:  # the breaks end the switch, not the loop
            return ["switch (%s & 3) {" % self.ival(), "case 0:", "    %s += 1;" % n, "    break;",
                    "case 1:", "    %s ^= 3;" % n, "    break;", "default:", "    %s -= 1;" % n, "}"]
        return ["for (int u = 0; u < 3; ++u) {", "    if (((%s + u) & 3) == 1)" % self.ival(),
                "        continue;", "    %s += u + 1;" % n, "}"]

    def update_array(self, s):
        """s (float[4] or int[4], maybe through its pointer) gets a bin added or
        maxed, a helper (one returning a value into an int state too)."""
        r = self.r
        n = s.name
        k = s.kind
        target = s.ptr if s.ptr and r.random() < 0.5 else n
        ints = [o for o in self.states if o.kind == "i"]
        if ints and r.random() < 0.2:  # the helper writes the array and returns a value
            c = r.choice(ints)
            self.written.add(c.name)
            arg = r.choice([target, "&%s[0]" % n])
            if k == "fa":
                return ["%s += take_f(%s, %s, %s);" % (c.name, arg, self.ival(), self.fval())]
            return ["%s += take_i(%s, %s);" % (c.name, arg, self.ival())]
        form = r.randint(0, 5)
        arg = r.choice([target, "&%s[0]" % n])  # a helper gets the array or its first element
        if k == "fa":
            if form == 0:
                return ["%s[%s & 3] += %s;" % (target, self.ival(), self.fval())]
            if form == 1:
                return ["%s[k & 3] = fmax(%s[k & 3], %s);" % (target, target, self.fval())]
            if form == 2:
                return ["bin_f(%s, %s, %s);" % (arg, self.ival(), self.fval())]
            if form == 3:
                return ["%s[(%s >> 1) & 3] -= %s * 0.5f;" % (target, self.ival(), self.fval())]
            return ["if (%s)" % self.cond(), "    %s[(k + 1) & 3] += 1.0f;" % target]
        if form == 0:
            return ["%s[%s & 3]++;" % (target, self.ival())]
        if form == 1:
            return ["%s[(%s >> 2) & 3] += 1;" % (target, self.ival())]
        if form == 2:
            return ["bin_i(%s, %s);" % (arg, self.ival())]
        if form == 3:
            return ["%s[k & 3] = max(%s[k & 3], %s);" % (target, target, self.ival())]
        return ["if (%s)" % self.cond(), "    %s[k & 3] ^= 5;" % target]

    def update_struct(self, s):
        """s (acc_t) gets a member accumulated, upd_acc, a branch."""
        r = self.r
        n = s.name
        form = r.randint(0, 6)
        if form == 0:
            return ["%s.sum += %s;" % (n, self.fval())]
        if form == 1:
            return ["%s.hi = fmax(%s.hi, %s);" % (n, n, self.fval())]
        if form == 2:
            return ["%s.cnt += %s > 0.0f;" % (n, self.fval())]
        if form == 3:
            return ["upd_acc(&%s, %s);" % (n, self.fval())]
        if form == 4:
            return ["%s.sum += %s * %s;" % (n, self.fval(), self.fval())]
        if form == 5:
            return ["%s.hi = fmax(%s.hi, -%s);" % (n, n, self.fval())]
        return ["if (%s)" % self.cond(), "    %s.cnt++;" % n]

    def update_float4(self, s):
        """s (float4) gets a vector or a lane added, fmax, mad, acc4."""
        r = self.r
        n = s.name
        form = r.randint(0, 5)
        if form == 0:
            return ["%s += %s;" % (n, self.f4val())]
        if form == 1:
            return ["%s = fmax(%s, %s);" % (n, n, self.f4val())]
        if form == 2:
            return ["%s.%s += %s;" % (n, r.choice("xyzw"), self.fval())]
        if form == 3:
            return ["%s.yz += (float2)(%s, 0.5f);" % (n, self.fval())]
        if form == 4:
            return ["%s = mad(%s, (float4)(0.5f), %s);" % (n, self.f4val(), n)]
        return ["acc4(&%s, %s);" % (n, self.f4val())]

    def update_int2(self, s):
        """s (int2) gets a vector added, a lane maxed or xored."""
        r = self.r
        n = s.name
        form = r.randint(0, 2)
        if form == 0:
            return ["%s += (int2)(%s & 7, 1);" % (n, self.ival())]
        if form == 1:
            return ["%s.x = max(%s.x, %s);" % (n, n, self.ival())]
        return ["%s.y ^= %s & 15;" % (n, self.ival())]

    def store(self, restrict):
        r = self.r
        if restrict:
            form = r.randint(0, 3)
            if form == 0:
                return ["kout[AT(idx, k)] = %s;" % self.fval()]
            if form == 1:
                return ["kout[AT(idx, k)] = %s * 2.0f - %s;" % (self.fval(), self.fval())]
            if form == 2:
                return ["ikout[AT(idx, k)] = %s;" % self.ival()]
            return ["put_f(kout, AT(idx, k), %s);" % self.fval()]
        if r.random() < 0.6:
            text = "aux[AT(idx, k)] = %s;" % self.fval()
            self.used.add("aux")
            return [text]
        return ["aux2[AT(idx, k)] = %s;" % self.ival()]

    def atomic(self):
        r = self.r
        # sums in bins 0-7, maxima in 8-15: either commutes, mixed they would not
        form = r.randint(0, 3)
        if form == 0:
            return ["atomic_add(&hist[%s & 7], 1);" % self.ival()]
        if form == 1:
            return ["atomic_inc(&hist[(%s >> 3) & 7]);" % self.ival()]
        if form == 2:
            return ["atomic_max(&hist[8 + (k & 7)], %s);" % self.ival()]
        return ["atomic_add(&hist[(%s + 3) & 7], %s & 7);" % (self.ival(), self.ival())]

    def nondecl(self):
        return sum(1 for st in self.body if not st[0].startswith(("float ", "const float ", "int ", "float4 ")))

    def pick_target(self):
        """A state to update: one no statement writes yet first."""
        fresh = [s for s in self.states if s.name not in self.written]
        return self.r.choice(fresh or self.states)

    def update_reading(self, s, fval, ival):
        """update(s) that reads fval or ival (a form that takes a value)."""
        while True:
            self.forced_f, self.forced_i = fval, ival
            lines = self.update(s)
            if self.forced_f is None or self.forced_i is None:
                self.forced_f = self.forced_i = None
                return lines

    def unit(self, room):
        """One unit of statements (at most room), appended to the body."""
        r = self.r
        fresh = any(s.name not in self.written for s in self.states)
        kinds = [("acc", 12.0 if fresh else 4.0),  # most states first
                 ("store_r", 1.5), ("store_nr", 0.8), ("atomic", 1.2),
                 ("chain", 1.0), ("chain_decl", 0.4 if room >= 2 else 0),
                 ("decl_mod", 1.0 if room >= 3 else 0)]
        if len(self.written) < 2:
            kinds = [("acc", 1.0)]  # two states of their own at least
        total = sum(w for _, w in kinds)
        x = r.uniform(0, total)
        for kind, w in kinds:
            x -= w
            if x <= 0:
                break
        size = {"chain_decl": 2, "decl_mod": 3}.get(kind, 1)
        # keep room for two statements that are not declarations
        need = max(0, 2 - self.nondecl() - size)
        self.spare = room - size - need
        if kind == "acc":
            self.body.append(self.update(self.pick_target()))
        elif kind == "store_r":
            if r.random() < 0.25:
                self.forced_f = r.choice(self.states).rd_float(r)
            self.body.append(self.store(True))
        elif kind == "store_nr":
            self.body.append(self.store(False))
        elif kind == "atomic":
            self.body.append(self.atomic())
        elif kind == "chain":
            s = self.pick_target()
            t = r.choice([o for o in self.states if o is not s] or [s])
            self.body.append(self.update_reading(s, t.rd_float(r), t.rd_int(r)))
        elif kind == "chain_decl":
            s = self.pick_target()
            t = r.choice([o for o in self.states if o is not s] or [s])
            name = self.new_name("t")
            self.body.append(["float %s = %s * 0.5f;" % (name, t.rd_float(r))])
            self.body.append(self.update_reading(s, name, "(int)%s" % name))
        else:  # decl_mod: declared, modified, then read
            s = self.pick_target()
            name = self.new_name("t")
            if r.random() < 0.6:
                self.body.append(["float %s = %s * 0.5f;" % (name, self.fval())])
                self.body.append(r.choice([["%s = fmin(%s, 3.0f);" % (name, name)],
                                           ["if (%s < 0.0f)" % name, "    %s = -%s;" % (name, name)]]))
                use = (name, "(int)%s" % name)
            else:
                self.body.append(["int %s = %s & 63;" % (name, self.ival())])
                self.body.append(r.choice([["%s += k;" % name], ["%s ^= 9;" % name]]))
                use = ("(float)%s" % name, name)
            self.body.append(self.update_reading(s, *use))
        self.spare = 0

    def chained_body(self, count):
        """Every statement reads the state the one before writes."""
        r = self.r
        prev = None
        for i in range(count):
            self.spare = 1 if r.random() < 0.3 and len(self.body) + count - i < 7 else 0
            last = i == count - 1 and i > 0
            if last and r.random() < 0.4:
                self.forced_f, self.forced_i = prev.rd_float(r), prev.rd_int(r)
                self.body.append(self.store(True) if r.random() < 0.5 else self.atomic())
            else:
                s = self.states[i]
                if prev:  # the update must read prev
                    self.body.append(self.update_reading(s, prev.rd_float(r), prev.rd_int(r)))
                else:
                    self.body.append(self.update(s))
                prev = s
            self.forced_f = self.forced_i = None
        self.spare = 0
