#pragma tdr off
static int helper(int x)
{
#pragma tdr skip
    if (x > 3)
        return 1;
    return 0;
}
#pragma tdr off
__kernel void proto(__global const int *in, __global int *out);
#pragma tdr skip
__kernel void k(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
#pragma tdr target
    for (int i = 0; i < 4; ++i)
        out[gid + i] = 0;
#pragma tdr off
    if (x > 0)
        out[gid] = x * 2;
    else
#pragma tdr skip
    if (x < -5)
        out[gid] = helper(x);
#pragma tdr skip
#if 1
    if (x > 7)
        out[gid] += 1;
#endif
    {
#pragma tdr algorithm(dgi)
    }
#pragma tdr algorithm(dgi)
    out[gid] += 2; if (x > 9) out[gid] += 3;
}
#pragma tdr skip
// Well-formed lines in the wrong place: a warning each, the line is ignored,
// the output is still written and tdrc exits 0.  A branch line must be
// followed by an if, switch or loop (only whitespace, comments and other
// `#pragma tdr` lines between) inside a __kernel, and not by the `if` of an
// `else if`; `off` must be followed by a __kernel definition.  (`target`
// before the loop at line 17 is valid: it asks the loop transforms.)
// RUN: tdrc %s -o %t.cl 2>%t.err
// RUN: FileCheck %s --match-full-lines --implicit-check-not=warning: --input-file %t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.cl
// OUT: __local int tdr_head, tdr_tail;
// CHECK: {{.*}}pragma-misplaced.cl:1:13: warning: '#pragma tdr off' must be followed by a __kernel function definition; ignored
// CHECK: {{.*}}pragma-misplaced.cl:4:13: warning: '#pragma tdr skip' applies to branches and loops of __kernel functions only; ignored
// CHECK: {{.*}}pragma-misplaced.cl:9:13: warning: '#pragma tdr off' must be followed by a __kernel function definition; ignored
// CHECK: {{.*}}pragma-misplaced.cl:11:13: warning: '#pragma tdr skip' must be followed by an if, switch or loop statement; ignored
// CHECK: {{.*}}pragma-misplaced.cl:19:13: warning: '#pragma tdr off' must be followed by a __kernel function definition; ignored
// CHECK: {{.*}}pragma-misplaced.cl:23:13: warning: '#pragma tdr skip' cannot apply to an 'else if' alone; put it before the chain's first 'if'; ignored
// CHECK: {{.*}}pragma-misplaced.cl:26:13: warning: '#pragma tdr skip' must be followed by an if, switch or loop statement; ignored
// CHECK: {{.*}}pragma-misplaced.cl:32:13: warning: '#pragma tdr algorithm(dgi)' must be followed by an if, switch or loop statement; ignored
// CHECK: {{.*}}pragma-misplaced.cl:34:13: warning: '#pragma tdr algorithm(dgi)' must be followed by an if, switch or loop statement; ignored
// CHECK: {{.*}}pragma-misplaced.cl:37:13: warning: '#pragma tdr skip' must be followed by an if, switch or loop statement; ignored
// CHECK: 10 warnings generated.
