"""kgen_macros_parse.py: kgen_macros.py's reading of kgen.py's text: the ID
queries, declarations, control headers and jumps it recognises, and the
line-level helpers (indentation, matching parentheses, if headers, simple
statements, what can be a macro argument as it is).

Apart from kgen_macros.py so that the shapes (kgen_macros_shapes.py) and
the kernel driver share one reading of the layout; they rely on kgen.py's
layout: 4-space indentation, one statement a line, `{` at the end of a
header line, `} else {` and `} else if (...) {` on one line.
"""

import re

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
