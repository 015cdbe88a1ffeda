#!/usr/bin/env bash
# A real application under tdrc-run (issue 27): hashcat (Debian's package)
# cracks an md5crypt hash (-m 500, optimized kernels, a 3-digit mask) on the
# default OpenCL device, alone and under tdrc-run --layer (hashcat dlopens
# the OpenCL loader, past LD_PRELOAD, and builds with clCompileProgram and
# clLinkProgram).  tdrc rewrites m00500_init; its answer must be hashcat's
# own, byte for byte, with the rewrite forced on every launch and with the
# default choice.
#   hashcat_test.sh TDRC_RUN WORK      (exit 77: no hashcat)
set -uo pipefail
run=$1 work=$2
command -v hashcat > /dev/null || { echo "no hashcat: skipped"; exit 77; }
rm -rf "$work" && mkdir -p "$work"
# openssl passwd -1 -salt tdrcsalt 417
echo '$1$tdrcsalt$yqAJfa1BJi5GCuVzYoJ7Q/' > "$work/hash.txt"
fails=0
fail() { echo "FAIL: $case: $*"; sed 's/^/  | /' "$work/$case.err" | tail -20; fails=$((fails + 1)); }

# crack CASE [tdrc-run options...]: hashcat with homes of its own (no kernel
# binaries cached from another run, so every program is built from source).
crack() {
  case=$1; shift
  local home=$work/$case-home cmd=()
  mkdir -p "$home"
  [ $# -gt 0 ] && cmd=("$run" "$@" --)
  XDG_DATA_HOME=$home XDG_CACHE_HOME=$home XDG_CONFIG_HOME=$home \
    timeout 1200 "${cmd[@]}" hashcat -m 500 -a 3 -O --force --potfile-disable -w 1 --quiet \
    "$work/hash.txt" '?d?d?d' > "$work/$case.out" 2> "$work/$case.err" ||
    fail "hashcat failed"
}
logs() { grep -qE -- "$1" "$work/$case.err" || fail "no log line matching '$1'"; }
same() { cmp -s "$work/alone.out" "$work/$case.out" || fail "hashcat's output differs from its own"; }

crack alone
grep -q ':417$' "$work/alone.out" || fail "hashcat alone did not crack the hash"
crack forced --layer --log --cache "$work/tdrc-cache" --choose rewritten && same
logs 'program .*: rewritten; rewrite'
logs 'kernel m00500_init: rewrite and original, chosen per launch'
logs 'tdrc: m00500_init: TDR_CHOOSE=rewritten -> rewritten'
crack chosen --layer --log --cache "$work/tdrc-cache" && same
logs 'program .*: rewritten \(cached\)'
logs 'tdrc: m00500_init .*(-> (original|rewritten)|a narrow win)'

[ "$fails" -eq 0 ] || { echo "hashcat: $fails check(s) failed"; exit 1; }
echo "hashcat: its own answer under tdrc-run, with m00500_init rewritten"
