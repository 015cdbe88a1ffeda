#!/usr/bin/env bash
# run_corpus.sh - tdrc over the real OpenCL kernels Debian ships.
#
#   run_corpus.sh TDRC OUTDIR [--darktable] [--hashcat-sample N] [--hashcat-all]
#                 [--piglit] [--jobs J] [--cache DIR] [--clang CLANG] [--timeout S]
#
# Without a selection it runs everything (--darktable --hashcat-all --piglit).
#
# The kernels come from the Debian packages `darktable` (36 .cl files),
# `hashcat-data` (1239 .cl files) and `piglit` (552 .cl files: the OpenCL
# test programs under usr/lib/<multiarch>/piglit/tests/cl and
# generated_tests/cl), fetched with `apt-get download` and unpacked with
# `dpkg -x` into a cache (default OUTDIR/../corpus-cache, reused when
# present). They are never copied into the repository. When the download
# fails the script says so and exits 77 (ctest: SKIPPED).
#
# Every .cl file is rewritten with
#   timeout 60 TDRC FILE -o OUTDIR/PKG/FILE.tdr.cl --force --explain -- FLAGS  (--force: every round the analysis allows is emitted and checked)
# run from the package's kernel folder, and classified:
#   rewritten    the output differs from the input (and still parses)
#   unchanged    no divergent branch
#   declined     divergent branches, all left unchanged (reasons counted)
#   input-error  the original does not parse either (checked with
#                CLANG -fsyntax-only -x cl FLAGS); not a tdrc failure
#   FAILURE      tdrc crashed (signal or exit > 2), hung (timeout), exited 2,
#                rejected a file Clang accepts, or wrote output that no longer
#                parses (errors that the input does not have)
# FLAGS per package (see docs/reliability.md for why these):
#   darktable: -cl-std=CL1.2 -I<kernels dir>
#   hashcat:   -cl-std=CL1.2 -I<OpenCL dir> and the macros hashcat's host and
#              modules pass (KERNEL_STATIC, INCLUDE_PATH=., M2S, VECT_SIZE,
#              DGST_*, FIXED_LOCAL_SIZE, SCRYPT_*, ...), run from that folder
#   piglit:    per file, from its `/*! [config] ... !*/` header: -cl-std=CL1.2,
#              or the higher clc_version_min (20: CL2.0), at most
#              clc_version_max, then the header's build_options (-D, -I,
#              -cl-std, -Werror, ...), run from the piglit folder
#
# Writes OUTDIR/summary.tsv (path, lines, status, seconds, reasons) and
# OUTDIR/report.txt (totals, declined-reason histogram, throughput), prints
# the report, and exits 0, or 1 when any file is a FAILURE (2: usage error,
# 77: corpus unavailable).
set -u
export LC_ALL=C

SELF=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$(basename "${BASH_SOURCE[0]}")

die_usage() {
  echo "run_corpus.sh: $*" >&2
  echo "usage: run_corpus.sh TDRC OUTDIR [--darktable] [--hashcat-sample N] [--hashcat-all] [--piglit] [--jobs J] [--cache DIR] [--clang CLANG] [--timeout S]" >&2
  exit 2
}

# --- compiler flags per package -------------------------------------------
# The OpenCL C version and build options a piglit test program declares in
# its config header (the first `/*! ... !*/` comment, section [config]):
# prints "VERSION<TAB>BUILD_OPTIONS", comments (` # ...`) stripped.
piglit_config() {
  awk '
    !inhdr && /^[ \t]*\/\*!/ { inhdr = 1; next }
    inhdr && /!\*\// { exit }
    inhdr && /^[ \t]*\[/ { sec = $1; next }
    inhdr && sec == "[config]" {
      line = $0; sub(/(^|[ \t])#.*$/, "", line)
      if (match(line, /^[ \t]*[a-z_]+[ \t]*:/)) {
        key = substr(line, RSTART, RLENGTH - 1); gsub(/[ \t]/, "", key)
        val = substr(line, RSTART + RLENGTH); gsub(/^[ \t]+|[ \t]+$/, "", val)
        if (!(key in cfg)) cfg[key] = val
      }
    }
    END {
      v = 12                                  # an OpenCL 1.2 device, as for the others
      if (cfg["clc_version_min"] ~ /^[0-9]+$/ && cfg["clc_version_min"] + 0 > v) v = cfg["clc_version_min"] + 0
      if (cfg["clc_version_max"] ~ /^[0-9]+$/ && cfg["clc_version_max"] + 0 < v) v = cfg["clc_version_max"] + 0
      printf "%d\t%s\n", v, cfg["build_options"]
    }' "$1"
}

# Sets FLAGS for package $1 (file $2, relative to the package's folder);
# DT_DIR / HC_DIR / PG_DIR are the kernel folders.
set_flags() {
  case $1 in
    darktable)
      FLAGS=(-cl-std=CL1.2 "-I$DT_DIR") ;;
    hashcat)
      # Needed to parse at all: KERNEL_STATIC (pulls in the inc_* files),
      # INCLUDE_PATH, XM2S/M2S (`#include M2S(INCLUDE_PATH/inc_vendor.h)`),
      # VECT_SIZE, DGST_R0..3 and DGST_ELEM; FIXED_LOCAL_SIZE(_COMP) for the
      # 47 kernels whose modules fix the work-group size (hashcat passes 32
      # on GPUs) and SCRYPT_N/R/P/TMTO for the 5 scrypt kernels (the hash's
      # parameters; scrypt's usual 16384/8/1). The others select code paths
      # as the notes' set does (PoCL vendor id, CPU device type, real local
      # memory, the straight attack). -I is not needed for the originals
      # (quoted includes resolve next to the including file) but for the
      # rewritten copies, which live in OUTDIR.
      FLAGS=(-cl-std=CL1.2 "-I$HC_DIR" -D KERNEL_STATIC -D INCLUDE_PATH=.
             -D 'XM2S(x)=#x' -D 'M2S(x)=XM2S(x)'
             -D LOCAL_MEM_TYPE=1 -D VENDOR_ID=64 -D CUDA_ARCH=0 -D HAS_VPERM=0
             -D VECT_SIZE=1 -D DEVICE_TYPE=2
             -D DGST_R0=0 -D DGST_R1=1 -D DGST_R2=2 -D DGST_R3=3 -D DGST_ELEM=4
             -D FIXED_LOCAL_SIZE=32 -D FIXED_LOCAL_SIZE_COMP=32
             -D SCRYPT_N=16384 -D SCRYPT_R=8 -D SCRYPT_P=1 -D SCRYPT_TMTO=1
             -D KERN_TYPE=0 -D ATTACK_EXEC=11 -D ATTACK_KERN=0 -D _unroll) ;;
    piglit)
      # piglit's program tester builds each test program with the header's
      # build_options on a device of at least clc_version_min: -cl-std from
      # the version (1.2 as for the other packages, 2.0 for the 3 tests that
      # need its generic address space, 1.0 for the one capped at 10), then
      # the options as written, so that a -cl-std there wins (clang keeps
      # the last one). Their -I are relative to the piglit folder, which the
      # file is run from. Tests that expect the build to fail
      # (program/build/fail/) land as input errors where Clang rejects them.
      local v opts extra
      IFS=$'\t' read -r v opts < <(piglit_config "$PG_DIR/$2")
      read -r -a extra <<<"$opts"
      FLAGS=("-cl-std=CL$((v / 10)).$((v % 10))" "${extra[@]}") ;;
  esac
}

pkg_dir() {
  case $1 in
    darktable) echo "$DT_DIR" ;;
    hashcat) echo "$HC_DIR" ;;
    piglit) echo "$PG_DIR" ;;
  esac
}

# One line, tabs and newlines removed.
oneline() { tr '\t\n' '  ' | sed -e 's/  */ /g' -e 's/^ //' -e 's/ $//'; }

# The `unchanged: divergent` lines of explain file $1 whose branch no
# transform rewrote (remap declines a branch that meld may still rewrite:
# that one has a `remapped:` line at the same place too).
left_unchanged() {
  awk '/: remapped: / { split($0, p, ": remapped: "); done[p[1]] = 1; next }
       /: unchanged: divergent \(/ { split($0, p, ": unchanged: "); line[++n] = $0; at[n] = p[1] }
       END { for (i = 1; i <= n; i++) if (!(at[i] in done)) print line[i] }' "$1"
}

# Reasons of the divergent branches left unchanged (explain lines in $1),
# normalised (names and locations stripped), counted: "N<TAB>reason" lines,
# most frequent first.
reason_counts() {
  left_unchanged "$1" |
    sed -E -e 's/^.*(read at a thread-dependent address|condition depends on thread-dependent data)\) but //' \
      -e "s/'[^' ]*'/'_'/g" \
      -e 's/ \((loop )?at ([0-9]+:[0-9]+|<unknown>)\)//g' \
      -e 's/ \(([0-9]+:[0-9]+|<unknown>)\)//g' \
      -e 's/ at ([0-9]+:[0-9]+|<unknown>)//g' \
      -e 's/[0-9]+/N/g' -e 's/\t/ /g' |
    sort | uniq -c | sort -k1,1nr -k2 | sed -E 's/^ *([0-9]+) /\1\t/'
}
# The same on one line: "reason (xN); reason (xM)".
declined_reasons() {
  reason_counts "$1" | awk -F'\t' '{ printf "%s%s (x%d)", sep, $2, $1; sep = "; " }'
}

# Error messages of a Clang run without their locations, one per line.
error_set() { grep -a ' error: ' "$1" | sed -E 's/^.* error: //' | sort -u; }

# --- one file (runs in a worker) ---------------------------------------------
one_file() {
  local item=$1 pkg f dir base lines t0 t1 secs rc status reasons
  pkg=${item%%/*}
  f=${item#*/}
  dir=$(pkg_dir "$pkg")
  set_flags "$pkg" "$f"
  base=$OUTDIR/$pkg/$f
  mkdir -p "$(dirname "$base")"
  cd "$dir" || exit 3
  lines=$(wc -l <"$f")
  t0=$(date +%s.%N)
  timeout -k 5 "$TIMEOUT_S" "$TDRC" "$f" -o "$base.tdr.cl" --force --explain -- "${FLAGS[@]}" \
    >"$base.explain" 2>"$base.err"
  rc=$?
  t1=$(date +%s.%N)
  secs=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
  status=FAILURE
  reasons=
  local firsterr
  firsterr=$(grep -a -m1 -E 'error|Assertion|Stack dump|PLEASE' "$base.err" | oneline)
  [ -n "$firsterr" ] || firsterr=$(head -n1 "$base.err" | oneline)
  if [ $rc -eq 0 ]; then
    if [ ! -f "$base.tdr.cl" ]; then
      reasons="exit 0 but no output file"
    elif cmp -s "$f" "$base.tdr.cl"; then
      reasons=$(declined_reasons "$base.explain")
      if [ -n "$reasons" ]; then status=declined; else status=unchanged; fi
    else
      status=rewritten
      reasons=$(declined_reasons "$base.explain")
      if ! "$CLANG" -fsyntax-only -x cl "${FLAGS[@]}" "$base.tdr.cl" >"$base.out.diag" 2>&1; then
        "$CLANG" -fsyntax-only -x cl "${FLAGS[@]}" "$f" >"$base.in.diag" 2>&1
        local new
        new=$(comm -13 <(error_set "$base.in.diag") <(error_set "$base.out.diag") | head -n1)
        if [ -n "$new" ]; then
          status=FAILURE
          reasons="new errors: the output no longer parses: $(grep -a -m1 -F -- "$new" "$base.out.diag" | oneline)"
        else
          reasons="${reasons:+$reasons; }(the input has the same errors)"
        fi
      fi
    fi
  elif [ $rc -eq 1 ]; then
    if "$CLANG" -fsyntax-only -x cl "${FLAGS[@]}" "$f" >"$base.in.diag" 2>&1; then
      reasons="rejects an input that $CLANG accepts: $firsterr"
    else
      status=input-error
      reasons=$(grep -a -m1 ' error: ' "$base.in.diag" | sed -E "s|^$dir/||" | oneline)
    fi
  elif [ $rc -eq 124 ] || { [ $rc -eq 137 ] && awk -v s="$secs" -v t="$TIMEOUT_S" 'BEGIN { exit !(s >= t) }'; }; then
    reasons="hang: no result after ${TIMEOUT_S} s"
  elif [ $rc -eq 2 ]; then
    reasons="exit 2: $firsterr"
  elif [ $rc -gt 128 ]; then
    reasons="crash: signal $((rc - 128)): $firsterr"
  else
    reasons="crash: exit $rc: $firsterr"
  fi
  printf '%s\t%s\t%s\t%s\t%s\n' "$pkg/$f" "$lines" "$status" "$secs" "$reasons" >"$base.tsv"
  printf '%-11s %6.2fs  %s\n' "$status" "$secs" "$pkg/$f"
  if [ "$status" = FAILURE ]; then
    printf '  %s\n  reproduce: cd %q && %q %q -o /tmp/out.cl --force --explain --' "$reasons" "$dir" "$TDRC" "$f"
    printf ' %q' "${FLAGS[@]}"
    printf '\n'
  fi
}

if [ "${1:-}" = --one ]; then
  shift
  for item in "$@"; do one_file "$item"; done
  exit 0
fi

# --- command line ---------------------------------------------------------------
[ $# -ge 2 ] || die_usage "need TDRC and OUTDIR"
TDRC=$1
OUTDIR=$2
shift 2
DO_DT=0 HC_MODE=none HC_N=0 DO_PG=0 JOBS=1 CACHE='' CLANG='' TIMEOUT_S=60
while [ $# -gt 0 ]; do
  case $1 in
    --darktable) DO_DT=1 ;;
    --piglit) DO_PG=1 ;;
    --hashcat-all) HC_MODE=all ;;
    --hashcat-sample) [ $# -ge 2 ] || die_usage "--hashcat-sample needs N"
      HC_MODE=sample HC_N=$2; shift ;;
    --jobs) [ $# -ge 2 ] || die_usage "--jobs needs J"; JOBS=$2; shift ;;
    --cache) [ $# -ge 2 ] || die_usage "--cache needs DIR"; CACHE=$2; shift ;;
    --clang) [ $# -ge 2 ] || die_usage "--clang needs a path"; CLANG=$2; shift ;;
    --timeout) [ $# -ge 2 ] || die_usage "--timeout needs seconds"; TIMEOUT_S=$2; shift ;;
    *) die_usage "unknown argument '$1'" ;;
  esac
  shift
done
[[ $HC_N =~ ^[0-9]+$ && $JOBS =~ ^[1-9][0-9]*$ && $TIMEOUT_S =~ ^[1-9][0-9]*$ ]] ||
  die_usage "N, J and S must be positive integers"
if [ $DO_DT = 0 ] && [ $HC_MODE = none ] && [ $DO_PG = 0 ]; then DO_DT=1 HC_MODE=all DO_PG=1; fi
[ -x "$TDRC" ] || die_usage "'$TDRC' is not an executable"
TDRC=$(cd "$(dirname "$TDRC")" && pwd)/$(basename "$TDRC")
if [ -z "$CLANG" ]; then
  CLANG=$(command -v clang-22 || command -v clang || true)
fi
[ -n "$CLANG" ] && command -v "$CLANG" >/dev/null || die_usage "no clang found (use --clang)"
mkdir -p "$OUTDIR" || exit 2
OUTDIR=$(cd "$OUTDIR" && pwd)
[ -n "$CACHE" ] || CACHE=$OUTDIR/../corpus-cache
mkdir -p "$CACHE" || exit 2
CACHE=$(cd "$CACHE" && pwd)

# --- the corpus: apt-get download + dpkg -x, once, under a lock ----------------
skip() {
  echo "run_corpus.sh: SKIPPED: $*" >&2
  exit 77
}
fetch() { # fetch DEBIAN-PACKAGE MARKER-NAME
  [ -f "$CACHE/.$2.ok" ] && return 0
  command -v apt-get >/dev/null || skip "apt-get is not available, cannot obtain the $1 package"
  mkdir -p "$CACHE/debs" "$CACHE/root"
  rm -f "$CACHE/debs/$1"_*.deb
  if ! (cd "$CACHE/debs" && apt-get download "$1") >"$CACHE/apt-$1.log" 2>&1; then
    sed 's/^/  /' "$CACHE/apt-$1.log" >&2
    skip "'apt-get download $1' failed (no network or no apt sources?), so the corpus cannot be obtained"
  fi
  dpkg -x "$CACHE/debs/$1"_*.deb "$CACHE/root" || skip "'dpkg -x' failed on $1"
  touch "$CACHE/.$2.ok"
}
exec 9>"$CACHE/.lock"
flock 9
[ $DO_DT = 1 ] && fetch darktable darktable
[ $HC_MODE != none ] && fetch hashcat-data hashcat
[ $DO_PG = 1 ] && fetch piglit piglit
flock -u 9
export DT_DIR=$CACHE/root/usr/share/darktable/kernels
export HC_DIR=$CACHE/root/usr/share/hashcat/OpenCL
# piglit installs under the multiarch library folder (x86_64-linux-gnu, ...).
PG_DIR=
for d in "$CACHE"/root/usr/lib/*/piglit; do [ -d "$d/tests/cl" ] && PG_DIR=$d && break; done
export PG_DIR
export TDRC OUTDIR CLANG TIMEOUT_S

ITEMS=()
if [ $DO_DT = 1 ]; then
  [ -d "$DT_DIR" ] || skip "no $DT_DIR in the darktable package"
  while IFS= read -r f; do ITEMS+=("darktable/$f"); done < <(cd "$DT_DIR" && ls -- *.cl | sort)
  echo "darktable: $(ls "$DT_DIR"/*.cl | wc -l) files in $DT_DIR"
fi
if [ $HC_MODE != none ]; then
  [ -d "$HC_DIR" ] || skip "no $HC_DIR in the hashcat-data package"
  mapfile -t HC < <(cd "$HC_DIR" && ls -- *.cl | sort)
  if [ $HC_MODE = all ] || [ "$HC_N" -ge ${#HC[@]} ]; then
    for f in "${HC[@]}"; do ITEMS+=("hashcat/$f"); done
    echo "hashcat: all ${#HC[@]} files in $HC_DIR"
  else
    # Fixed sample: every k-th file of the sorted list, k = total / N.
    k=$(( ${#HC[@]} / (HC_N > 0 ? HC_N : 1) ))
    for ((i = 0, n = 0; n < HC_N; i += k, n++)); do ITEMS+=("hashcat/${HC[i]}"); done
    echo "hashcat: sample of $HC_N of ${#HC[@]} files (every ${k}th of the sorted list) in $HC_DIR"
  fi
fi
if [ $DO_PG = 1 ]; then
  [ -n "$PG_DIR" ] || skip "no usr/lib/*/piglit/tests/cl in the piglit package"
  # The OpenCL C test programs; not the .inc sources that .program_test
  # files build with their own -D options.
  mapfile -t PG < <(cd "$PG_DIR" && find tests/cl generated_tests/cl -name '*.cl' -type f 2>/dev/null | sort)
  for f in "${PG[@]}"; do ITEMS+=("piglit/$f"); done
  echo "piglit: ${#PG[@]} files under $PG_DIR/{tests,generated_tests}/cl"
fi
echo "tdrc: $TDRC"
echo "clang: $CLANG ($("$CLANG" --version | head -n1))"

rm -rf "$OUTDIR/darktable" "$OUTDIR/hashcat" "$OUTDIR/piglit"
T0=$(date +%s.%N)
printf '%s\0' "${ITEMS[@]}" | xargs -0 -n 4 -P "$JOBS" "$SELF" --one
T1=$(date +%s.%N)

# --- summary --------------------------------------------------------------------
{
  printf '# path\tlines\tstatus\tseconds\treasons\n'
  for item in "${ITEMS[@]}"; do
    if [ -f "$OUTDIR/$item.tsv" ]; then
      cat "$OUTDIR/$item.tsv"
    else
      printf '%s\t?\tFAILURE\t0\tthe worker left no result\n' "$item"
    fi
  done
} >"$OUTDIR/summary.tsv"

# Every file's --explain lines (piglit's files lie in subfolders).
all_explain() {
  for item in "${ITEMS[@]}"; do
    [ -f "$OUTDIR/$item.explain" ] && cat "$OUTDIR/$item.explain"
  done
}

# Histogram over every divergent branch left unchanged, in all files.
for item in "${ITEMS[@]}"; do
  [ -f "$OUTDIR/$item.explain" ] && left_unchanged "$OUTDIR/$item.explain"
done >"$OUTDIR/declined-branches.txt"
# Declined by remap, then rewritten by another transform (meld).
rewritten_after=$(all_explain | grep -ac ': unchanged: divergent (')
rewritten_after=$((rewritten_after - $(wc -l <"$OUTDIR/declined-branches.txt")))

{
  echo "== tdrc corpus run, $(date -u +%Y-%m-%d) =="
  awk -F'\t' -v wall="$(awk -v a="$T0" -v b="$T1" 'BEGIN { print b - a }')" '
    /^#/ { next }
    { n++; st[$3]++; lines += $2; secs += $4
      split($1, p, "/"); pk[p[1]]++; pkst[p[1] "\t" $3]++ }
    END {
      printf "files: %d (%d lines)\n", n, lines
      split("rewritten unchanged declined input-error FAILURE", order, " ")
      for (i = 1; i <= 5; i++) printf "  %-12s %5d\n", order[i], st[order[i]]
      for (k in pk) {
        printf "  %s:", k
        for (i = 1; i <= 5; i++) printf " %s %d", order[i], pkst[k "\t" order[i]]
        printf "\n"
      }
      fps = (secs > 0) ? n / secs : 0
      lps = (secs > 0) ? lines / secs : 0
      printf "tdrc time: %.1f s for %d files; %.2f files/s, %.0f lines/s (script wall time %.1f s)\n", secs, n, fps, lps, wall
    }' "$OUTDIR/summary.tsv"
  echo "kernels: $(all_explain | grep -ac ": kernel '"), branches remapped: $(all_explain | grep -a ': remapped: ' | wc -l), divergent branches left unchanged: $(wc -l <"$OUTDIR/declined-branches.txt") (and $rewritten_after that remap declined and another transform rewrote)"
  echo "declined-reason histogram (divergent branches left unchanged, all files):"
  reason_counts "$OUTDIR/declined-branches.txt" | awk -F'\t' '{ printf "  %6d  %s\n", $1, $2 }'
  if grep -qaP '\tinput-error\t' "$OUTDIR/summary.tsv"; then
    echo "input errors (the original does not parse):"
    awk -F'\t' '$3 == "input-error" { printf "  %s: %s\n", $1, $5 }' "$OUTDIR/summary.tsv"
  fi
  if grep -qaP '\tFAILURE\t' "$OUTDIR/summary.tsv"; then
    echo "FAILURES:"
    awk -F'\t' '$3 == "FAILURE" { printf "  %s: %s\n", $1, $5 }' "$OUTDIR/summary.tsv"
  fi
  echo "summary: $OUTDIR/summary.tsv"
} >"$OUTDIR/report.txt"
cat "$OUTDIR/report.txt"

grep -qaP '\tFAILURE\t' "$OUTDIR/summary.tsv" && exit 1
exit 0
