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

Three files, one job each: kgen_macros_parse.py reads that layout (ID
queries, if headers, simple statements), kgen_macros_shapes.py holds the
stages that make the shapes (a mixin of Kernel), and this file draws the
stages per kernel, finds whole statements, writes the macros out and is the
command line (run_gen.py imports macroize and SHAPES from here).
"""

import argparse
import random
import re
import sys

import kfile
from kgen_macros_parse import DECL_RE, JUMP_RE, indent_of, match_paren, simple
from kgen_macros_shapes import MacroShapes  # the stages: a mixin of Kernel

SHAPES = ("untouched", "id-object", "id-function", "id-argument", "id-helper", "stmt-if",
          "stmt-switch",
          "wrap-none", "wrap-brace", "wrap-dowhile", "cond-when", "guarded", "multi-stmt",
          "split-braces", "pp-if", "pp-ifdef", "nested", "in-body-define", "undef")


class Kernel(MacroShapes):
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

    def pick(self, seq):
        return self.r.choice(seq)

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
