#!/bin/bash
# compare_rewrites.sh OLD_TDRC NEW_TDRC RUN_DIR OUTDIR
#
# Bridges a long run_gen.sh run to a later tdrc: rewrites every kernel file of
# the run (RUN_DIR/kernels/gen_*.cl) with both binaries in the run's modes
# (RUN_DIR/run.json) and counts every changed line of output, so that a run
# made with OLD_TDRC speaks for NEW_TDRC exactly where the output did not
# change.  Prints one line per distinct changed line with its count, then the
# totals; exits 1 if either tdrc fails where the other does not.
set -u
[ $# -eq 4 ] || { sed -n '2,9p' "$0"; exit 2; }
old=$1 new=$2 run=$3 out=$4
mkdir -p "$out"
# "tag<TAB>options" per mode, as run_gen.py pinned them
mapfile -t modes < <(python3 -c 'import json, sys
for tag, opts in json.load(open(sys.argv[1]))["modes"]:
    print(tag + "\t" + " ".join(opts))' "$run/run.json") || exit 2
status=0 files=0 same=0 changed=0
: > "$out/diff.lines"
for f in "$run"/kernels/gen_*.cl; do
  b=$(basename "$f" .cl)
  for m in "${modes[@]}"; do
    tag=${m%%$'\t'*} opts=${m#*$'\t'}
    # shellcheck disable=SC2086
    "$old" "$f" -o "$out/$b.$tag.old.cl" $opts > "$out/$b.$tag.old.log" 2>&1; ro=$?
    # shellcheck disable=SC2086
    "$new" "$f" -o "$out/$b.$tag.new.cl" $opts > "$out/$b.$tag.new.log" 2>&1; rn=$?
    files=$((files + 1))
    if [ $ro -ne $rn ]; then
      echo "exit status differs: $f ($tag): old $ro, new $rn"; status=1; continue
    fi
    [ $ro -eq 0 ] || continue
    if cmp -s "$out/$b.$tag.old.cl" "$out/$b.$tag.new.cl"; then
      same=$((same + 1))
    else
      changed=$((changed + 1))
      diff "$out/$b.$tag.old.cl" "$out/$b.$tag.new.cl" | grep '^[<>]' >> "$out/diff.lines"
    fi
    rm -f "$out/$b.$tag".{old,new}.{cl,log}
  done
done
sed -E 's/^([<>])\s+/\1 /' "$out/diff.lines" | sort | uniq -c | sort -rn
echo "compare_rewrites: $files rewrites, $same identical, $changed changed," \
     "$(wc -l < "$out/diff.lines") changed lines"
exit $status
