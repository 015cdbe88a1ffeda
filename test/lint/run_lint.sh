#!/bin/bash
# run_lint.sh SRC_ROOT SHELLCHECK PYFLAKES
#
# ctest lint.scripts: every shell script of the tree (*.sh, .ci/run, tools/tdrc-run) passes
# `shellcheck -S warning`, and every Python script `pyflakes` (lit's
# configuration files are left out: lit defines their `config`).  The scripts
# drive the tests, the corpus, the generator and the GPU runs, so a typo in a
# branch that rarely runs would otherwise surface on the device.
set -u
[ $# -eq 3 ] || { sed -n '2,8p' "$0"; exit 2; }
root=$1 shellcheck=$2 pyflakes=$3
cd "$root" || exit 2
if [ -d .git ] && command -v git > /dev/null; then
  list() { git ls-files "$@"; }
else
  list() { find . -path ./.git -prune -o -path './build*' -prune -o -type f -print | sed 's|^\./||' \
             | grep -E "$(printf '%s\n' "$@" | sed 's/\./\\./g; s/\*/.*/g; s/.*/^&$/' | paste -sd'|')"; }
fi
mapfile -t sh < <(list '*.sh' .ci/run tools/tdrc-run)
mapfile -t py < <(list '*.py' | grep -v -E '(^|/)lit(\.site)?\.cfg\.py$')
[ ${#sh[@]} -gt 0 ] && [ ${#py[@]} -gt 0 ] || { echo "run_lint: no scripts found under $root"; exit 2; }
status=0
"$shellcheck" -S warning "${sh[@]}" || status=1
"$pyflakes" "${py[@]}" || status=1
echo "run_lint: ${#sh[@]} shell and ${#py[@]} Python scripts, $([ $status -eq 0 ] && echo clean || echo FINDINGS)"
exit $status
