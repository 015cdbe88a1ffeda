#!/usr/bin/env bash
# ctest capi.c: the C API's checks (capi_test.c), then its rewrite and explain
# report of shade.cl against the tdrc command's, byte for byte.
#   run_capi_test.sh CAPI_TEST TDRC SHADE.cl WORK
set -euo pipefail
capi=$1 tdrc=$2 shade=$3 work=$4
rm -rf "$work" && mkdir -p "$work"
"$capi" "$shade" "$work"
"$tdrc" "$shade" -o "$work/tool.cl" --explain -- -DITERS=48 > "$work/tool.explain"
cmp "$work/capi.cl" "$work/tool.cl" || { echo "FAIL: the library's rewrite differs from tdrc's"; exit 1; }
cmp "$work/capi.explain" "$work/tool.explain" || { echo "FAIL: the library's explain report differs from tdrc's"; exit 1; }
echo "capi: the library's rewrite and report are tdrc's"
