#!/usr/bin/env python3
"""--explain=json against its schema and against the text report.

For every kernel file given, runs tdrc with --explain and with
--explain=json (same options), then checks that the JSON validates against
docs/explain-schema.json, that its "text" fields are the text report's lines
in the same order, and that the structured fields say what the text says.

usage: check_explain_json.py SCHEMA TDRC [--flags "..."] FILE...
"""
import json
import re
import shlex
import subprocess
import sys
import tempfile

import jsonschema


def run(tdrc, flags, path, explain):
    with tempfile.TemporaryDirectory() as tmp:
        cmd = [tdrc, *flags, explain, path, "-o", tmp + "/out"]
        p = subprocess.run(cmd, capture_output=True, text=True)
    return p.returncode, p.stdout


def consistent(entry):
    """Problems between an entry's fields and its text line."""
    text, bad = entry["text"], []
    body = re.sub(r"^.*?:\d+:\d+: ", "", text)
    action = entry["action"]
    if action == "changed" and not body.startswith("remapped: "):
        bad.append("changed, but the line does not say remapped")
    if action == "unchanged" and not body.startswith("unchanged: "):
        bad.append("unchanged, but the line does not say so")
    if action == "note" and body.startswith(("remapped: ", "unchanged: ")):
        bad.append("a note with a statement's prefix")
    div = entry["divergence"]
    # Where the line names a condition's class, it is the entry's cause (the
    # JSON may know the class of lines that do not say it).
    if div and "condition " in body:
        if div["cause"] not in text:
            bad.append("divergence cause not in the line")
        if div["class"] == "uniform" and "uniform" not in div["cause"]:
            bad.append("uniform class with another cause")
    for v in entry["migrates"]:
        if "'%s'" % v not in text:
            bad.append("migrates %s, the line does not say so" % v)
    for v in entry["recomputes"]:
        if "'%s'" % v not in text:
            bad.append("recomputes %s, the line does not say so" % v)
    if entry["global_fence"] != ("global fence" in text and entry["round"] is not None
                                 and entry["kind"] == "branch"
                                 and "; global fence" in text):
        bad.append("global_fence %s disagrees with the line" % entry["global_fence"])
    est = entry["estimate"]
    if est:
        v = est["verdict"]
        if v == "checked at run time" and "checked at run time" not in text:
            bad.append("run-time verdict not in the line")
        if v == "does not pay" and "does not pay" not in text:
            bad.append("'does not pay' not in the line")
        if v == "pays" and "pays" not in text:
            bad.append("'pays' not in the line")
        if v == "checked at run time" and not est["condition"]:
            bad.append("a run-time verdict without its condition")
    if entry["round"] is not None and "round %d" % entry["round"] not in text:
        bad.append("round %d not in the line" % entry["round"])
    if action == "unchanged" and entry["kind"] != "note" and not entry["reason"]:
        bad.append("unchanged without a reason")
    return bad


def kernel_consistent(k):
    """Problems between a kernel's "original" and its text line."""
    o, text, bad = k.get("original"), k["text"], []
    if o is None:
        if "original kept as" in text:
            bad.append("the text keeps an original, the JSON none")
        return bad
    if "original kept as '%s'" % o["name"] not in text:
        bad.append("original %s not in the text" % o["name"])
    if o["launcher"] is not None and (
            "%d launch(es) choose through '%s'" % (o["launches"], o["launcher"])
            not in text):
        bad.append("launcher %s (%d launches) not in the text"
                   % (o["launcher"], o["launches"]))
    if o["launcher"] is None and "choose through" in text:
        bad.append("the text names a launcher, the JSON none")
    return bad


def main(argv):
    schema_path, tdrc, rest = argv[1], argv[2], argv[3:]
    flags = []
    if rest[:1] == ["--flags"]:
        flags, rest = shlex.split(rest[1]), rest[2:]
    with open(schema_path) as f:
        schema = json.load(f)
    passed = failed = 0
    for path in rest:
        problems = []
        rc_t, text = run(tdrc, flags, path, "--explain")
        rc_j, js = run(tdrc, flags, path, "--explain=json")
        if rc_t != rc_j:
            problems.append("exit %d with text, %d with json" % (rc_t, rc_j))
        try:
            doc = json.loads(js)
            jsonschema.validate(doc, schema)
        except (ValueError, jsonschema.ValidationError) as e:
            problems.append("invalid JSON report: %s" % str(e).splitlines()[0])
            doc = None
        if doc is not None:
            lines = []
            for f in doc["files"]:
                for k in f["kernels"]:
                    lines.append(k["text"])
                    problems += ["%s: %s" % (k["text"][:60], b)
                                 for b in kernel_consistent(k)]
                    for e in k["entries"]:
                        lines.append(e["text"])
                        problems += ["%s: %s" % (e["text"][:60], b)
                                     for b in consistent(e)]
            if lines != text.splitlines():
                problems.append("the JSON's lines differ from the text report")
        if problems:
            failed += 1
            print("FAIL %s" % path)
            for p in problems[:10]:
                print("  " + p)
        else:
            passed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
