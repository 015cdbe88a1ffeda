#!/usr/bin/env python3
"""reduce.py: shrinks a failing kernel file while the failure persists.

    reduce.py --mode MODE --tdrc TDRC --tdr-exec TDR_EXEC [--tdrc-opts "OPTS"]
              [--max-time S] KERNEL.cl -o REDUCED.cl
    reduce.py --test "CMD" KERNEL.cl -o REDUCED.cl   (CMD FILE exits 0 while interesting)

MODE (what must stay true of every candidate; each also has to pass
`clang-22 -fsyntax-only -x cl -cl-std=CL1.2`):
  mismatch   tdrc rewrites it, the original agrees with itself under tdr_exec
             (deterministic), and original and rewritten differ (exit 1)
  invalid    tdrc rewrites it and Clang rejects the result with the same first
             error message as at the start
  tdrc       tdrc exits with the same status as at the start (not 0)
  exec-error tdrc rewrites it, the original agrees with itself, and tdr_exec
             on original vs rewritten exits with the same status as at the
             start (not 0 or 1)
  oclgrind   tdrc rewrites it, Oclgrind reports on the rewritten kernel and
             not on the original (test/exec/oclgrind_check.sh)

Passes, repeated until none makes progress or the time is up: delete helper
functions; delete whole statements with their blocks (if/else chains, loops,
switches, cases), or keep only one of their bodies; delete lines and runs of 2
to 4 lines; reduce the EXEC line to one local size and seeds=1. Lines that
keep the kernel well defined are never touched: the EXEC lines, the kernel
signature, bounds guards / ID early returns, barriers and the __local stores
between them, the chunk markers. Candidates must pass Clang with
-Werror=return-type/uninitialized/sometimes-uninitialized/excess-initializers,
and in modes mismatch and exec-error every accepted candidate's original must
also be clean under Oclgrind (test/exec/oclgrind_check.sh); the result is
checked under Oclgrind once more and the verdict printed.
"""

import argparse
import os
import re
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
OCLGRIND_CHECK = os.path.join(HERE, "..", "exec", "oclgrind_check.sh")
CLANG = os.environ.get("CLANG", "clang-22")

PROTECT = re.compile(
    r"^\s*(//|__kernel|__global|__local|int n\b|int w\b|int h\b|int p\b|\{$|\}$)|"
    r"barrier\(|_tile\d+\[lid\] =|lbuf\[lid\] =|if \(gid < n\) \{|if \(x < w && y < h\) \{|"
    r"if \(gid >= n\)$|if \(x >= w \|\| y >= h\)$|int (gid|lid|lsz|x|y|idx|grp) = |"
    r"^    (float|int|uint) [mckw];$")


GUARD_RETURN = re.compile(r"if \(gid >= n\)$|if \(x >= w \|\| y >= h\)$")


def run(cmd, timeout=600, env=None):
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout,
                           env=env)
        return p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired:
        return 124, "timeout"


class Reducer:
    def __init__(self, a):
        self.a = a
        self.tmp = tempfile.mkdtemp(prefix="tdr_reduce.")
        self.calls = 0
        self.ocl_env = dict(os.environ)
        self.ocl_env["OCLGRIND_FLAGS"] = "--build-options -cl-opt-disable"
        self.env = dict(os.environ)
        self.env.setdefault("POCL_WORK_GROUP_SPECIALIZATION", "0")
        self.env.setdefault("POCL_CACHE_DIR", os.path.join(self.tmp, "pocl-cache"))
        self.want = None

    def files(self, text):
        self.calls += 1
        src = os.path.join(self.tmp, "cand.cl")
        with open(src, "w") as f:
            f.write(text)
        return src, os.path.join(self.tmp, "cand.tdr.cl")

    def syntax_ok(self, src):
        # Deleting lines must not make the kernel ill-defined in ways Clang sees.
        return run([CLANG, "-fsyntax-only", "-x", "cl", "-cl-std=CL1.2", "-Werror=return-type",
                    "-Werror=uninitialized", "-Werror=sometimes-uninitialized",
                    "-Werror=excess-initializers", src], 60)[0] == 0

    def oclgrind_clean(self, src):
        return run(["sh", OCLGRIND_CHECK, self.a.tdr_exec, src], self.a.timeout,
                   env=self.ocl_env)[0] == 0

    def tdrc(self, src, rew):
        opts = self.a.tdrc_opts.split() if self.a.tdrc_opts else []
        return run([self.a.tdrc, src, "-o", rew] + opts, 120)

    def exec_(self, *args):
        return run([self.a.tdr_exec] + list(args), self.a.timeout, env=self.env)

    def observe(self, text):
        """The failure's signature for text, or None when it is not a candidate."""
        src, rew = self.files(text)
        if not self.syntax_ok(src):
            return None
        mode = self.a.mode
        rc, out = self.tdrc(src, rew)
        if mode == "tdrc":
            return ("tdrc", rc) if rc != 0 else None
        if rc != 0:
            return None
        if mode == "invalid":
            rc, out = run([CLANG, "-fsyntax-only", "-x", "cl", "-cl-std=CL1.2", rew], 60)
            m = re.search(r"error: (.*)", out)
            return ("invalid", m.group(1)) if rc != 0 and m else None
        if mode == "oclgrind":
            if run(["sh", OCLGRIND_CHECK, self.a.tdr_exec, rew], self.a.timeout,
                   env=self.ocl_env)[0] == 0:
                return None
            if run(["sh", OCLGRIND_CHECK, self.a.tdr_exec, src], self.a.timeout,
                   env=self.ocl_env)[0] != 0:
                return None
            return ("oclgrind",)
        if self.exec_(src, src)[0] != 0:
            return None
        rc, out = self.exec_(src, rew)
        if mode == "mismatch":
            return ("mismatch",) if rc == 1 and "MISMATCH" in out else None
        return ("exec-error", rc) if rc not in (0, 1) else None

    def interesting(self, text):
        if self.a.test:
            src, _ = self.files(text)
            return run(self.a.test.split() + [src], self.a.timeout)[0] == 0
        if self.observe(text) != self.want:
            return False
        # A smaller original must stay well defined (no race, no uninitialised
        # value): otherwise the "failure" could be the reducer's own making.
        if self.a.mode in ("mismatch", "exec-error") and os.path.exists(OCLGRIND_CHECK):
            return self.oclgrind_clean(os.path.join(self.tmp, "cand.cl"))
        return True

    # ------------------------------------------------------------ structure
    @staticmethod
    def statements(lines):
        """[(first, last, [(body_first, body_last), ...])] for every braced
        statement (if/else chains, loops, switches, cases) inside functions."""
        # matching close line for every line ending in '{'
        stack, close = [], {}
        for i, l in enumerate(lines):
            code = l.split("//")[0]
            for ch in code:
                if ch == "{":
                    stack.append(i)
                elif ch == "}" and stack:
                    o = stack.pop()
                    if lines[o].rstrip().endswith("{"):
                        close.setdefault(o, i)
        out = []
        for i, l in enumerate(lines):
            s = l.strip()
            if not s.endswith("{") or s.startswith("}") or s == "{" or i not in close:
                continue
            if s.startswith("__kernel") or s.startswith("typedef"):
                continue
            if not l.startswith("    "):  # top level: helper functions are handled apart
                continue
            bodies, hdr = [], i
            while True:
                j = close[hdr]
                bodies.append((hdr + 1, j - 1))
                if lines[j].strip().startswith("}") and lines[j].strip().endswith("{") \
                        and j in close:
                    hdr = j
                    continue
                break
            out.append((i, j, bodies))
        return out

    @staticmethod
    def functions(lines):
        """[(first, last)] of helper functions and typedefs (top-level, not kernels)."""
        out, i = [], 0
        while i < len(lines):
            l = lines[i]
            if l and not l[0].isspace() and not l.startswith("//") and \
                    not l.startswith("__kernel") and not l.startswith("__attribute__") and \
                    ("(" in l or l.startswith("typedef")):
                j = i
                depth, seen = 0, False
                while j < len(lines):
                    depth += lines[j].count("{") - lines[j].count("}")
                    seen = seen or "{" in lines[j]
                    if seen and depth == 0:
                        break
                    j += 1
                out.append((i, j))
                i = j + 1
            else:
                i += 1
        return out

    def candidates(self, lines):
        """Yields candidate line lists, biggest cuts first."""
        for a, b in self.functions(lines):
            yield lines[:a] + lines[b + 1:]
        stmts = sorted(self.statements(lines), key=lambda s: s[0] - s[1])
        for a, b, bodies in stmts:
            if PROTECT.search(lines[a]):
                continue
            yield lines[:a] + lines[b + 1:]
            for ba, bb in bodies:
                body = [l[4:] if l.startswith("    ") else l for l in lines[ba:bb + 1]]
                yield lines[:a] + body + lines[b + 1:]
        for n in (4, 2, 1):
            for i in range(len(lines) - n, -1, -1):
                chunk = lines[i:i + n]
                if any(PROTECT.search(l) for l in chunk) or any(not l.strip() for l in chunk):
                    continue
                if i > 0 and GUARD_RETURN.search(lines[i - 1]):
                    continue  # the `return;` of an ID early return
                yield lines[:i] + lines[i + n:]
        for i, l in enumerate(lines):
            m = re.match(r"(// EXEC: kernel=\S+ global=\S+ local=)(\S+)(.*)$", l)
            if m:
                if "," in m.group(2):
                    for one in m.group(2).split(","):
                        yield lines[:i] + [m.group(1) + one + m.group(3)] + lines[i + 1:]
                if "seeds=1" not in l and "seeds=" in l:
                    yield lines[:i] + [re.sub(r"seeds=\d+", "seeds=1", l)] + lines[i + 1:]

    def reduce(self, text):
        t0 = time.time()
        if not self.a.test:
            self.want = self.observe(text)
            if self.want is None:
                print("reduce: the input does not show a '%s' failure" % self.a.mode)
                return None
            print("reduce: failure signature %r" % (self.want,))
        lines = text.split("\n")
        progress = True
        while progress and time.time() - t0 < self.a.max_time:
            progress = False
            for cand in self.candidates(lines):
                if time.time() - t0 >= self.a.max_time:
                    print("reduce: time is up (%d s)" % self.a.max_time)
                    break
                if self.interesting("\n".join(cand)):
                    print("reduce: %d -> %d lines" % (len(lines), len(cand)), flush=True)
                    lines = cand
                    progress = True
                    break
        print("reduce: %d candidates tried in %.0f s" % (self.calls, time.time() - t0))
        return "\n".join(lines)


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("input")
    ap.add_argument("-o", "--output", required=True)
    ap.add_argument("--mode", choices=["mismatch", "invalid", "tdrc", "exec-error", "oclgrind"])
    ap.add_argument("--test")
    ap.add_argument("--tdrc")
    ap.add_argument("--tdr-exec")
    ap.add_argument("--tdrc-opts", default="")
    ap.add_argument("--max-time", type=int, default=300)
    ap.add_argument("--timeout", type=int, default=300)
    a = ap.parse_args(argv)
    if not a.test and not (a.mode and a.tdrc and a.tdr_exec):
        ap.error("want --mode, --tdrc and --tdr-exec, or --test")
    r = Reducer(a)
    with open(a.input) as f:
        text = f.read()
    out = r.reduce(text)
    if out is None:
        return 1
    with open(a.output, "w") as f:
        f.write(out)
    print("reduce: %d -> %d lines: %s" % (len(text.split("\n")), len(out.split("\n")), a.output))
    if a.tdr_exec and os.path.exists(OCLGRIND_CHECK) and a.mode != "tdrc":
        rc, o = run(["sh", OCLGRIND_CHECK, a.tdr_exec, a.output], a.timeout, env=r.ocl_env)
        print("reduce: Oclgrind on the reduced original: %s" % (
            "clean" if rc == 0 else "REPORTS (the reduced kernel may be ill-defined)\n" + o[-2000:]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
