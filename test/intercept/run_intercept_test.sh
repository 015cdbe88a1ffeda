#!/usr/bin/env bash
# The interceptor on intercept_app (app.c), which knows nothing of tdrc:
#   run_intercept_test.sh TDRC_RUN APP KERNEL_DIR TDRC WORK
# Every run must write the same bytes as the application alone; the log
# (stderr) must show the decision each case is about.  A case that fails
# prints its log.
set -uo pipefail
run=$1 app=$2 kdir=$3 tdrc=$4 work=$5
rm -rf "$work" && mkdir -p "$work"
export TDRC="$tdrc"
unset TDR_DISABLE TDR_LOG TDR_EXPLAIN TDR_CHOOSE TDR_KERNELS TDR_SKIP_KERNELS \
      TDR_TDRC_OPTIONS TDR_REWRITE_TIMEOUT
fails=0

fail() { echo "FAIL: $case: $*"; [ -f "$work/$case.err" ] && sed 's/^/  | /' "$work/$case.err"; fails=$((fails + 1)); }

# app_run CASE [tdrc-run options...]: the application under tdrc-run.
app_run() {
  case=$1; shift
  if ! "$run" "$@" -- "$app" "$kdir/shade.cl" "$kdir" "$work/$case.bin" \
       > "$work/$case.out" 2> "$work/$case.err"; then
    fail "the application failed"; return 1
  fi
}
same() { cmp -s "$work/ref.bin" "$work/$case.bin" || fail "output differs from the application alone"; }
logs() { grep -qE -- "$1" "$work/$case.err" || fail "no log line matching '$1'"; }
nologs() { ! grep -qE -- "$1" "$work/$case.err" || fail "a log line matches '$1'"; }

# The application alone.
"$app" "$kdir/shade.cl" "$kdir" "$work/ref.bin" > /dev/null || { echo "FAIL: the application alone"; exit 1; }

# 1. The rewrite forced on every launch: same bytes, and it did run.
app_run forced --log --cache "$work/cache" --choose rewritten && same
logs 'program .*: rewritten; rewrite [0-9]+ ms, shadow build [0-9]+ ms, 1 kernel\(s\) with a choice'
logs 'kernel shade: rewrite and original, chosen per launch'
logs 'tdrc: shade: TDR_CHOOSE=rewritten'
nologs 'kernel expose'
ls "$work/cache"/*.cl > /dev/null 2>&1 || fail "no rewrite in the cache"
grep -q 'tdrc-variants: kernel=shade' "$work"/cache/*.cl || fail "the cached rewrite has no variant of shade"

# 2. The default choice (model, then timed launches): same bytes, from the cache.
app_run measured --log --cache "$work/cache" && same
logs 'program .*: rewritten \(cached\), binary cached'
logs 'tdrc: shade .*(original|rewritten)'

# A cached binary the implementation refuses: built from the source again.
for b in "$work"/cache/*.bin; do echo "not a binary" > "$b"; done
app_run badbinary --log --cache "$work/cache" --choose rewritten && same
logs 'program .*: rewritten \(cached\); rewrite'
app_run rebinary --log --cache "$work/cache" --choose rewritten && same
logs 'program .*: rewritten \(cached\), binary cached'

# clCompileProgram and clLinkProgram instead of clBuildProgram (hashcat's way).
INTERCEPT_APP_LINK=1 app_run linked --log --cache "$work/cache" --choose rewritten && same
logs 'program .*: rewritten \(cached\)'
logs 'tdrc: shade: TDR_CHOOSE=rewritten'

# 3. Other tdrc options or another tdrc: another key (a rewrite of its own).
app_run options --log --cache "$work/cache" --choose rewritten --tdrc-options "--algorithm=dgi" && same
nologs '\(cached\)'
cp "$tdrc" "$work/tdrc-copy"
TDRC="$work/tdrc-copy" app_run copy --log --cache "$work/cache" && same
nologs '\(cached\)'
touch -d '2020-01-01' "$work/tdrc-copy"
TDRC="$work/tdrc-copy" app_run touched --log --cache "$work/cache" && same
nologs '\(cached\)'
entries=$(find "$work/cache" -name '*.cl' | wc -l)
[ "$entries" -eq 4 ] || fail "expected 4 cache entries, got $entries"

# The same through the OpenCL loader's layer instead of LD_PRELOAD.
app_run layer --log --layer --cache "$work/cache" --choose rewritten && same
logs 'program .*: rewritten \(cached\)'
logs 'tdrc: shade: TDR_CHOOSE=rewritten'

# 4. --explain prints tdrc's report; TDR_DISABLE leaves every call alone.
app_run explain --explain --cache "$work/cache" && same
logs "^<program>:[0-9]+:[0-9]+: kernel 'shade': 1 branch"
nologs '\.run[0-9]+\.in\.cl'
app_run disabled --log --disable --cache "$work/cache-disabled" && same
nologs 'tdrc-intercept'
[ ! -e "$work/cache-disabled" ] || fail "a cache was made with TDR_DISABLE"

# 5. Allow and deny lists.
app_run skipped --log --cache "$work/cache" --skip shade && same
logs 'kernel shade: original \(TDR_KERNELS/TDR_SKIP_KERNELS\)'
app_run only --log --cache "$work/cache" --only expose && same
logs 'kernel shade: original \(TDR_KERNELS/TDR_SKIP_KERNELS\)'

# 6. Injected failures: the application's behaviour is unchanged.
TDRC="$work/no-such-tdrc" app_run missing --log --cache "$work/cache-f" && same
logs "original: cannot run"
touch "$work/a-file"
app_run unwritable --log --cache "$work/a-file/cache" && same
logs "original: cache directory .* is not writable"
cat > "$work/tdrc-crash" <<'SH'
#!/bin/sh
kill -SEGV $$
SH
cat > "$work/tdrc-slow" <<'SH'
#!/bin/sh
sleep 30
SH
# tdrc's own output with a line the device compiler rejects.
cat > "$work/tdrc-broken" <<SH
#!/bin/sh
"$tdrc" "\$@" || exit \$?
while [ "\$1" != "-o" ]; do shift; done
echo 'this is not OpenCL C;' >> "\$2"
SH
# tdrc's own output with the rewritten shade computing something else.
cat > "$work/tdrc-wrong" <<SH
#!/bin/sh
"$tdrc" "\$@" || exit \$?
while [ "\$1" != "-o" ]; do shift; done
sed -i 's/0.0625f/0.0624f/g' "\$2"
SH
chmod +x "$work"/tdrc-crash "$work"/tdrc-slow "$work"/tdrc-broken "$work"/tdrc-wrong
TDRC="$work/tdrc-crash" app_run crash --log --cache "$work/cache-f" && same
logs "original: tdrc died of signal 11"
TDRC="$work/tdrc-slow" TDR_REWRITE_TIMEOUT=1 app_run slow --log --cache "$work/cache-f" && same
logs "original: tdrc took more than 1 s"
TDRC="$work/tdrc-broken" app_run broken --log --cache "$work/cache-f" --choose rewritten && same
logs "original: the rewrite does not build"
TDR_CHOOSE=sometimes app_run badmode --log --cache "$work/cache" && same
logs "kernel shade: original \(TDR_CHOOSE='sometimes'"
[ -z "$(find "$work/cache-f" -name '*.run*')" ] || fail "temporary files left in the cache"

# 7. The comparison can fail: a wrong rewrite, forced, changes the bytes.
TDRC="$work/tdrc-wrong" app_run wrong --log --cache "$work/cache-w" --choose rewritten
if cmp -s "$work/ref.bin" "$work/wrong.bin"; then
  fail "a wrong rewrite went unnoticed"
fi

if [ "$fails" -ne 0 ]; then
  echo "intercept: $fails check(s) failed"
  exit 1
fi
echo "intercept: every check passed"
