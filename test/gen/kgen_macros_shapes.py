"""kgen_macros_shapes.py: kgen_macros.py's shapes, each a stage that moves
part of a kernel body into macros (ID queries, id helpers, WHEN conditions,
GUARDED/CHOOSE, statement macros, multi-statement macros, BEGIN/END braces,
#if/#ifdef groups).

A mixin of kgen_macros.Kernel: every method draws from self.r (the helpers
from a Random of their own), so the order of the calls is part of the
generated text; moving code here changed no output.  The stages edit the
body lines in place and record into the kernel's self.macros (through
define), self.complete, self.iflike, self.shapes and self.helper_fns.
"""

import random
import re

from kgen_macros_parse import (ID_RE, INT_LIT, NEVER, SHORT, arg_safe, if_header, indent_of,
                               simple)


class MacroShapes:
    # ----------------------------------------------------------- ID queries
    def stage_ids(self, body):
        styles = [s for s in ("object", "function", "argument") if self.chance(0.5)]
        if not styles:
            styles = [self.pick(["object", "function", "argument"])]
        done = set()
        nested = self.chance(0.3)
        generic = self.chance(0.3)
        defs = {}

        def fn_macro(fn):
            # function-like: LIDF_3(d), or QUERY_3(f, d) for any query
            if generic:
                key = "QUERY"
                if key not in defs:
                    defs[key] = self.fixed_name("QUERY")
                    self.define(defs[key], ["f", "d"], ["f(d)"])
                return lambda d: "%s(%s, %s)" % (defs[key], fn, d)
            key = SHORT[fn] + "F"
            if key not in defs:
                defs[key] = self.fixed_name(key)
                self.define(defs[key], ["d"], ["%s(d)" % fn])
            return lambda d: "%s(%s)" % (defs[key], d)

        def obj_macro(fn, d):
            key = "%s%s" % (SHORT[fn], d)
            if key not in defs:
                defs[key] = self.fixed_name(key)
                body_ = fn_macro(fn)(d) if nested else "%s(%s)" % (fn, d)
                self.define(defs[key], None, [body_])
            return defs[key]

        def obj_or_fn(m):
            fn, d = m.group(1), m.group(2)
            choices = [s for s in ("object", "function") if s in styles]
            if not choices or not self.chance(0.75):
                return m.group(0)
            style = self.pick(choices)
            done.add("id-" + style)
            return obj_macro(fn, d) if style == "object" else fn_macro(fn)(d)

        for i, line in enumerate(body):
            if not ID_RE.search(line):
                continue
            if "argument" in styles:
                # (int)get_global_id(0) -> ASINT_3(get_global_id(0))
                def asint(m):
                    if not self.chance(0.6):
                        return m.group(0)
                    if "ASINT" not in defs:
                        defs["ASINT"] = self.fixed_name("ASINT")
                        self.define(defs["ASINT"], ["e"], ["((int)(e))"])
                    done.add("id-argument")
                    return "%s(%s)" % (defs["ASINT"], m.group(1))
                line = re.sub(r"\(int\)(%s)" % ID_RE.pattern, asint, line)
            line = ID_RE.sub(obj_or_fn, line)
            body[i] = line
        id_names = set(defs.values())
        if "argument" in styles:
            # NAME[index with an ID query] -> AT_3(NAME, index)
            for i, line in enumerate(body):
                body[i] = self.at_subst(line, id_names, defs, done)
        self.shapes |= done
        return bool(done)

    def at_subst(self, line, id_names, defs, done):
        out, pos = [], 0
        for m in re.finditer(r"(?<![\w.>])([a-z]\w*)\[", line):
            if m.start() < pos:
                continue
            j, depth = m.end() - 1, 0
            k = -1
            for t in range(j, len(line)):
                if line[t] == "[":
                    depth += 1
                elif line[t] == "]":
                    depth -= 1
                    if depth == 0:
                        k = t
                        break
            if k < 0:
                continue
            idx = line[j + 1:k]
            words = set(re.findall(r"\w+", idx))
            if not (ID_RE.search(idx) or words & id_names) or "[" in idx or not arg_safe(idx):
                continue
            if not self.chance(0.7):
                continue
            if "AT" not in defs:
                defs["AT"] = self.fixed_name("AT")
                self.define(defs["AT"], ["p", "i"], ["(p)[i]"])
            done.add("id-argument")
            out.append(line[pos:m.start()])
            out.append("%s(%s, %s)" % (defs["AT"], m.group(1), idx))
            pos = k + 1
        out.append(line[pos:])
        return "".join(out)

    def stage_id_helpers(self, body, seed):
        """Some ID queries left in the body and the macros' bodies become
        calls of helpers that return them (a Random of its own)."""
        hr = random.Random("kgen_macros:helpers:%d:%s" % (seed, self.name))
        if hr.random() >= 0.35:
            return
        names = {}

        def call(m):
            fn, d = m.group(1), m.group(2)
            if fn not in ("get_global_id", "get_local_id", "get_group_id") or hr.random() >= 0.6:
                return m.group(0)
            key = SHORT[fn].lower() + d
            if key not in names:
                names[key] = self.fixed_name("kgh_" + key)
                self.helper_fns.append("size_t %s(void) { return %s(%s); }" % (names[key], fn, d))
            return names[key] + "()"
        for i, line in enumerate(body):
            if not line.strip().startswith("#"):
                body[i] = ID_RE.sub(call, line)
        for m in self.macros:
            m["body"] = [ID_RE.sub(call, l) for l in m["body"]]
        if names:
            self.shapes.add("id-helper")

    # ---------------------------------------------------------- conditions
    def stage_when(self, body):
        cands = [i for i, l in enumerate(body) if if_header(l.strip())]
        if not cands:
            return False
        name = self.new_name("WHEN")
        self.define(name, ["c"], ["if (c)"])
        self.iflike.add(name)
        n = 0
        for i in cands:
            if n and not self.chance(0.5):
                continue
            s = body[i].strip()
            pre, c, rest = if_header(s)
            arg = c if arg_safe(c) and not self.chance(0.1) else "(%s)" % c
            new = "%s%s(%s)%s" % (pre, name, arg, " {" if rest else "")
            body[i] = body[i][:indent_of(body[i])] + new
            n += 1
        self.shapes.add("cond-when")
        return True

    def stage_guarded(self, body):
        """if (c) { s } / if (c) s / if (c) { a } else { b } with one comma-free
        line per side -> GUARDED_3(c, s) / CHOOSE_3(c, a, b)."""
        def fits(s, i, e):
            h = if_header(s)
            if not h or h[0]:
                return False
            lines = [body[k].strip() for k in range(i + 1, e + 1)]
            if h[2] == "{":
                if len(lines) == 2 and lines[1] == "}":
                    return simple(lines[0]) and arg_safe(lines[0])
                if (len(lines) == 4 and lines[1] == "} else {" and lines[3] == "}"):
                    return all(simple(x) and arg_safe(x) for x in (lines[0], lines[2]))
                return False
            if len(lines) == 1:
                return arg_safe(lines[0])
            return len(lines) == 3 and arg_safe(lines[0]) and arg_safe(lines[2])
        cands = self.statement_starts(body, fits)
        if not cands:
            return False
        i, e = self.pick(cands)
        pre, c, rest = if_header(body[i].strip())
        lines = [body[k].strip() for k in range(i + 1, e + 1)]
        sides = [lines[0]] if len(lines) <= 2 else [lines[0], lines[2]]
        arg = c if arg_safe(c) else "(%s)" % c
        semi = self.chance(0.5)  # the macro adds the ';' of each side
        if semi:
            sides = [s[:-1] for s in sides]
            fmt = "{ %s; }"
        else:
            fmt = "{ %s }"
        if len(sides) == 1:
            name = self.new_name("GUARDED")
            self.define(name, ["c", "s"], ["if (c) " + fmt % "s"])
        else:
            name = self.new_name("CHOOSE")
            self.define(name, ["c", "a", "b"], ["if (c) %s else %s" % (fmt % "a", fmt % "b")])
        use = "%s(%s, %s)" % (name, arg, ", ".join(sides))
        if self.chance(0.5):
            use += ";"
        self.complete.add(use)
        body[i:e + 1] = [body[i][:indent_of(body[i])] + use]
        self.shapes.add("guarded")
        return True

    # ----------------------------------------------------- statement macros
    def statement_macro(self, body, i, e, base, shape):
        lines = self.dedent(body[i:e + 1])
        text = "\n".join(lines)
        jump = self.has_jump(text)
        decl = e == i and self.leaks_decl(lines[0].strip())
        wraps = ["none"]
        if not decl:
            wraps.append("brace")
            if not jump:
                wraps.append("dowhile")
        wrap = self.pick(wraps)
        if wrap == "brace":
            lines = ["{"] + ["    " + l for l in lines] + ["}"]
        elif wrap == "dowhile":
            lines = ["do {"] + ["    " + l for l in lines] + ["} while (0)"]
        place = "body" if self.chance(0.2) else "pre"
        name = self.new_name(base)
        self.define(name, None, lines, place=place, jump=jump, decl=decl and wrap == "none")
        if wrap == "dowhile" or self.chance(0.5):
            use = name + ";"
        else:
            use = name
        self.complete.add(use)
        body[i:e + 1] = [body[i][:indent_of(body[i])] + use]
        self.shapes.add(shape)
        self.shapes.add("wrap-" + wrap)
        return name

    def stage_step(self, body):
        """A whole if-statement or switch into a statement macro."""
        n = 0
        for _ in range(self.pick([1, 1, 2])):
            def is_branch(s, i, e):
                return (bool(re.match(r"(if|switch) \(", s))
                        or s.split("(")[0] in self.iflike)
            cands = self.statement_starts(body, is_branch)
            if not cands:
                break
            i, e = self.pick(cands)
            s = body[i].strip()
            if self.chance(0.25) and if_header(s):
                # nested: the condition in a macro of its own
                pre, c, rest = if_header(s)
                cn = self.new_name("COND")
                self.define(cn, None, ["(%s)" % c])
                body[i] = body[i][:indent_of(body[i])] + "if (%s)%s" % (cn, " {" if rest else "")
            self.statement_macro(body, i, e, "STEP",
                                 "stmt-switch" if s.startswith("switch") else "stmt-if")
            n += 1
        return n > 0

    def stage_multi(self, body):
        runs = []
        for i in range(len(body)):
            s = body[i].strip()
            if not simple(s) or not self.prev_ok(body, i):
                continue
            j = i
            while (j + 1 < len(body) and simple(body[j + 1].strip())
                   and indent_of(body[j + 1]) == indent_of(body[i])):
                j += 1
            if j > i:
                runs.append((i, j))
        if not runs:
            return False
        i, j = self.pick(runs)
        j = min(j, i + self.r.randint(1, 3))
        lines = self.dedent(body[i:j + 1])
        decl = any(self.leaks_decl(l.strip()) for l in lines)
        jump = self.has_jump("\n".join(lines))
        wraps = ["none"] if decl else ["none", "brace"] + ([] if jump else ["dowhile"])
        wrap = self.pick(wraps)
        if wrap == "brace":
            lines = ["{"] + ["    " + l for l in lines] + ["}"]
        elif wrap == "dowhile":
            lines = ["do {"] + ["    " + l for l in lines] + ["} while (0)"]
        name = self.new_name(self.pick(["TWO", "STMTS"]) if j - i == 1 else "STMTS")
        self.define(name, None, lines, place="body" if self.chance(0.2) else "pre", jump=jump,
                    decl=decl)
        use = name + ";" if wrap == "dowhile" or self.chance(0.5) else name
        self.complete.add(use)
        body[i:j + 1] = [body[i][:indent_of(body[i])] + use]
        self.shapes.add("multi-stmt")
        self.shapes.add("wrap-" + wrap)
        return True

    def stage_split(self, body):
        """if (c) { ... } without else -> BEGIN_3(c) ... END_3."""
        def fits(s, i, e):
            h = if_header(s)
            return bool(h and not h[0] and h[2] == "{" and body[e].strip() == "}")
        cands = self.statement_starts(body, fits)
        if not cands:
            return False
        i, e = self.pick(cands)
        _, c, _ = if_header(body[i].strip())
        b, en = self.new_name("BEGIN"), self.new_name("END")
        self.define(b, ["c"], ["if (c) {"])
        self.define(en, None, ["}"])
        body[i] = body[i][:indent_of(body[i])] + "%s(%s)" % (b, c if arg_safe(c) else "(%s)" % c)
        body[e] = body[e][:indent_of(body[e])] + en
        self.shapes.add("split-braces")
        return True

    # --------------------------------------------------------- conditionals
    def variant(self, lines):
        """Different but valid code for a never-selected group."""
        h = if_header(lines[0].strip())
        if h and not h[0]:
            ind = lines[0][:indent_of(lines[0])]
            return [ind + "if (!(%s))%s" % (h[1], " {" if h[2] else "")] + lines[1:]
        for k, l in enumerate(lines):
            m = INT_LIT.search(l)
            if m:
                l2 = l[:m.start()] + str(int(m.group(1)) + 1) + l[m.end():]
                return lines[:k] + [l2] + lines[k + 1:]
        return [lines[0][:indent_of(lines[0])] + ";"]

    def stage_pp(self, body, kind):
        depth, inside = 0, set()
        for k, l in enumerate(body):
            s = l.strip()
            if s.startswith("#if"):
                depth += 1
            if depth:
                inside.add(k)
            if s.startswith("#endif"):
                depth -= 1
        cands = [(i, e) for i, e in self.statement_starts(body)
                 if not any(k in inside for k in range(i, e + 1))]
        if not cands:
            return False
        i, e = self.pick(cands)
        stmt = body[i:e + 1]
        alt = self.variant(stmt)
        ind = "" if self.chance(0.6) else body[i][:indent_of(body[i])]
        if kind == "pp-if":
            if self.chance(0.6):
                new = ["#if 1"] + stmt + ["#else"] + alt + ["#endif"]
            else:
                new = ["#if 0"] + alt + ["#else"] + stmt + ["#endif"]
        else:
            form = self.pick(["ifdef-else", "ifndef", "defined-elif", "dead"])
            if form == "ifdef-else":
                new = ["#ifdef " + NEVER] + alt + ["#else"] + stmt + ["#endif"]
            elif form == "ifndef":
                new = ["#ifndef " + NEVER] + stmt + ["#endif"]
            elif form == "defined-elif":
                new = ["#if defined(%s)" % NEVER] + alt + ["#elif 1"] + stmt + ["#endif"]
            else:
                new = ["#ifdef " + NEVER] + alt + ["#endif"] + stmt
        body[i:e + 1] = [ind + l if l.startswith("#") else l for l in new]
        self.shapes.add(kind)
        return True
