#!/bin/bash
# prepare.sh TDRC RUN_DIR OUTDIR
#
# Rewrites every kernel file of a run_gen.sh run (RUN_DIR/kernels/gen_*.cl)
# in the run's modes (RUN_DIR/run.json) with TDRC, for run.sh on a machine
# with a GPU and no Clang: OUTDIR/gen.tar.xz holds k/NAME.cl (the original)
# and k/NAME.MODE.tdr.cl (each rewrite), OUTDIR/tdrc.txt the tdrc it came
# from.  A file tdrc fails on is reported and left out (exit 1).
set -u
[ $# -eq 3 ] || { sed -n '2,9p' "$0"; exit 2; }
tdrc=$1 run=$2 out=$3
stage=$(mktemp -d) || exit 2
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/k" "$out" || exit 2
mapfile -t modes < <(python3 -c 'import json, sys
for tag, opts in json.load(open(sys.argv[1]))["modes"]:
    print(tag + "\t" + " ".join(opts))' "$run/run.json") || exit 2
status=0 n=0
for f in "$run"/kernels/gen_*.cl; do
  b=$(basename "$f" .cl)
  cp "$f" "$stage/k/$b.cl"
  for m in "${modes[@]}"; do
    tag=${m%%$'\t'*} opts=${m#*$'\t'}
    # shellcheck disable=SC2086
    if "$tdrc" "$f" -o "$stage/k/$b.$tag.tdr.cl" $opts > "$stage/log" 2>&1; then
      n=$((n + 1))
    else
      echo "prepare: tdrc failed on $f ($tag):"; tail -5 "$stage/log"; status=1
    fi
  done
done
"$tdrc" --version > "$out/tdrc.txt" 2>&1
tar -C "$stage" -cJf "$out/gen.tar.xz" k || exit 2
echo "prepare: $n rewrites of $(ls "$run"/kernels/gen_*.cl | wc -l) files in $out/gen.tar.xz" \
     "($(du -h "$out/gen.tar.xz" | cut -f1))"
exit $status
