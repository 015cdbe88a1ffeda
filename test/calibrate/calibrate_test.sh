#!/usr/bin/env bash
# tdrc-calibrate --quick on the default OpenCL device (PoCL here; its numbers
# mean nothing): the profile it writes is valid and tdrc accepts it; a tdrc
# that fails and a rewrite whose output differs are reported (exit 1), never
# written into a profile.
#   calibrate_test.sh TDRC TDRC_CALIBRATE WORKDIR
set -u
tdrc=$1 cal=$2 work=$3
rm -rf "$work" && mkdir -p "$work" || exit 2
fail() { echo "FAIL: $*"; exit 1; }

# check_profile FILE: a valid quick profile.
check_profile() {
python3 - "$1" <<'PY' || fail "the profile $1 is not what it should be"
import json, sys
p = json.load(open(sys.argv[1]))
assert p["tdrc-cost-profile"] == 1 and p["api"] == "opencl" and p["device"], p
ks = p["calibration"]["kernels"]
assert len(ks) == 4, ks  # two kernels, hot and dgi
for k in ks:
    assert "error" not in k, k
    assert k["break_even"] in ("measured", "never pays", "always pays"), k
    assert k["keys"] in (2, 3), k
for name, s in p["strategies"].items():
    assert name in ("hot", "dgi") and s["cost"] >= 0, s
assert set(p["preferred"]) == {"2"} and p["preferred"]["2"] in ("hot", "dgi"), p
PY
}

# 1. A quick calibration: exit 0, a profile that tdrc reads.
"$cal" --quick --tdrc "$tdrc" --out "$work/p.json" >"$work/out" 2>"$work/err" ||
  { cat "$work/out" "$work/err"; fail "tdrc-calibrate --quick failed"; }
cat "$work/out"
grep -q '^wrote ' "$work/out" || fail "no 'wrote' line"
check_profile "$work/p.json"
"$tdrc" "$(dirname "$0")/../kernels/ifelse_basic.cl" -o "$work/k.cl" \
  --cost-profile "$work/p.json" --explain >"$work/explain" ||
  fail "tdrc rejects the profile"
grep -q "cost profile: " "$work/explain" || fail "--explain does not name the profile"

# 2. A tdrc that fails: every kernel fails, nothing is written, exit 1; an
# existing profile stays as it was.
echo old >"$work/q.json"
"$cal" --quick --tdrc /bin/false --out "$work/q.json" >"$work/out" 2>"$work/err"
status=$?
cat "$work/out" "$work/err"
[ $status -eq 1 ] || fail "a failing tdrc gave exit $status, not 1"
grep -q 'FAILED: tdrc --force --algorithm=hot failed' "$work/out" || fail "no FAILED line"
grep -q 'no kernel could be calibrated' "$work/err" || fail "no error line"
[ "$(cat "$work/q.json")" = old ] || fail "the old profile was overwritten"

# 3. A rewrite whose output differs from the original's: reported, exit 1.
cat >"$work/bad-tdrc" <<SH
#!/bin/sh
"$tdrc" "\$@" || exit \$?
case " \$* " in
*" --force "*) sed -i 's/outu\[gid\] = u;/outu[gid] = u + 1u;/' "\$3" ;;
esac
SH
chmod +x "$work/bad-tdrc"
"$cal" --quick --tdrc "$work/bad-tdrc" --out "$work/r.json" >"$work/out" 2>"$work/err"
status=$?
cat "$work/out" "$work/err"
[ $status -eq 1 ] || fail "a wrong rewrite gave exit $status, not 1"
grep -q "FAILED: the rewrite's output differs from the original's" "$work/out" ||
  fail "the wrong output was not reported"
[ ! -e "$work/r.json" ] || fail "a profile was written from wrong rewrites"
# 4. In two steps: --prepare runs tdrc, --measure only OpenCL (a GPU
# machine without LLVM), with no tdrc to be found.
"$cal" --quick --tdrc "$tdrc" --prepare "$work/prep" >"$work/out" 2>"$work/err" ||
  { cat "$work/out" "$work/err"; fail "--prepare failed"; }
grep -q "^prepared 4 kernel(s) in $work/prep" "$work/out" || fail "no 'prepared' line"
env PATH=/nonexistent "$cal" --tdrc /nonexistent/tdrc --measure "$work/prep" \
  --out "$work/m.json" >"$work/out" 2>"$work/err" ||
  { cat "$work/out" "$work/err"; fail "--measure failed"; }
check_profile "$work/m.json"

# 5. Usage and device errors: one line, exit 2, nothing written.
usage_error() { # EXPECTED-TEXT ARGS...
  want=$1; shift
  "$cal" "$@" >"$work/out" 2>"$work/err"
  status=$?
  [ $status -eq 2 ] || fail "'$*' gave exit $status, not 2"
  grep -qF "tdrc-calibrate: error: $want" "$work/err" ||
    fail "'$*': expected '$want', got: $(cat "$work/err")"
}
usage_error "no --out FILE" --quick
usage_error "unknown argument '--fast'" --fast --out "$work/u.json"
usage_error "--n must be a multiple of 256" --n 1000 --out "$work/u.json"
usage_error "no OpenCL platform 99" --platform 99 --quick --out "$work/u.json"
usage_error "cannot read $work/none/manifest.txt" --measure "$work/none" --out "$work/u.json"
usage_error "give --prepare or --measure, not both" --prepare a --measure b
[ ! -e "$work/u.json" ] || fail "a usage error wrote a profile"
echo PASS
