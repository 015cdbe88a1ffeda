#!/usr/bin/env bash
# tdrc-run's NVRTC interception (libtdrc_nvrtc.so) on nvrtc_app (nvrtc_app.c),
# which knows nothing of tdrc, over fake NVRTC and CUDA driver libraries
# (fake_nvrtc.c, fake_cuda.c: no GPU or CUDA toolkit needed):
#
#   run_nvrtc_test.sh BUILD_DIR FAKE_DIR APP
#
# BUILD_DIR: the CMake build (tools/tdrc, tools/tdrc-run,
# runtime/intercept/nvrtc/libtdrc_nvrtc.so); FAKE_DIR: the fake libnvrtc.so
# and libcuda.so (put first on LD_LIBRARY_PATH); APP: nvrtc_app built
# against them.  Built by hand, from the repository root:
#
#   mkdir -p /tmp/nvtest/fake
#   cc -std=c99 -Wall -Wextra -O2 -shared -fPIC -Wl,-soname,libnvrtc.so \
#      -I runtime/intercept/nvrtc -o /tmp/nvtest/fake/libnvrtc.so \
#      test/intercept/nvrtc/fake_nvrtc.c
#   cc -std=c99 -Wall -Wextra -O2 -shared -fPIC -Wl,-soname,libcuda.so \
#      -I runtime/intercept/nvrtc -o /tmp/nvtest/fake/libcuda.so \
#      test/intercept/nvrtc/fake_cuda.c
#   cc -std=c99 -Wall -Wextra -O2 -I runtime/intercept/nvrtc \
#      -o /tmp/nvtest/nvrtc_app test/intercept/nvrtc/nvrtc_app.c \
#      -L /tmp/nvtest/fake -lnvrtc -lcuda
#   test/intercept/nvrtc/run_nvrtc_test.sh build /tmp/nvtest/fake /tmp/nvtest/nvrtc_app
#
# (On a CUDA machine the same nvrtc_app links against the real libraries:
# ... -o nvrtc_app nvrtc_app.c -lnvrtc -lcuda.)
#
# Every case compares the application's output (OUT.bin and its checksum
# lines) with the application alone, byte for byte, and checks what the
# fake driver saw (FAKE_CUDA_LOG: "load tdrc=0|1[ hostchooses=1]" per module,
# "launch NAME len=L" per launch) and tdrc-run's log (stderr).  The first
# failure stops the test with the case's log.  Exit 0: every case passed;
# 77: libtdrc_nvrtc.so is not built, only the cases without tdrc-run ran.
set -euo pipefail

if [ $# -ne 3 ]; then
  echo "usage: $0 BUILD_DIR FAKE_DIR APP" >&2
  exit 2
fi
build=$(cd "$1" && pwd)
fake=$(cd "$2" && pwd)
app=$(cd "$(dirname "$3")" && pwd)/$(basename "$3")
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
kdir=$here/kernels
run=$build/tools/tdrc-run
tdrc=$build/tools/tdrc
nvlib=${TDRC_NVRTC_LIB:-$build/runtime/intercept/nvrtc/libtdrc_nvrtc.so}
for f in "$run" "$tdrc" "$app" "$fake/libnvrtc.so" "$fake/libcuda.so"; do
  [ -e "$f" ] || { echo "FAIL nvrtc: $f does not exist" >&2; exit 1; }
done

work=$(mktemp -d "${TMPDIR:-/tmp}/tdrc-nvrtc-test.XXXXXX")
cleanup() {
  chmod -R u+rwx "$work" 2> /dev/null || true
  if [ -n "${NVRTC_TEST_KEEP:-}" ]; then echo "nvrtc: kept $work" >&2; else rm -rf "$work"; fi
}
trap cleanup EXIT

export LD_LIBRARY_PATH="$fake${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
export TDRC="$tdrc"
unset TDR_DISABLE TDR_LOG TDR_EXPLAIN TDR_CHOOSE TDR_KERNELS TDR_SKIP_KERNELS \
      TDR_TDRC_OPTIONS TDR_REWRITE_TIMEOUT TDR_CACHE_DIR \
      FAKE_CUDA_LOG FAKE_CUDA_WRONG FAKE_CUDA_ORIGINAL_FASTER \
      NVRTC_APP_N NVRTC_APP_REPS

cases=0
cname=setup
src=$kdir/classify.cu     # the application's kernel
ref=ref                   # the run of the application alone to compare with
opts=(-arch=compute_80)   # the application's NVRTC options

fail() {
  echo "FAIL nvrtc: $cname: $*" >&2
  local f
  for f in "$work/$cname.err" "$work/$cname.launches"; do
    if [ -s "$f" ]; then
      echo "  --- $(basename "$f") (last 40 lines):" >&2
      tail -n 40 "$f" | sed 's/^/  | /' >&2
    fi
  done
  exit 1
}

# alone CASE [nvrtc options...]: the application alone on $src.
alone() {
  cname=$1; shift
  FAKE_CUDA_LOG="$work/$cname.launches" "$app" "$src" "$work/$cname.bin" \
    "${opts[@]}" "$@" > "$work/$cname.out" 2> "$work/$cname.err" ||
    fail "the application alone failed (exit $?)"
  cases=$((cases + 1))
}

# under CASE [tdrc-run options...]: the application under tdrc-run, on $src
# with ${opts[@]}.
under() {
  cname=$1; shift
  : > "$work/$cname.launches"
  FAKE_CUDA_LOG="$work/$cname.launches" "$run" "$@" -- \
    "$app" "$src" "$work/$cname.bin" "${opts[@]}" \
    > "$work/$cname.out" 2> "$work/$cname.err" ||
    fail "the application under tdrc-run failed (exit $?)"
  cases=$((cases + 1))
}

# The output is the application's own, byte for byte.
same() {
  cmp -s "$work/$ref.bin" "$work/$cname.bin" ||
    fail "OUT.bin differs from the application alone: $(cmp "$work/$ref.bin" "$work/$cname.bin" 2>&1 | head -n 1)"
  cmp -s "$work/$ref.out" "$work/$cname.out" ||
    fail "stdout differs from the application alone: $(diff "$work/$ref.out" "$work/$cname.out" | tr '\n' ' ')"
}
logs() { grep -qE -- "$1" "$work/$cname.err" || fail "no log line matches '$1'"; }
nologs() { ! grep -qE -- "$1" "$work/$cname.err" || fail "a log line matches '$1': $(grep -E -- "$1" "$work/$cname.err" | head -n 1)"; }

# loads LINE: the application loaded modules, each one logged as LINE.
loads() {
  local seen
  seen=$(grep '^load' "$work/$cname.launches" | sort -u | tr '\n' ';' || true)
  [ "$seen" = "$1;" ] || fail "expected every module load to be '$1'; the fake driver saw '$seen'"
}
# only_launches NAME: every launch (4 lengths x NVRTC_APP_REPS) ran NAME.
only_launches() {
  local want=$((4 * ${NVRTC_APP_REPS:-6})) got others
  got=$(grep -c '^launch ' "$work/$cname.launches" || true)
  [ "$got" -eq "$want" ] || fail "expected $want launches, the fake driver saw $got"
  others=$(awk -v n="$1" '$1 == "launch" && $2 != n { print $2 }' \
             "$work/$cname.launches" | sort -u | tr '\n' ' ')
  [ -z "$others" ] || fail "every launch should run $1; also launched: $others"
}
# last_launch LEN: the function of the last launch with len=LEN.
last_launch() {
  awk -v l="len=$1" '$1 == "launch" && $3 == l { name = $2 } END { print name }' \
      "$work/$cname.launches"
}
launched() { grep -q "^launch $1 " "$work/$cname.launches"; }
# The application's kernel ran the original code on every launch: either
# the application's own module (load tdrc=0) and its classify, or, where
# the program was rewritten and the application got the shadow's PTX
# (load tdrc=1), the kept original classify_tdr_original.  In the shadow,
# classify is the rewrite, so a launch of it there is not the original.
ran_original() {
  local seen
  seen=$(grep '^load' "$work/$cname.launches" | sort -u | tr '\n' ';' || true)
  case "$seen" in
    "load tdrc=0;") only_launches classify ;;
    "load tdrc=1 hostchooses=1;") only_launches classify_tdr_original ;;
    *) fail "unexpected module loads '$seen'" ;;
  esac
}
nfiles() { if [ -d "$1" ]; then find "$1" -type f | wc -l; else echo 0; fi; }
program='nvrtc program [^ ]*classify\.cu[^ ]*:'   # the program's log line

# --- Without tdrc-run: the references, and the fakes themselves. ---------

alone ref
[ "$(wc -l < "$work/ref.out")" -eq 4 ] || fail "expected 4 checksum lines"
grep -q '^len=300 checksum=[0-9a-f]\{8\}$' "$work/ref.out" || fail "no checksum line for len=300"
loads 'load tdrc=0'
only_launches classify
[ "$(wc -c < "$work/ref.bin")" -eq $((4 * 6 * 65536 * 4)) ] || fail "OUT.bin has the wrong size"

# Measured choices run 10 launches per length, so that each bucket has
# settled well before its last launch (2 timed samples of each variant, and
# perhaps an untimed first launch of each function).
NVRTC_APP_REPS=10 alone ref10
NVRTC_APP_REPS=10 only_launches classify

src=$kdir/uniform.cu
alone ref-uniform
only_launches classify
src=$kdir/classify.cu

# FAKE_CUDA_WRONG falsifies rewrites only: the application alone is unchanged.
FAKE_CUDA_WRONG=1 alone alone-wrong
same

# The application's own compile error: its log, and exit 1.
{ cat "$kdir/classify.cu"; echo '// FAKE_COMPILE_ERROR'; } > "$work/bad.cu"
cname=alone-compile-error
if FAKE_CUDA_LOG="$work/$cname.launches" "$app" "$work/bad.cu" "$work/$cname.bin" \
     "${opts[@]}" > "$work/$cname.out" 2> "$work/$cname.err"; then
  fail "the application accepted a program that does not compile"
fi
grep -q 'nvrtcCompileProgram failed' "$work/$cname.err" || fail "no message naming nvrtcCompileProgram"
grep -q 'source contains FAKE_COMPILE_ERROR' "$work/$cname.err" || fail "the program log was not printed"
cases=$((cases + 1))

if [ ! -f "$nvlib" ]; then
  echo "SKIP nvrtc: $cases case(s) without tdrc-run passed; $nvlib is not built, so the tdrc-run cases did not run"
  exit 77
fi

# --- Under tdrc-run. ------------------------------------------------------

# The rewrite forced on every launch: the shadow's PTX (tdrc's variants,
# compiled with -DTDR_HOST_CHOOSES) is what the application loads, and
# classify there is the rewrite.
under forced --log --cache "$work/cache" --choose rewritten
grep -q '^tdrc-intercept: nvrtc' "$work/forced.err" ||
  fail "no 'tdrc-intercept: nvrtc' line: does tdrc-run preload $nvlib?"
same
loads 'load tdrc=1 hostchooses=1'
only_launches classify
logs "$program rewritten"
nologs "$program rewritten \(cached\)"
logs 'tdrc: classify: TDR_CHOOSE=rewritten'
[ "$(nfiles "$work/cache")" -gt 0 ] || fail "nothing written to the cache"

# The original forced: the kept original from the same (shadow) module.
under original --log --cache "$work/cache" --choose original
same
loads 'load tdrc=1 hostchooses=1'
only_launches classify_tdr_original

# The default choice (measure).  tdrc's condition for classify is
# when=(len) >= 9: at len=2 the model picks the original, and a bucket
# where it does takes it untried (docs/runtime.md), so len=2 never runs the
# rewrite; the other lengths time both, and the fake driver makes the
# rewrite 2x faster: each settles on it.
NVRTC_APP_REPS=10 ref=ref10 under measured --log --cache "$work/cache"
ref=ref10 same
loads 'load tdrc=1 hostchooses=1'
launched classify || fail "the rewrite never ran"
launched classify_tdr_original || fail "the original never ran"
! grep -q '^launch classify len=2$' "$work/$cname.launches" ||
  fail "the rewrite ran at len=2, where the model (when=(len) >= 9) picks the original"
for len in 2 16 64 300; do
  want=classify; [ "$len" = 2 ] && want=classify_tdr_original
  got=$(last_launch "$len")
  [ "$got" = "$want" ] || fail "the last launch at len=$len ran '$got', expected $want"
done
logs 'tdrc: classify .*-> rewritten'

# The same with the original faster: every length ends on the original.
FAKE_CUDA_ORIGINAL_FASTER=1 NVRTC_APP_REPS=10 ref=ref10 \
  under measured-original-faster --log --cache "$work/cache"
ref=ref10 same
loads 'load tdrc=1 hostchooses=1'
launched classify || fail "the rewrite was never tried"
for len in 2 16 64 300; do
  got=$(last_launch "$len")
  [ "$got" = classify_tdr_original ] ||
    fail "the last launch at len=$len ran '$got', expected classify_tdr_original"
done
nologs 'tdrc: classify .*-> rewritten'

# The cache: a second run finds the rewrite; another -D option, another
# tdrc or a touched one make new entries.
under cached --log --cache "$work/cache" --choose rewritten
same
logs "$program rewritten.*cached"
loads 'load tdrc=1 hostchooses=1'
only_launches classify

before=$(nfiles "$work/cache")
opts=(-arch=compute_80 -DUNUSED=1)
under other-define --log --cache "$work/cache" --choose rewritten
same
nologs "$program rewritten \(cached\)"
logs "$program rewritten"
only_launches classify
[ "$(nfiles "$work/cache")" -gt "$before" ] || fail "no new cache entry for another -D"
under other-define-again --log --cache "$work/cache" --choose rewritten
logs "$program rewritten.*cached"
opts=(-arch=compute_80)

printf '#!/bin/sh\nexec "%s" "$@"\n' "$tdrc" > "$work/tdrc-stub"
chmod +x "$work/tdrc-stub"
before=$(nfiles "$work/cache")
TDRC="$work/tdrc-stub" under stub --log --cache "$work/cache" --choose rewritten
same
nologs "$program rewritten \(cached\)"
only_launches classify
[ "$(nfiles "$work/cache")" -gt "$before" ] || fail "no new cache entry for another tdrc"
before=$(nfiles "$work/cache")
touch -d '2020-01-01' "$work/tdrc-stub"
TDRC="$work/tdrc-stub" under stub-touched --log --cache "$work/cache" --choose rewritten
same
nologs "$program rewritten \(cached\)"
only_launches classify
[ "$(nfiles "$work/cache")" -gt "$before" ] || fail "no new cache entry for a touched tdrc"
TDRC="$work/tdrc-stub" under stub-touched-again --log --cache "$work/cache" --choose rewritten
logs "$program rewritten.*cached"

# --explain: tdrc's report on stderr.
under explain --explain --cache "$work/cache"
same
logs "kernel 'classify': 1 branch"

# --disable and TDR_DISABLE=1: every call goes straight to the fakes, and
# nothing is written.
under disabled --log --disable --cache "$work/cache-disabled"
same
loads 'load tdrc=0'
only_launches classify
nologs 'tdrc-intercept'
[ ! -e "$work/cache-disabled" ] || fail "a cache was made with --disable"
TDR_DISABLE=1 under disabled-env --log --cache "$work/cache-disabled"
same
loads 'load tdrc=0'
only_launches classify
nologs 'tdrc-intercept'
[ ! -e "$work/cache-disabled" ] || fail "a cache was made with TDR_DISABLE=1"

# Deny and allow lists: classify never runs its rewrite.  The program may
# still be rewritten (its other kernels could run theirs): what is
# observable is that every launch runs the original code.
under skipped --log --cache "$work/cache" --skip classify
same
ran_original
logs 'kernel classify: original'
under only-other --log --cache "$work/cache" --only other
same
ran_original
logs 'kernel classify: original'
# An invalid TDR_CHOOSE: the original (docs/intercept.md).
under bad-choose --log --cache "$work/cache" --choose sometimes
same
ran_original
logs "kernel classify: original \\(TDR_CHOOSE='sometimes'"

# A program tdrc changes nothing in stays the application's.
src=$kdir/uniform.cu ref=ref-uniform under uniform --log --cache "$work/cache"
ref=ref-uniform same
logs "$program original.*tdrc changed no kernel"
loads 'load tdrc=0'
only_launches classify

# In-memory headers (nvrtcCreateProgram's, as Jitify passes them): tdrc
# parses with them written to the cache, the shadow is created with them.
export NVRTC_APP_HEADER=$kdir/classify_params.cuh
src=$kdir/with_header.cu alone ref-header
src=$kdir/with_header.cu ref=ref-header under header --log --cache "$work/cache" --choose rewritten
ref=ref-header same
logs "$program rewritten"
loads 'load tdrc=1 hostchooses=1'
only_launches classify
[ -f "$(find "$work/cache" -path '*headers-*/classify_params.cuh' | head -n 1)" ] ||
  fail "the in-memory header is not in the cache's headers-* directory"
unset NVRTC_APP_HEADER

# Injected failures: the program stays original, the output is the same.
failed() {
  same
  loads 'load tdrc=0'
  only_launches classify
  logs "$program original"
}
TDRC=/nonexistent/tdrc under missing --log --cache "$work/cache-f" --choose rewritten
failed

mkdir "$work/cache-ro"
chmod 500 "$work/cache-ro"
if [ -w "$work/cache-ro" ]; then
  echo "nvrtc: the unwritable-cache case is skipped (running as root: chmod 500 does not stop writes)"
else
  under unwritable --log --cache "$work/cache-ro" --choose rewritten
  failed
  [ -z "$(ls -A "$work/cache-ro")" ] || fail "files written to an unwritable cache"
fi
chmod 700 "$work/cache-ro"
# A cache path under a regular file cannot be made, even by root.
touch "$work/a-file"
under cache-under-file --log --cache "$work/a-file/cache" --choose rewritten
failed

printf '#!/bin/sh\nkill -9 $$\n' > "$work/tdrc-killed"
printf '#!/bin/sh\nexec sleep 5\n' > "$work/tdrc-slow"
# tdrc's own output with a line that the (fake) NVRTC rejects.
cat > "$work/tdrc-broken" <<SH
#!/bin/sh
out= prev=
for a in "\$@"; do
  [ "\$prev" = -o ] && out=\$a
  case "\$a" in -o=*) out=\${a#-o=} ;; esac
  prev=\$a
done
if [ -z "\$out" ] || [ "\$out" = - ]; then
  "$tdrc" "\$@" || exit \$?
  echo '// FAKE_COMPILE_ERROR (appended by tdrc-broken)'
  exit 0
fi
"$tdrc" "\$@" || exit \$?
echo '// FAKE_COMPILE_ERROR (appended by tdrc-broken)' >> "\$out"
SH
chmod +x "$work/tdrc-killed" "$work/tdrc-slow" "$work/tdrc-broken"

TDRC="$work/tdrc-killed" under killed --log --cache "$work/cache-f" --choose rewritten
failed
t0=$(date +%s%N)
TDRC="$work/tdrc-slow" TDR_REWRITE_TIMEOUT=1 under slow --log --cache "$work/cache-f" --choose rewritten
t1=$(date +%s%N)
failed
[ $(((t1 - t0) / 1000000)) -lt 4500 ] ||
  fail "the run took $(((t1 - t0) / 1000000)) ms: tdrc was waited for past TDR_REWRITE_TIMEOUT=1"
TDRC="$work/tdrc-broken" under broken --log --cache "$work/cache-f" --choose rewritten
failed

# The comparison can fail: a rewrite that computes something else, forced,
# changes the bytes.
FAKE_CUDA_WRONG=1 under wrong --log --cache "$work/cache" --choose rewritten
loads 'load tdrc=1 hostchooses=1'
only_launches classify
if cmp -s "$work/ref.bin" "$work/wrong.bin"; then
  fail "a wrong rewrite went unnoticed: cmp found no difference"
fi

echo "PASS nvrtc: $cases cases"
