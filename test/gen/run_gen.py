#!/usr/bin/env python3
"""run_gen.py: random differential testing of tdrc (see run_gen.sh, which runs this).

    run_gen.sh TDRC TDR_EXEC OUTDIR --count N --seed S [--per-file K]
               [--shapes 1|2] [--macros] [--dgi-mode] [--passes-mode]
               [--oclgrind-sample M] [--oclgrind-per-file P] [--jobs J]
               [--min-rewritten FRACTION] [--min-unfolded FRACTION]
               [--no-reduce] [--max-reduce R] [--reduce-time S] [--keep-work]

1. kgen.py writes N kernels, K per file, into OUTDIR/kernels (--shapes 2:
   kgen.py's opt-in shapes, see kgen_shapes.py; the default 1 keeps the
   kernels of the recorded runs). --macros: every file then goes through
   kgen_macros.py (seeded with S), which moves parts of the kernels into
   preprocessor macros (ID queries, whole branches, conditions, statements,
   #if/#ifdef groups) without changing what they compute.
2. Every file is rewritten by tdrc three times with --explain: with --force
   (every round the analysis allows), with --force --max-workgroup-size 64
   (groups larger than 64 take the fallback path), and in tdrc's default
   mode, where the profitability model keeps, switches or declines rounds;
   --dgi-mode adds a fourth rewrite, --force with DGI on every branch and
   neighbourhoods of 32 (ctest's diff-dgi); --passes-mode another, --force
   under a 4 KiB local memory budget (the state moved in passes). A tdrc failure, or a rewritten file that Clang rejects,
   is pinned on the kernels responsible, which are dropped from the file so
   that the others are still tested.
3. tdr_exec runs original against rewritten for every mode (the model
   mode: only the kernels it remapped) (every kernel,
   every configuration its EXEC line asks for; buffers compared bit for bit).
   A kernel that mismatches is run against itself too: if the original alone
   is not deterministic it is a generator bug, reported as such.
4. M files (spread over the run; P kernels of each, default all) also run
   rewritten under Oclgrind, each kernel alone
   (test/exec/oclgrind_check.sh, OCLGRIND_FLAGS="--build-options
   -cl-opt-disable"); a report is pinned on a kernel and checked against the
   original kernel under Oclgrind.
5. Every failure is saved under OUTDIR/failures/<kind>__<kernel>/ (the
   kernel, its seed and index, the commands that reproduce it) and the first
   few of each kind are reduced with reduce.py to reduced.cl.

Prints totals, among them the kernels tdrc rewrote with --force: those whose
text (kernel chunk) it changed, of which the remapped ones open their body
with tdrc's marker comment (RewrittenMarker, include/tdrc/TDR/Remap/RemapCode.h;
a kernel only melded has none). Exits 1 on any failure, or when fewer than
--min-rewritten (a fraction of the kernels generated; default 0) were
rewritten, or fewer than --min-unfolded were rewritten with macros unfolded
(their --explain kernel line says so), 2 on usage errors.
PoCL: POCL_WORK_GROUP_SPECIALIZATION=0 (one work-group function per kernel
instead of one per local size: compiles about twice as fast) and a kernel
cache per file, unless the environment already sets them.
"""

import argparse
import hashlib
import concurrent.futures
import json
import math
import os
import re
import shutil
import subprocess
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import kfile  # noqa: E402
import kgen  # noqa: E402
import kgen_macros  # noqa: E402

# the generator: kgen.py and its modules (their SHA-256 pins a run)
KGEN_FILES = ("kgen.py", "kgen_vars.py", "kgen_expr.py", "kgen_stmt.py", "kgen_shapes.py")
# --macros: kgen_macros.py and its modules pin it too (apart, so that the
# runs without --macros keep their identity)
MACROS_FILES = ("kgen_macros.py", "kgen_macros_parse.py", "kgen_macros_shapes.py")

# "default" and "wg64" pass --force: they check the transformation, so every
# round the analysis allows is emitted whether or not the profitability model
# would keep it (its short paths mostly would not). "model" is tdrc's true
# default mode (the model decides, switched rounds and the fallback body
# included); only the kernels it remaps are run, since the rest are verbatim.
MODES = [("default", ["--force"]), ("wg64", ["--force", "--max-workgroup-size", "64"]),
         ("model", [])]
# --dgi-mode: Data Group Indexing forced on every branch (two-path ones too),
# neighbourhoods of 32, as ctest's diff-dgi.
DGI_MODE = ("dgi", ["--force", "--algorithm", "dgi", "--neighbors", "32"])
# --passes-mode: a local memory budget of 4 KiB, which leaves the
# migration pools room for a word or two per work-item of a group of 256:
# the state of most rounds then moves in passes (Budget.cpp), the rest are
# cancelled; the runs count the rounds moved in passes.
PASSES_MODE = ("passes", ["--force", "--local-mem-budget", "4096"])
OCLGRIND_CHECK = os.path.join(HERE, "..", "exec", "oclgrind_check.sh")


def rewritten_marker():
    """The comment that opens every kernel body tdrc changed (RewrittenMarker
    in include/tdrc/TDR/Remap/RemapCode.h; the copy here if that is absent)."""
    try:
        with open(os.path.join(HERE, "..", "..", "include", "tdrc", "TDR", "Remap",
                               "RemapCode.h")) as f:
            m = re.search(r'RewrittenMarker\s*=\s*"([^"]*)"', f.read())
        if m:
            return m.group(1)
    except OSError:
        pass
    return "/* tdrc: thread-data remapping state"


REWRITTEN_MARKER = rewritten_marker()


def rewritten_kernels(text):
    """The kernels of tdrc's output text whose body starts with the marker:
    remapped ones (the kept originals, NAME_tdr_original, never do)."""
    out = set()
    for m in re.finditer(r"^__kernel\s+void\s+(\w+)\s*\([^)]*\)\s*\{\s*", text, re.M):
        if text.startswith(REWRITTEN_MARKER, m.end()):
            out.add(m.group(1))
    return out


def changed_kernels(before, after):
    """The kernels whose chunk differs between tdrc's input and output text:
    every kernel tdrc changed (remapped, or only melded: no marker then)."""
    a, b = before.split("\n"), after.split("\n")
    new = dict((n, b[i:j + 1]) for n, i, j in kfile.chunks(after))
    return set(n for n, i, j in kfile.chunks(before) if a[i:j + 1] != new.get(n))


PRINT_LOCK = threading.Lock()


def log(msg):
    with PRINT_LOCK:
        print(msg, flush=True)


def run(cmd, timeout, env=None, cwd=None):
    """(returncode, combined output); returncode 124 on a timeout."""
    try:
        p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, timeout=timeout,
                           env=env, cwd=cwd)
        return p.returncode, p.stdout.decode("utf-8", "replace")
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode("utf-8", "replace") if e.stdout else ""
        return 124, out + "\n[timed out after %ds]" % timeout


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read(path):
    with open(path) as f:
        return f.read()


def tail(text, n=25):
    return "\n".join(text.strip().split("\n")[-n:])


class Runner:
    def __init__(self, a):
        self.a = a
        self.tdrc = os.path.abspath(a.tdrc)
        self.tdr_exec = os.path.abspath(a.tdr_exec)
        self.out = os.path.abspath(a.outdir)
        self.modes = (MODES + ([DGI_MODE] if a.dgi_mode else []) +
                      ([PASSES_MODE] if a.passes_mode else []))
        self.clang = shutil.which(os.environ.get("CLANG", "clang-22")) or shutil.which("clang")
        self.failures = []
        self.macro_stats = {}  # --macros: kernels of each kgen_macros.py shape
        self.lock = threading.Lock()
        self.local = threading.local()
        self.totals = dict(files=0, kernels=0, remapped_branches=0, remapped_kernels=0,
                           rewritten_kernels=0, changed_kernels=0, unfolded_kernels=0,
                           model_remapped_kernels=0,
                           comparisons=0, configurations=0, mismatches=0, oclgrind_files=0,
                           oclgrind_kernels=0,
                           oclgrind_reports=0, tdrc_failures=0, invalid_rewrites=0,
                           exec_errors=0, generator_bugs=0, pocl_only=0, passes_rounds=0,
                           fields_rounds=0)

    def env(self, cache):
        e = dict(os.environ)
        e.setdefault("POCL_WORK_GROUP_SPECIALIZATION", "0")
        if "POCL_CACHE_DIR" not in os.environ:
            e["POCL_CACHE_DIR"] = cache
        return e

    def add(self, key, n=1):
        with self.lock:
            self.totals[key] += n
        mine = getattr(self.local, "counts", None)
        if mine is not None:  # this thread's file, for results.jsonl
            mine[key] = mine.get(key, 0) + n

    # ---------------------------------------------------------- failures
    def fail(self, kind, kernel, src_file, detail, mode_opts=(), counted=True):
        """Saves a reproducer of kernel (extracted from the generated file)."""
        m = re.match(r"g(\d+)_(\d+)(?:_s(\d+))?$", kernel or "")
        d = os.path.join(self.out, "failures", "%s__%s" % (kind, kernel or
                                                           os.path.basename(src_file)))
        os.makedirs(d, exist_ok=True)
        text = read(src_file)
        single = kfile.extract(text, {kernel}) if kernel else text
        write(os.path.join(d, "kernel.cl"), single)
        opts = " ".join(mode_opts)
        repro = ["#!/bin/sh",
                 "# %s of kernel %s" % (kind, kernel),
                 "# regenerate: python3 test/gen/kgen.py --seed %s --index %s%s%s" % (
                     m.group(1), m.group(2), kgen.shapes_opt(int(m.group(3) or 1)),
                     " | python3 test/gen/kgen_macros.py --seed %d -o kernel.cl" % self.a.seed
                     if self.a.macros else " -o kernel.cl")
                 if m else "# from %s" % src_file,
                 "set -x",
                 "TDRC=${TDRC:-%s}" % self.tdrc,
                 "TDR_EXEC=${TDR_EXEC:-%s}" % self.tdr_exec,
                 'cd "$(dirname "$0")"',
                 "$TDRC kernel.cl -o kernel.tdr.cl --explain %s || exit 1" % opts]
        if kind.startswith("oclgrind"):
            repro.append('OCLGRIND_FLAGS="--build-options -cl-opt-disable" sh %s $TDR_EXEC '
                         'kernel.tdr.cl' % os.path.abspath(OCLGRIND_CHECK))
        elif kind.startswith("invalid"):
            repro.append("%s -fsyntax-only -x cl -cl-std=CL1.2 kernel.tdr.cl" % (
                self.clang or "clang-22"))
        elif not kind.startswith("tdrc"):
            repro.append("$TDR_EXEC kernel.cl kernel.cl && $TDR_EXEC kernel.cl kernel.tdr.cl")
        write(os.path.join(d, "repro.sh"), "\n".join(repro) + "\n")
        os.chmod(os.path.join(d, "repro.sh"), 0o755)
        write(os.path.join(d, "detail.txt"), "kind: %s\nkernel: %s\nseed/index: %s\nfile: %s\n"
              "tdrc options: %s\n\n%s\n" % (kind, kernel, "%s/%s" % (m.group(1), m.group(2))
                                             if m else "?", src_file, opts or "(default)",
                                             detail))
        if not counted:
            log("NOTE %s %s (%s)" % (kind, kernel, d))
            return
        with self.lock:
            self.failures.append(dict(kind=kind, kernel=kernel, dir=d, opts=list(mode_opts)))
        mine = getattr(self.local, "failures", None)
        if mine is not None:
            mine.append(dict(kind=kind, kernel=kernel, dir=d, opts=list(mode_opts)))
        log("FAIL %s %s (%s)" % (kind, kernel, d))

    # ------------------------------------------------------------- steps
    def syntax_errors(self, path):
        """Kernel names whose chunks Clang rejects in path ([] if none, None if unlocatable)."""
        if not self.clang:
            return []
        rc, out = run([self.clang, "-fsyntax-only", "-x", "cl", "-cl-std=CL1.2", path], 120)
        if rc == 0:
            return []
        text = read(path)
        names = set()
        for m in re.finditer(r"^%s:(\d+):\d+: (?:fatal )?error" % re.escape(path), out, re.M):
            n = kfile.locate(text, int(m.group(1)))
            if n is None:
                return None, out
            names.add(n)
        return (sorted(names), out) if names else (None, out)

    def rewrite(self, orig, work, tag, opts, gen_file):
        """Rewrites orig; drops kernels that break tdrc or whose output is invalid.
        Returns (input actually rewritten, rewritten path, explain text) or None."""
        cur = orig
        for attempt in range(6):
            rew = os.path.join(work, "%s.%s.tdr.cl" % (tag, attempt))
            rc, out = run([self.tdrc, cur, "-o", rew, "--explain"] + opts, 300)
            if rc != 0:
                bad = []
                for name in [n for n, _, _ in kfile.chunks(read(cur))]:
                    one = os.path.join(work, "%s.one.cl" % tag)
                    write(one, kfile.extract(read(cur), {name}))
                    rc1, out1 = run([self.tdrc, one, "-o", one + ".tdr.cl"] + opts, 120)
                    if rc1 != 0:
                        bad.append(name)
                        self.add("tdrc_failures")
                        self.fail("tdrc-%s" % tag.split(".")[-1], name, gen_file,
                                  "tdrc exit status %d\n%s" % (rc1, tail(out1)), opts)
                if not bad:
                    self.add("tdrc_failures")
                    self.fail("tdrc-%s" % tag.split(".")[-1], None, cur,
                              "tdrc exit status %d on the file, on no kernel alone\n%s" % (
                                  rc, tail(out)), opts)
                    return None
                nxt = os.path.join(work, "%s.drop%d.cl" % (tag, attempt))
                write(nxt, kfile.drop(read(cur), set(bad)))
                cur = nxt
                continue
            se = self.syntax_errors(rew)
            if se == []:
                return cur, rew, out
            names, cout = se
            if names is None:
                self.add("invalid_rewrites")
                self.fail("invalid-%s" % tag.split(".")[-1], None, cur,
                          "Clang rejects the rewritten file:\n%s" % tail(cout, 40), opts)
                return None
            for name in names:
                self.add("invalid_rewrites")
                errs = [l for l in cout.split("\n") if "error" in l]
                self.fail("invalid-%s" % tag.split(".")[-1], name, gen_file,
                          "Clang rejects the rewritten kernel:\n%s" % "\n".join(errs[:10]), opts)
            nxt = os.path.join(work, "%s.drop%d.cl" % (tag, attempt))
            write(nxt, kfile.drop(read(cur), set(names)))
            cur = nxt
        return None

    def compare(self, cur, rew, env, mode, opts, gen_file):
        names = [n for n, _, _ in kfile.chunks(read(cur))]
        rc, out = run([self.tdr_exec, cur, rew], self.a.timeout, env=env)
        m = re.search(r"(\d+) configurations", out)
        if m:
            self.add("configurations", int(m.group(1)))
        if rc == 0:
            self.add("comparisons", len(names))
            return
        if rc == 1:
            bad = re.findall(r"^MISMATCH kernel=(\w+) .*$", out, re.M)
            self.add("comparisons", len(names))
            for name in sorted(set(bad)):
                line = [l for l in out.split("\n") if l.startswith("MISMATCH kernel=%s " % name)]
                self.classify_mismatch(name, cur, rew, env, mode, opts, gen_file,
                                       "\n".join(line))
            return
        # exec error (build failure, crash, timeout): kernel by kernel
        for name in names:
            rc1, out1 = run([self.tdr_exec, "--kernel", name, cur, rew], self.a.timeout, env=env)
            m = re.search(r"(\d+) configurations", out1)
            if m:
                self.add("configurations", int(m.group(1)))
            self.add("comparisons")
            if rc1 == 1:
                self.classify_mismatch(name, cur, rew, env, mode, opts, gen_file,
                                       tail(out1, 5))
            elif rc1 != 0:
                rc2, out2 = run([self.tdr_exec, "--kernel", name, cur, cur], self.a.timeout,
                                env=env)
                if rc2 != 0:
                    self.add("generator_bugs")
                    self.fail("generator-exec", name, gen_file,
                              "the ORIGINAL fails on its own (exit %d):\n%s" % (rc2, tail(out2)),
                              opts)
                else:
                    # The original runs, the rewrite does not: PoCL failing on
                    # a valid rewrite, or a broken rewrite? Oclgrind decides,
                    # as for a mismatch (g2211_3547 was the second).
                    self.add("exec_errors")
                    self.classify_mismatch(name, cur, rew, env, mode, opts, gen_file,
                                           "tdr_exec exit status %d on the rewrite:\n%s"
                                           % (rc1, tail(out1)))

    def classify_mismatch(self, name, cur, rew, env, mode, opts, gen_file, detail):
        # twice, with two seeds: an order-dependent original need not show it at once
        rc, out = run([self.tdr_exec, "--kernel", name, "--seeds", "2", cur, cur], self.a.timeout,
                      env=env)
        if rc == 0:
            rc, out = run([self.tdr_exec, "--kernel", name, "--seeds", "2", cur, cur],
                          self.a.timeout, env=env)
        if rc != 0:
            self.add("generator_bugs")
            self.fail("generator-nondeterministic", name, gen_file,
                      "the ORIGINAL differs from itself (exit %d):\n%s" % (rc, tail(out)), opts)
            return
        # Is the original well defined? (races, uninitialised values, bad accesses)
        orig = os.path.join(os.path.dirname(cur), "mm.%s.cl" % name)
        write(orig, kfile.extract(read(cur), {name}))
        ocl_env = dict(os.environ)
        ocl_env["OCLGRIND_FLAGS"] = "--build-options -cl-opt-disable"
        rc, out = run(["sh", OCLGRIND_CHECK, self.tdr_exec, orig], self.a.timeout, env=ocl_env)
        if rc != 0:
            self.add("generator_bugs")
            self.fail("generator-oclgrind", name, gen_file,
                      "mismatch, but the ORIGINAL has Oclgrind reports:\n%s\n\n%s" % (
                          tail(out, 30), detail), opts)
            return
        # The same comparison on Oclgrind: equal there means PoCL 3.1 runs the
        # (valid) rewrite wrongly -- counted apart, saved, not a tdrc failure.
        rewx = os.path.join(os.path.dirname(cur), "mm.%s.tdr.cl" % name)
        write(rewx, kfile.extract(read(rew), {name}))
        rc, out = run(["oclgrind", "--build-options", "-cl-opt-disable", self.tdr_exec,
                       "--kernel", name, orig, rewx], self.a.timeout, env=env)
        if rc == 0:
            self.add("pocl_only")
            self.fail("pocl-only-%s" % mode, name, gen_file,
                      detail + "\n(on Oclgrind original and rewritten are bit-identical: "
                      "PoCL runs the rewrite wrongly)", opts, counted=False)
            return
        self.add("mismatches")
        self.fail("mismatch-%s" % mode, name, gen_file,
                  detail + "\n(the original is deterministic and Oclgrind-clean)", opts)

    def oclgrind(self, cur, rew, work, gen_file):
        """Every kernel of the rewritten file alone under Oclgrind (a file of
        many kernels exceeds Oclgrind's local memory: their __local arrays add
        up); a report is checked against the original kernel."""
        env = dict(os.environ)
        env["OCLGRIND_FLAGS"] = "--build-options -cl-opt-disable"
        self.add("oclgrind_files")
        names = [n for n, _, _ in kfile.chunks(read(rew))]
        k = self.a.oclgrind_per_file
        if k and k < len(names):  # spread over the file
            names = [names[round(i * len(names) / k)] for i in range(k)]
        for name in names:
            one = os.path.join(work, "ocl.%s.tdr.cl" % name)
            write(one, kfile.extract(read(rew), {name}))
            self.add("oclgrind_kernels")
            rc1, out1 = run(["sh", OCLGRIND_CHECK, self.tdr_exec, one], self.a.timeout, env=env)
            if rc1 == 0:
                continue
            orig = os.path.join(work, "ocl.%s.cl" % name)
            write(orig, kfile.extract(read(cur), {name}))
            rc2, out2 = run(["sh", OCLGRIND_CHECK, self.tdr_exec, orig], self.a.timeout, env=env)
            if rc2 != 0:
                self.add("generator_bugs")
                self.fail("generator-oclgrind", name, gen_file,
                          "the ORIGINAL kernel has Oclgrind reports:\n%s" % tail(out2, 30))
            else:
                self.add("oclgrind_reports")
                self.fail("oclgrind", name, gen_file, tail(out1, 30))

    def process(self, idx, path):
        base = os.path.basename(path)[:-3]
        if base in self.resumed:
            return
        self.local.counts, self.local.failures = {}, []
        work = os.path.join(self.out, "work", base)
        os.makedirs(work, exist_ok=True)
        cache = os.path.join(work, "pocl-cache")
        env = self.env(cache)
        names = [n for n, _, _ in kfile.chunks(read(path))]
        self.add("files")
        self.add("kernels", len(names))
        default_rew = passes_rew = None
        for mode, opts in self.modes:
            r = self.rewrite(path, work, "%s.%s" % (base, mode), opts, path)
            if r is None:
                continue
            cur, rew, explain = r
            lines = re.findall(r":(\d+):\d+: remapped:", explain)
            # (a location in a macro expansion may lie outside every chunk)
            remapped = set(kfile.locate(read(cur), int(l)) for l in lines) - {None}
            if mode == "default":
                default_rew = (cur, rew)
                self.add("remapped_branches", len(lines))
                self.add("remapped_kernels", len(remapped))
                self.add("rewritten_kernels", len(rewritten_kernels(read(rew)) & set(names)))
                self.add("changed_kernels", len(changed_kernels(read(cur), read(rew))))
                # kernels rewritten through macros unfolded (--explain's kernel line)
                self.add("unfolded_kernels", len(re.findall(
                    r"kernel '[^']*': .*unfolded into (?:its|their) expansions? to rewrite it",
                    explain)))
            if mode == "passes":
                passes_rew = (cur, rew)
                self.add("passes_rounds", len(re.findall(r"; migrates .* in \d+ passes", explain)))
                self.add("fields_rounds", len(re.findall(r"; migrates [^;]*\(field by field\)", explain)))
            if mode == "model":
                self.add("model_remapped_kernels", len(remapped))
                if not remapped:
                    continue
                sub = os.path.join(work, "%s.model.sub" % base)
                write(sub + ".cl", kfile.extract(read(cur), remapped))
                write(sub + ".tdr.cl", kfile.extract(read(rew), remapped))
                cur, rew = sub + ".cl", sub + ".tdr.cl"
            self.compare(cur, rew, env, mode, opts, path)
        if default_rew and idx in self.ocl_files:
            self.oclgrind(default_rew[0], default_rew[1], work, path)
        if passes_rew and idx in self.ocl_files:  # the passes' barriers too
            self.oclgrind(passes_rew[0], passes_rew[1], work, path)
        if not self.a.keep_work:
            shutil.rmtree(work, ignore_errors=True)
        with self.lock:
            # One line per finished file: what --resume adds back instead of
            # running the file again.
            with open(os.path.join(self.out, "results.jsonl"), "a") as f:
                f.write(json.dumps(dict(file=base, counts=self.local.counts,
                                        failures=self.local.failures)) + "\n")
            self.done += 1
            t = self.totals
            write(os.path.join(self.out, "progress.json"), json.dumps(dict(
                t, files_done=self.done, files_total=self.nfiles,
                seconds=round(time.time() - self.t0), failures=len(self.failures))) + "\n")
            log("done %s (%d kernels; %d/%d files; %d comparisons, %d mismatches, %d failures)"
                % (base, len(names), self.done, self.nfiles, t["comparisons"], t["mismatches"],
                   len(self.failures)))

    # ------------------------------------------------------------- resume
    def identity(self):
        """What must not change between a run and its --resume."""
        def digest(*paths):
            h = hashlib.sha256()
            for p in paths:
                with open(p, "rb") as f:
                    h.update(f.read())
            return h.hexdigest()
        a = self.a
        ident = dict(seed=a.seed, count=a.count, per_file=a.per_file,
                     modes=[[m, list(o)] for m, o in self.modes],
                     oclgrind_sample=a.oclgrind_sample,
                     oclgrind_per_file=a.oclgrind_per_file,
                     tdrc_sha256=digest(self.tdrc), tdr_exec_sha256=digest(self.tdr_exec),
                     kgen_sha256=digest(*(os.path.join(HERE, m) for m in KGEN_FILES)))
        if a.shapes != 1:  # absent for the default, as in the runs made before --shapes
            ident["shapes"] = a.shapes
        if a.macros:  # likewise
            ident["macros"] = True
            ident["macros_sha256"] = digest(*(os.path.join(HERE, m) for m in MACROS_FILES))
        return ident

    def load_resume(self):
        """Adds back the files an interrupted run of the same settings and
        binaries finished (results.jsonl) and returns their names."""
        try:
            before = json.loads(read(os.path.join(self.out, "run.json")))
        except (OSError, ValueError):
            sys.exit("run_gen: --resume: no run.json in %s" % self.out)
        if before != self.identity():
            sys.exit("run_gen: --resume: settings or binaries differ from the run in %s"
                     % self.out)
        done = set()
        path = os.path.join(self.out, "results.jsonl")
        for line in (read(path).splitlines() if os.path.exists(path) else []):
            r = json.loads(line)
            done.add(r["file"])
            for k, n in r["counts"].items():
                self.totals[k] = self.totals.get(k, 0) + n
            self.failures.extend(r["failures"])
        log("run_gen: resuming: %d file(s) already done" % len(done))
        return done

    # --------------------------------------------------------------- main
    def main(self):
        a = self.a
        t0 = self.t0 = time.time()
        kdir = os.path.join(self.out, "kernels")
        self.resumed = self.load_resume() if a.resume else set()
        self.done = len(self.resumed)
        if not a.resume:
            for old in ("failures", "results.jsonl", "run.json"):
                old = os.path.join(self.out, old)
                if os.path.isdir(old):
                    shutil.rmtree(old)
                elif os.path.exists(old):
                    os.remove(old)
        os.makedirs(kdir, exist_ok=True)
        write(os.path.join(self.out, "run.json"), json.dumps(self.identity()) + "\n")
        files = []
        for fi, first in enumerate(range(0, a.count, a.per_file)):
            n = min(a.per_file, a.count - first)
            p = os.path.join(kdir, "gen_%d_%05d.cl" % (a.seed, fi))
            text = kgen.file_text(a.seed, first, n, shapes=a.shapes)
            if a.macros:
                text = kgen_macros.macroize(text, a.seed, self.macro_stats)
            write(p, text)
            files.append(p)
        self.nfiles = len(files)
        m = min(a.oclgrind_sample, len(files))
        self.ocl_files = set(round(i * len(files) / m) for i in range(m)) if m else set()
        log("run_gen: seed %d%s%s: %d kernels in %d files under %s; tdrc %s; modes %s; "
            "%d job(s)" % (
            a.seed, kgen.shapes_opt(a.shapes), " --macros" if a.macros else "", a.count,
            len(files), kdir, self.tdrc, ",".join(m for m, _ in self.modes), a.jobs))
        with concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as ex:
            for f in [ex.submit(self.process, i, p) for i, p in enumerate(files)]:
                f.result()
        gen_time = time.time() - t0

        # reduce the first few failures of each kind
        reduced = {}
        if not a.no_reduce:
            for fl in self.failures:
                if not fl["kernel"] or fl["kind"].startswith("generator"):
                    continue
                k = fl["kind"]
                if reduced.get(k, 0) >= a.max_reduce:
                    continue
                reduced[k] = reduced.get(k, 0) + 1
                cmd = [sys.executable, os.path.join(HERE, "reduce.py"), "--mode",
                       k.rsplit("-", 1)[0] if k != "oclgrind" else "oclgrind",
                       "--tdrc", self.tdrc, "--tdr-exec", self.tdr_exec,
                       "--max-time", str(a.reduce_time),
                       os.path.join(fl["dir"], "kernel.cl"), "-o",
                       os.path.join(fl["dir"], "reduced.cl")] + \
                    (["--tdrc-opts=" + " ".join(fl["opts"])] if fl["opts"] else [])
                log("reducing %s %s ..." % (k, fl["kernel"]))
                rc, out = run(cmd, a.reduce_time + 600)
                write(os.path.join(fl["dir"], "reduce.log"), out)
                log(tail(out, 3))

        t = self.totals
        # the kernels generated (those of the resumed files included)
        need = a.min_rewritten * a.count
        short = t["changed_kernels"] < need
        need_unfolded = a.min_unfolded * a.count
        short_unfolded = t.get("unfolded_kernels", 0) < need_unfolded
        summary = dict(t, seed=a.seed, count=a.count, per_file=a.per_file, seconds=round(gen_time),
                       resumed_files=len(self.resumed), min_rewritten=a.min_rewritten,
                       rewritten_too_few=short,
                       failures=[dict(kind=f["kind"], kernel=f["kernel"], dir=f["dir"])
                                 for f in self.failures])
        write(os.path.join(self.out, "summary.json"), json.dumps(summary, indent=1) + "\n")
        print("run_gen: seed %d, %d kernels generated in %d files (%.0f s%s)" % (
            a.seed, t["kernels"], t["files"], gen_time,
            "; %d file(s) done by the run resumed" % len(self.resumed) if self.resumed else ""))
        if a.macros:
            print("run_gen: macro shapes (kernels): %s" % ", ".join(
                "%s %d" % (k, self.macro_stats[k]) for k in kgen_macros.SHAPES
                if self.macro_stats.get(k)))
        print("run_gen: tdrc remapped %d branches in %d kernels with --force; the model kept "
              "rounds in %d kernels" % (t["remapped_branches"], t["remapped_kernels"],
                                        t["model_remapped_kernels"]))
        print("run_gen: tdrc rewrote %d of %d kernels (%.1f%%) with --force, %d of them remapped "
              "(body opened by its marker)%s" % (
                  t["changed_kernels"], a.count, 100.0 * t["changed_kernels"] / a.count,
                  t["rewritten_kernels"],
                  "; --min-rewritten %g wants %d" % (a.min_rewritten, math.ceil(need))
                  if a.min_rewritten else ""))
        print("run_gen: %d kernels rewritten with macros unfolded%s" % (
            t.get("unfolded_kernels", 0),
            "; --min-unfolded %g wants %d" % (a.min_unfolded, math.ceil(need_unfolded))
            if a.min_unfolded else ""))
        if a.passes_mode:
            print("run_gen: --passes-mode: %d rounds moved their state in passes, %d of them "
                  "with structs field by field" % (t["passes_rounds"], t.get("fields_rounds", 0)))
        print("run_gen: %d comparisons (kernel x mode), %d configurations, %d mismatches" % (
            t["comparisons"], t["configurations"], t["mismatches"]))
        print("run_gen: %d PoCL-only mismatches (bit-identical on Oclgrind; saved under "
              "failures/pocl-only-*)" % t["pocl_only"])
        print("run_gen: Oclgrind: %d files (%d kernels) checked, %d reports" % (
            t["oclgrind_files"], t["oclgrind_kernels"], t["oclgrind_reports"]))
        print("run_gen: tdrc failures %d, invalid rewrites %d, exec errors %d, generator bugs %d"
              % (t["tdrc_failures"], t["invalid_rewrites"], t["exec_errors"],
                 t["generator_bugs"]))
        for fl in self.failures:
            print("run_gen: FAILURE %s %s -> %s" % (fl["kind"], fl["kernel"], fl["dir"]))
        if short:
            print("run_gen: FAILURE too few kernels rewritten: %d < %g x %d (--min-rewritten)" % (
                t["changed_kernels"], a.min_rewritten, a.count))
        if short_unfolded:
            print("run_gen: FAILURE too few kernels rewritten with macros unfolded: %d < %g x %d "
                  "(--min-unfolded)" % (t.get("unfolded_kernels", 0), a.min_unfolded, a.count))
        return 1 if self.failures or short or short_unfolded else 0


def main(argv=None):
    ap = argparse.ArgumentParser(description="random differential testing of tdrc")
    ap.add_argument("tdrc")
    ap.add_argument("tdr_exec")
    ap.add_argument("outdir")
    ap.add_argument("--count", type=int, required=True)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--per-file", type=int, default=50)
    ap.add_argument("--shapes", type=int, choices=(1, 2), default=1,
                    help="kgen.py's shapes: 1 the recorded ones (default), 2 also the opt-in "
                         "ones of kgen_shapes.py")
    ap.add_argument("--macros", action="store_true",
                    help="pass every generated file through kgen_macros.py: parts of the kernels "
                         "in preprocessor macros (same semantics)")
    ap.add_argument("--dgi-mode", action="store_true",
                    help="also compare the rewrite with DGI forced on every branch (N=32)")
    ap.add_argument("--passes-mode", action="store_true",
                    help="also compare the rewrite under a 4 KiB local memory budget (the state "
                         "moved in passes)")
    ap.add_argument("--oclgrind-sample", type=int, default=0)
    ap.add_argument("--oclgrind-per-file", type=int, default=0,
                    help="kernels of each sampled file run under Oclgrind (default: all)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--min-unfolded", type=float, default=0.0, metavar="FRACTION",
                    help="fail when fewer kernels than this fraction were rewritten with "
                         "macros unfolded (--explain: 'unfolded into its expansion')")
    ap.add_argument("--min-rewritten", type=float, default=0.0, metavar="FRACTION",
                    help="fail the run when tdrc (--force) rewrites fewer than this fraction of "
                         "the kernels (default 0)")
    ap.add_argument("--timeout", type=int, default=600, help="per tdr_exec run (s)")
    ap.add_argument("--resume", action="store_true",
                    help="skip the files an interrupted run in OUTDIR finished (same settings)")
    ap.add_argument("--no-reduce", action="store_true")
    ap.add_argument("--max-reduce", type=int, default=2, help="failures reduced per kind")
    ap.add_argument("--reduce-time", type=int, default=300, help="per reduction (s)")
    ap.add_argument("--keep-work", action="store_true", help="keep OUTDIR/work")
    a = ap.parse_args(argv)
    if a.count < 1 or a.per_file < 1 or a.jobs < 1:
        ap.error("--count, --per-file and --jobs want >= 1")
    if not 0.0 <= a.min_unfolded <= 1.0:
        ap.error("--min-unfolded wants a fraction in [0, 1]")
    if not 0.0 <= a.min_rewritten <= 1.0:
        ap.error("--min-rewritten wants a fraction in [0, 1]")
    return Runner(a).main()


if __name__ == "__main__":
    sys.exit(main())
