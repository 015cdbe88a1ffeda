#!/usr/bin/env python3
"""Turns a CUDA test kernel into a kernel template with the same meaning,
for tdrc's template path (docs/design.md, "Kernel templates"):

    __global__ void k(const float *in, ...)    becomes
    template <typename TplT> __global__ void k(const TplT *in, ...)

(the first pointer parameter to float, int or unsigned takes the type
parameter; with `__launch_bounds__(B...)`, B becomes a second parameter,
`int TplN`), on the same line, so that positions in the body stay where
they were.  The `// EXEC: kernel=` line names the instantiation
(`k<float>`, `k<float,128>`), and an inline host function at the end of
the file takes its address, as a launch would: tdrc rewrites the
instantiations a file uses.

usage: templatize.py IN.cu OUT.cu
Exit 3 (nothing written) for a kernel it does not take: no such
parameter, a template already, or launches in the file (`<<<`).
"""
import re
import sys


def templatize(text):
    m = re.search(r"^// EXEC: kernel=(\w+)\b", text, re.M)
    if not m or "template" in text or "<<<" in text:
        return None
    name = m.group(1)
    decl = re.search(r"__global__(\s+)void(\s+)(?:__launch_bounds__\s*\(([^)]*)\)(\s*))?" +
                     name + r"\s*\(", text)
    if not decl:
        return None
    open_at = decl.end() - 1
    depth, close_at = 0, None
    for i in range(open_at, len(text)):
        depth += {"(": 1, ")": -1}.get(text[i], 0)
        if depth == 0:
            close_at = i
            break
    params = text[open_at:close_at]
    p = re.search(r"\b(float|unsigned int|unsigned|int)(\s*(?:__restrict__\s*)?\*)", params)
    if not p:
        return None
    elem = "unsigned int" if p.group(1) == "unsigned" else p.group(1)
    params = params[:p.start(1)] + "TplT" + params[p.end(1):]
    args = elem
    head = "template <typename TplT> __global__" + decl.group(1) + "void" + decl.group(2)
    if decl.group(3) is not None:
        bounds = decl.group(3).split(",")
        head = ("template <typename TplT, int TplN> __global__" + decl.group(1) + "void" +
                decl.group(2) + "__launch_bounds__(TplN" +
                "".join("," + b for b in bounds[1:]) + ")" + decl.group(4))
        args += "," + bounds[0].strip()
    name_at = text.rindex(name, decl.start(), open_at)
    out = text[:decl.start()] + head + text[name_at:open_at] + params + text[close_at:]
    # The instantiation used in the file, as a real program's launch would:
    # tdrc rewrites the instantiations a file uses.
    out = out.rstrip("\n") + ("\n\n// templatize.py: the instantiation the harness runs, used here.\n"
                             "inline void *%s_instantiated() { return (void *)&%s<%s>; }\n"
                             % (name, name, args))
    return out.replace("// EXEC: kernel=" + name, "// EXEC: kernel=%s<%s>" % (name, args), 1)


def main():
    with open(sys.argv[1], encoding="utf-8") as f:
        text = f.read()
    out = templatize(text)
    if out is None:
        return 3
    with open(sys.argv[2], "w", encoding="utf-8") as f:
        f.write(out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
