#!/usr/bin/env python3
"""kgen_macros.py: kgen.py's kernels with parts of their bodies moved into
preprocessor macros, for tdrc's macro unfolding (run_gen.sh --macros).

    kgen.py --seed S --index I [--count C] | kgen_macros.py --seed S [-o OUT] [--stats]
    kgen_macros.py --seed S FILE [-o OUT] [--stats]

Text in, text out: the program is the same after preprocessing (macros are
textual, and every macro is used where its text was), so a kernel computes
exactly what kgen.py's did. Deterministic: each kernel draws from
Random("kgen_macros:SEED:NAME"), so a kernel's macros do not depend on the
other kernels of its file (kgen.py --index I | kgen_macros.py gives the
kernel of a run again). About 20% of the kernels are left as they are.

Shapes (drawn per kernel; `--stats` counts them):
  id-object     an ID query in an object-like macro: #define GID0_3 get_global_id(0)
  id-function   in a function-like one: #define LIDF_3(d) get_local_id(d), or
                #define QUERY_3(f, d) f(d) used as QUERY_3(get_global_id, 0)
  id-argument   an ID query in a macro's argument: ASINT_3(get_global_id(0))
                (#define ASINT_3(e) ((int)(e))), AT_3(out, get_global_id(0))
                (#define AT_3(p, i) (p)[i])
  stmt-if, stmt-switch
                a whole if-statement (if, if/else, else-if chain, unbraced)
                or switch in a statement macro with line continuations, used
                as `STEP1_3;` or `STEP1_3`; wrappers (wrap-*): none, { ... },
                do { ... } while (0) (never around break/continue); its
                condition sometimes in an object-like macro (COND2_3) of its own
  cond-when     if (c) -> WHEN1_3(c) (#define WHEN1_3(c) if (c)), also
                `} else WHEN1_3(c) {`; a condition with a comma outside
                parentheses is passed parenthesised
  guarded       if (c) { s } -> GUARDED1_3(c, s) (#define GUARDED1_3(c, s) if (c) { s }),
                if/else -> CHOOSE1_3(c, a, b); only comma-free statements
  multi-stmt    2 to 4 consecutive statements in one macro (declarations
                only unwrapped: a wrapper would scope them)
  split-braces  #define BEGIN1_3(c) if (c) { ... #define END1_3 }
  pp-if         a statement under #if 1 / #else <a variant> / #endif (or #if 0 / #else)
  pp-ifdef      #ifdef KGEN_NEVER_DEFINED <variant> #else ... #endif, #ifndef,
                #if defined(KGEN_NEVER_DEFINED) ... #elif 1, a dead #ifdef block
  id-helper     an ID query replaced by a call of a helper that returns it,
                `size_t kgh_gid0_3(void) { return get_global_id(0); }`,
                anywhere: in the body, in a macro's arguments (ASINT_3(kgh_gid0_3())),
                in a macro's body (drawn from a Random of its own, after the
                other shapes, so those stay what they were)
  nested        a macro whose body uses another of the kernel's macros
  in-body-define  a statement macro defined in the kernel body, just before its use
  undef         the kernel's macros #undef'd after the kernel
The variants in never-selected groups are valid code (a literal changed, a
condition negated). Macros are defined just before the kernel (inside its
`// ---- kernel` chunk, so kfile.py keeps them with it), named BASE<n>_<index>.

Parsing relies on kgen.py's layout: 4-space indentation, one statement a
line, `{` at the end of a header line, `} else {` and `} else if (...) {`
on one line, no comments in kernel bodies.
"""

import argparse
import random
import re
import sys

import kfile

NEVER = "KGEN_NEVER_DEFINED"
ID_RE = re.compile(r"\b(get_global_id|get_local_id|get_local_size|get_group_id|get_num_groups|"
                   r"get_global_size)\((\d)\)")
SHORT = {"get_global_id": "GID", "get_local_id": "LID", "get_local_size": "LSZ",
         "get_group_id": "GRP", "get_num_groups": "NGRP", "get_global_size": "GSZ"}
DECL_RE = re.compile(r"^(const\s+)?(int|uint|float|int2|float4|__global|__local|__private|"
                     r"char|uchar|short|ushort|long|ulong)\b|^\w+_s\s+\w")
CTRL_RE = re.compile(r"^(if|for|while|switch|do|else|case|default)\b")
JUMP_RE = re.compile(r"\b(break|continue)\b")
INT_LIT = re.compile(r"(?<![\w.])(\d+)(?![\w.])")
SHAPES = ("untouched", "id-object", "id-function", "id-argument", "id-helper", "stmt-if",
          "stmt-switch",
          "wrap-none", "wrap-brace", "wrap-dowhile", "cond-when", "guarded", "multi-stmt",
          "split-braces", "pp-if", "pp-ifdef", "nested", "in-body-define", "undef")


def indent_of(line):
    return len(line) - len(line.lstrip(" "))


def match_paren(s, i):
    """Index of the ')' matching the '(' at s[i], or -1."""
    depth = 0
    for j in range(i, len(s)):
        if s[j] == "(":
            depth += 1
        elif s[j] == ")":
            depth -= 1
            if depth == 0:
                return j
    return -1


def arg_safe(s):
    """Whether s can be a macro argument as it is: balanced parentheses and
    no comma outside them (brackets and braces do not protect commas)."""
    depth = 0
    for ch in s:
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth -= 1
            if depth < 0:
                return False
        elif ch == "," and depth == 0:
            return False
    return depth == 0


def if_header(s):
    """(prefix, condition, rest) of a stripped `if (c) {` / `} else if (c) {` /
    `if (c)` line, or None."""
    m = re.match(r"(\}\s*else\s+)?if \(", s)
    if not m:
        return None
    p = m.end() - 1
    q = match_paren(s, p)
    if q < 0:
        return None
    rest = s[q + 1:].strip()
    if rest not in ("", "{"):
        return None
    return (m.group(1) or ""), s[p + 1:q], rest


def simple(s):
    """A one-line statement that is neither a control header nor a directive."""
    return (s.endswith(";") and not s.startswith(("#", "}", "{")) and not CTRL_RE.match(s)
            and s.count("{") == s.count("}") and s.count("(") == s.count(")"))


class Kernel:
    def __init__(self, lines, name, seed, suffix, used_names):
        self.lines, self.name, self.suffix = lines, name, suffix
        self.r = random.Random("kgen_macros:%d:%s" % (seed, name))
        self.seed = seed
        self.used_names = used_names     # macro names of the whole file
        self.macros = []                 # dict(name, params, body, place, jump, decl)
        self.complete = set()            # stripped usage lines that are whole statements
        self.iflike = set()              # WHEN macro names (an `if (c)` header)
        self.shapes = set()
        self.counter = 0
        self.helper_fns = []             # helper definitions, before the macros

    # ------------------------------------------------------------ utilities
    def chance(self, p):
        return self.r.random() < p

    def new_name(self, base):
        self.counter += 1
        name = "%s%d_%s" % (base, self.counter, self.suffix)
        assert name not in self.used_names, name
        self.used_names.add(name)
        return name

    def fixed_name(self, base):
        """A name without a counter (GID0_3, ASINT_3): the ID macros, one each."""
        name = "%s_%s" % (base, self.suffix)
        assert name not in self.used_names, name
        self.used_names.add(name)
        return name

    def define(self, name, params, body, place="pre", jump=None, decl=False):
        text = "\n".join(body)
        if jump is None:
            jump = self.has_jump(text)
        self.macros.append(dict(name=name, params=params, body=body, place=place, jump=jump,
                                decl=decl))

    def names_in(self, text):
        words = set(re.findall(r"[A-Za-z_]\w*", text))
        return [m for m in self.macros if m["name"] in words]

    def has_jump(self, text):
        """break/continue in text or in (the expansions of) the macros it names."""
        if JUMP_RE.search(text):
            return True
        return any(m["jump"] for m in self.names_in(text))

    def leaks_decl(self, s):
        return bool(DECL_RE.match(s)) or any(m["decl"] for m in self.names_in(s))

    def prev_ok(self, body, i):
        """Whether body[i] starts a statement of its own (not an unbraced body)."""
        j = i - 1
        while j >= 0 and body[j].strip().startswith("#"):
            j -= 1
        if j < 0:
            return True
        s = body[j].strip()
        return s.endswith(("{", ";", "}")) or s in self.complete

    def stmt_end(self, body, i):
        """The last line of the statement that starts at body[i], or None:
        balanced braces from a header ending in '{', one body line after an
        unbraced header (and an `else` with its line), one simple line."""
        s = body[i].strip()
        if not s or s.startswith(("#", "}", "{", "else")) or s.endswith("\\"):
            return None
        if re.match(r"(case\b|default\b)", s):
            return None
        if s.endswith("{"):
            depth = 0
            for j in range(i, len(body)):
                t = body[j].strip()
                if t.startswith("#") or t.endswith("\\"):
                    return None
                depth += t.count("{") - t.count("}")
                if depth < 0:
                    return None
                if depth == 0:
                    if j == i:
                        return None
                    if j + 1 < len(body) and body[j + 1].strip().startswith("else"):
                        return None
                    return j
            return None
        m = re.match(r"(if|for|while) \(|(\w+)\(", s)
        if m and (m.group(1) or m.group(2) in self.iflike) and s.endswith(")"):
            q = match_paren(s, s.index("("))
            if q != len(s) - 1:
                return None
            ind = indent_of(body[i])

            def one(j):
                return (j < len(body) and indent_of(body[j]) > ind and simple(body[j].strip()))
            if not one(i + 1):
                return None
            if (m.group(1) != "for" and m.group(1) != "while" and i + 2 < len(body)
                    and body[i + 2].strip() == "else" and indent_of(body[i + 2]) == ind):
                return i + 3 if one(i + 3) else None
            return i + 1
        if simple(s) or s in self.complete:
            return i
        return None

    def statement_starts(self, body, pred=None):
        out = []
        for i, line in enumerate(body):
            if not self.prev_ok(body, i):
                continue
            e = self.stmt_end(body, i)
            if e is not None and (pred is None or pred(body[i].strip(), i, e)):
                out.append((i, e))
        return out

    def dedent(self, lines, extra=4):
        base = indent_of(lines[0])
        return [" " * extra + l[min(base, indent_of(l)):] for l in lines]

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

    def pick(self, seq):
        return self.r.choice(seq)

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

    # --------------------------------------------------------------- output
    def render(self, m, ind=""):
        head = "#define %s%s" % (m["name"], "(%s)" % ", ".join(m["params"])
                                 if m["params"] is not None else "")
        body = m["body"]
        if len(body) == 1:
            return [ind + head + " " + body[0].strip()]
        style = self.pick(["below", "below", "first", "join"])
        if style == "join":
            return [ind + head + " " + " ".join(l.strip() for l in body)]
        if style == "first":
            return ([ind + head + " " + body[0].strip() + " \\"] +
                    [l + " \\" for l in body[1:-1]] + [body[-1]])
        return [ind + head + " \\"] + [l + " \\" for l in body[:-1]] + [body[-1]]

    def transform(self):
        lines = self.lines
        k0 = next((i for i, l in enumerate(lines)
                   if l.startswith("__kernel void %s(" % self.name)), None)
        if k0 is None:
            return lines, {"untouched"}
        d0 = k0 - 1 if lines[k0 - 1].startswith("__attribute__") else k0
        open_ = next(i for i in range(k0, len(lines)) if lines[i] == "{")
        close = max(i for i, l in enumerate(lines) if l == "}")
        body = lines[open_ + 1:close]
        if self.chance(0.2):
            return lines, {"untouched"}
        stages = [("ids", 0.6, self.stage_ids), ("when", 0.3, self.stage_when),
                  ("guarded", 0.3, self.stage_guarded), ("step", 0.5, self.stage_step),
                  ("multi", 0.4, self.stage_multi), ("split", 0.1, self.stage_split),
                  ("pp-if", 0.25, lambda b: self.stage_pp(b, "pp-if")),
                  ("pp-ifdef", 0.25, lambda b: self.stage_pp(b, "pp-ifdef"))]
        drawn = [self.chance(p) for _, p, _ in stages]
        applied = False
        for (_, _, fn), d in zip(stages, drawn):
            if d:
                applied = fn(body) or applied
        if not applied:  # at least one shape: the first that fits, in random order
            order = list(range(len(stages)))
            self.r.shuffle(order)
            for k in order:
                if stages[k][2](body):
                    break
        self.stage_id_helpers(body, self.seed)
        names = set(m["name"] for m in self.macros)
        for m in self.macros:
            words = set(re.findall(r"[A-Za-z_]\w*", "\n".join(m["body"])))
            if words & (names - {m["name"]}):
                self.shapes.add("nested")
        # statement macros defined in the body: just before the first use
        # (before the #if group holding it); others just before the kernel,
        # after the helpers
        pre = list(self.helper_fns)
        for m in self.macros:
            pos = None
            if m["place"] == "body":
                pat = re.compile(r"\b%s\b" % m["name"])
                pos = next((k for k, l in enumerate(body) if pat.search(l)
                            and not l.strip().startswith("#")
                            and not (k and body[k - 1].endswith("\\"))), None)
            if pos is None:
                pre += self.render(m)
                continue
            depth, start = 0, None
            for k in range(pos):
                s = body[k].strip()
                if s.startswith("#if"):
                    if depth == 0:
                        start = k
                    depth += 1
                elif s.startswith("#endif"):
                    depth -= 1
            if depth > 0:
                pos = start
            ind = "" if self.chance(0.5) else body[pos][:indent_of(body[pos])]
            body[pos:pos] = self.render(m, ind)
            self.shapes.add("in-body-define")
        post = []
        if self.macros and self.chance(0.3):
            post = ["#undef " + m["name"] for m in self.macros]
            self.shapes.add("undef")
        out = lines[:d0] + pre + lines[d0:open_ + 1] + body + lines[close:close + 1] + post + \
            lines[close + 1:]
        return out, self.shapes or {"untouched"}


def macroize(text, seed=0, stats=None):
    """text (kgen.py's output) with parts of its kernels in macros; stats, a
    dict, gets the number of kernels of each shape (and 'kernels')."""
    lines = text.split("\n")
    out, pos, used = [], 0, set()
    for n, (name, a, b) in enumerate(kfile.chunks(text)):
        out += lines[pos:a]
        m = re.match(r"g\d+_(\d+)", name)
        k = Kernel(lines[a:b + 1], name, seed, m.group(1) if m else "n%d" % n, used)
        new, shapes = k.transform()
        out += new
        pos = b + 1
        if stats is not None:
            stats["kernels"] = stats.get("kernels", 0) + 1
            for s in shapes:
                stats[s] = stats.get(s, 0) + 1
    out += lines[pos:]
    if out and out[0].startswith("// Generated by"):
        out.insert(1, "// Macros by test/gen/kgen_macros.py --seed %d; do not edit." % seed)
    return "\n".join(out)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("input", nargs="?", default="-")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("-o", "--output")
    ap.add_argument("--stats", action="store_true",
                    help="print how many kernels got each shape (stderr)")
    a = ap.parse_args(argv)
    text = sys.stdin.read() if a.input == "-" else open(a.input).read()
    stats = {}
    result = macroize(text, a.seed, stats)
    if a.output:
        with open(a.output, "w") as f:
            f.write(result)
    else:
        sys.stdout.write(result)
    if a.stats:
        n = stats.get("kernels", 0)
        sys.stderr.write("%d kernels\n" % n)
        for s in SHAPES:
            sys.stderr.write("%-16s %4d  %5.1f%%\n" % (s, stats.get(s, 0),
                                                       100.0 * stats.get(s, 0) / max(n, 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
