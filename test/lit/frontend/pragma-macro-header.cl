#include "../Inputs/tdr_pragmas.h"
__kernel void k(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
#pragma tdr skip
    BRANCH(x > 0);
#pragma tdr skip
    LATE(x > 1);
    SKIP
    if (x > 2)
        out[gid] += 3;
}
// `#pragma tdr` is read only from the main file and only as a line of its
// own: a header's lines and _Pragma("tdr ...") warn and are ignored.  A
// macro that starts with the if (BRANCH) follows the line like the if
// itself; one that starts with something else (LATE) does not.
// RUN: tdrc %s -o %t.cl 2>%t.err
// RUN: FileCheck %s --match-full-lines --implicit-check-not=warning: --input-file %t.err
// CHECK: In file included from {{.*}}pragma-macro-header.cl:1:
// CHECK-NEXT: {{.*}}tdr_pragmas.h:3:9: warning: '#pragma tdr' outside the main file is ignored (tdrc rewrites the main file only)
// CHECK: {{.*}}pragma-macro-header.cl:8:13: warning: '#pragma tdr skip' must be followed by an if, switch or loop statement; ignored
// CHECK: {{.*}}pragma-macro-header.cl:10:5: warning: '#pragma tdr' is read only as a line of its own, not through _Pragma; ignored
// CHECK: {{.*}}tdr_pragmas.h:6:14: note: expanded from macro 'SKIP'
// CHECK: 3 warnings generated.
