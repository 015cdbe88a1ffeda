#!/bin/sh
# smoke.sh TDRC_FUZZ WORKDIR [PYTHON]: the fuzz target over the seed corpus
# and the kept regressions (about 250 inputs), then mutations up to 600 runs
# in all (-runs counts the corpus too); fails on any finding.
set -eu
fuzz=$1
work=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$work"
mkdir -p "$work/new" "$work/artifacts"
sh "$here/seed_corpus.sh" "$work/seeds" "${3:-python3}" > /dev/null
exec "$fuzz" -runs=600 -seed=1 -max_len=8192 -timeout=20 -rss_limit_mb=4096 \
  -dict="$here/opencl.dict" -artifact_prefix="$work/artifacts/" \
  "$work/new" "$work/seeds" "$here/regressions"
