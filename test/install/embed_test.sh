#!/bin/sh
# embed_test.sh CMAKE CC CXX EMBED_SCRIPT WORK_DIR
#
# ctest -L install.  tdrcEmbed.cmake (tdrc_add_kernels EMBED) on every byte
# value, quotes, backslashes, `)"` and a lone trailing byte: the generated
# header must compile warning-free as C and as C++ and hold the files byte
# for byte, NUL-terminated.
set -eu
cmake=$1 cc=$2 cxx=$3 script=$4 work=$5
rm -rf "$work" && mkdir -p "$work" && cd "$work"

# All 256 byte values, then text that would end a string or raw string.
i=0
while [ $i -lt 256 ]; do
  printf "\\$(printf %03o $i)"
  i=$((i + 1))
done >bytes.cl
printf '"\\)" R"x( )x" */ %%s ??/\n\001' >>bytes.cl
printf 'x' >one.cl

"$cmake" -DREWRITTEN=bytes.cl -DORIGINAL=one.cl -DREWRITTEN_ID=tdrc_bytes_tdr_cl \
  -DORIGINAL_ID=tdrc_one_cl -DHEADER=bytes.tdr.h -P "$script"

cat >check.c <<'CHECK'
#include "bytes.tdr.h"
#include <stdio.h>
#include <string.h>
static int same(const char *path, const char *text, size_t size) {
  static char buf[4096];
  FILE *f = fopen(path, "rb");
  size_t n = f ? fread(buf, 1, sizeof buf, f) : 0;
  if (f)
    fclose(f);
  return n + 1 == size && memcmp(buf, text, n) == 0 && text[n] == 0;
}
int main(void) {
  int ok = same("bytes.cl", tdrc_bytes_tdr_cl, sizeof tdrc_bytes_tdr_cl) &&
           same("one.cl", tdrc_one_cl, sizeof tdrc_one_cl);
  puts(ok ? "embed: same bytes" : "embed: DIFFERENT bytes");
  return !ok;
}
CHECK
cp check.c check.cpp
"$cc" -Wall -Wextra -Werror -o check_c check.c
"$cxx" -Wall -Wextra -Werror -o check_cxx check.cpp
./check_c
./check_cxx
