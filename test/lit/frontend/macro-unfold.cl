// Code a transform must edit, spelled inside a macro: the outermost
// invocation in the kernel body is unfolded into its expansion (one
// statement per line, a comment naming it) and edited; other uses of the
// macro, the kernels left unchanged and the rest of the file stay as written.
// RUN: rm -rf %t && mkdir -p %t
// RUN: tdrc --force --keep-original=false %s -o %t/out.cl --explain > %t/explain.txt
// RUN: FileCheck %s --input-file %t/out.cl
// RUN: FileCheck %s --check-prefix=EXPLAIN --input-file %t/explain.txt
// The output is stable: a second run changes nothing.
// RUN: tdrc --force --keep-original=false %t/out.cl -o %t/again.cl
// RUN: cmp %t/out.cl %t/again.cl
// A macro given on the command line is never unfolded (the output is
// compiled later, perhaps with another -D): the kernel is explained.
// RUN: tdrc --force --keep-original=false %s -o %t/cmdline.cl --explain -- '-DCMD_ID=get_global_id(0)' -DUSE_CMD | FileCheck %s --check-prefix=CMDLINE
#define GID get_global_id(0)
#define LID(d) get_local_id(d)
#define AT(p, i) (p)[i]
#define WORK(x, n) for (int j = 0; j < (n); ++j) x = x * 1.0001f + 0.5f
#define STEP(c, x) if (c) { WORK(x, 300); } else { x = -x; }
#define LOAD_OR_EXIT(v, p, i, n) if ((i) >= (n)) return; v = (p)[i]
#define SWAP_IF(c, a, b) do { if (c) { float t_ = a; a = b; b = t_; WORK(a, 200); } } while (0)
#ifndef FAST
#define FAST 1
#endif

// An ID query in an object-like macro.
__kernel void id_macro(__global float *out, __global const int *in)
{
    int i = GID;
    float v = out[i];
    if (in[i] > 0)
        WORK(v, 400);
    out[i] = v;
}
// CHECK-LABEL: __kernel void id_macro(
// CHECK: int i = tdr_gid0 /* tdrc: GID */;
// The loop macro in the path is not edited: it stays an invocation.
// CHECK: WORK(v, 400);

// A statement macro holding the whole branch; the ID in a macro argument.
__kernel void stmt_macro(__global float *out, __global const int *in)
{
    int i = get_global_id(0);
    float v = AT(out, i);
    STEP(AT(in, i) > 0, v);
    out[i] = v;
}
// CHECK-LABEL: __kernel void stmt_macro(
// CHECK: float v = AT(out, i);
// CHECK: /* tdrc: unfolded STEP(AT(in, i) > 0, v) */
// CHECK: tdr_path = ((in)[i] > 0) ? 0 : 1;
// CHECK: if (tdr_path == 0) {
// CHECK-NEXT: for (int j = 0; j < (300); ++j) v = v * 1.0001f + 0.5f;
// CHECK-NEXT: } else {
// CHECK-NEXT: v = -v;
// CHECK-NEXT: };

// Several statements, an early return among them, under #if.
__kernel void multi_stmt(__global float *out, __global const int *in, int n)
{
    int i = get_global_id(0);
    float v;
#if FAST
    LOAD_OR_EXIT(v, out, i, n);
#else
    v = out[i];
#endif
    if (in[i] > 0)
        WORK(v, 400);
    out[i] = v;
}
// CHECK-LABEL: __kernel void multi_stmt(
// CHECK: /* tdrc: unfolded LOAD_OR_EXIT(v, out, i, n) */
// CHECK-NEXT: if ((i) >= (n)) tdr_active = 0; /* tdrc: was return */
// CHECK-NEXT: { /* tdrc: active region */
// CHECK-NEXT: if (tdr_active) {
// CHECK-NEXT: v = (out)[i];
// CHECK: #else
// CHECK-NEXT: v = out[i];
// CHECK-NEXT: #endif

// do { } while (0) around a branch becomes a plain block.
__kernel void do_while(__global float *a, __global float *b, __global const int *in)
{
    int i = LID(0) + get_group_id(0) * get_local_size(0);
    float x = a[i], y = b[i];
    SWAP_IF(in[i] > 0, x, y);
    a[i] = x;
    b[i] = y;
}
// CHECK-LABEL: __kernel void do_while(
// CHECK: int i = tdr_lid0 /* tdrc: LID(0) */ + get_group_id(0) * get_local_size(0);
// CHECK: /* tdrc: unfolded SWAP_IF(in[i] > 0, x, y); */
// CHECK-NOT: while (0)
// CHECK: if (tdr_path == 0) {
// CHECK-NEXT: float t_ = x;
// CHECK-NEXT: x = y;
// CHECK-NEXT: y = t_;
// CHECK-NEXT: for (int j = 0; j < (200); ++j) x = x * 1.0001f + 0.5f;
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: a[i] = x;

// Not divergent: nothing to edit, the kernel stays as written.
__kernel void uniform(__global float *out, int n)
{
    int i = GID;
    if (n > 4)
        WORK(out[i], 100);
}
// CHECK-LABEL: __kernel void uniform(
// CHECK-NEXT: {
// CHECK-NEXT: int i = GID;
// CHECK-NEXT: if (n > 4)
// CHECK-NEXT: WORK(out[i], 100);
// CHECK-NEXT: }

// Unfolded, it is still declined for another reason: --explain gives that
// reason, and the kernel stays as written.
__kernel void still_declined(__global float *out, __global const int *in)
{
    int i = GID;
    float v = out[i];
    float *pv = &v;
    if (in[i] > 0)
        WORK(*pv, 400);
    out[i] = v;
}
// CHECK-LABEL: __kernel void still_declined(
// CHECK-NEXT: {
// CHECK-NEXT: int i = GID;
// CHECK-NEXT: float v = out[i];

// A macro the file lets the build override (#ifndef) is never unfolded:
// the output would keep the value tdrc saw.
#ifndef MY_GID
#define MY_GID get_global_id(0)
#endif
__kernel void overridable(__global float *out, __global const int *in)
{
    int i = MY_GID;
    float v = out[i];
    if (in[i] > 0)
        WORK(v, 400);
    out[i] = v;
}
// CHECK-LABEL: __kernel void overridable(
// CHECK-NEXT: {
// CHECK-NEXT: int i = MY_GID;

#ifdef USE_CMD
__kernel void cmdline(__global float *out, __global const int *in)
{
    int i = CMD_ID;
    float v = out[i];
    if (in[i] > 0)
        WORK(v, 400);
    out[i] = v;
}
#endif

// A call of a helper that reads an ID, in a macro's arguments: the call
// becomes the clone's where the argument is written; nothing is unfolded.
int lane_of(int k) { return (int)get_local_id(0) % 4 + k; }
__kernel void helper_in_macro(__global float *out, __global const int *in)
{
    int i = get_global_id(0);
    float v = AT(out, i) + (float)AT(in, lane_of(1));
    if (in[i] > 0)
        WORK(v, 400);
    out[i] = v;
}
// CHECK-LABEL: __kernel void helper_in_macro(
// CHECK: float v = AT(out, i) + (float)AT(in, lane_of__tdr_helper_in_macro(1, tdr_lid0));

// EXPLAIN: macro-unfold.cl:27:15: kernel 'id_macro': 1 branch(es) remapped in 1 round(s), {{.*}}; macro GID (line 29) unfolded into its expansion to rewrite it
// EXPLAIN-NEXT: macro-unfold.cl:31:5: remapped: divergent
// EXPLAIN-NEXT: macro-unfold.cl:41:15: kernel 'stmt_macro': 1 branch(es) remapped {{.*}}; macro STEP (line 45) unfolded into its expansion to rewrite it
// Code from a macro is at the invocation's line; later lines keep theirs.
// EXPLAIN-NEXT: macro-unfold.cl:45:5: remapped: divergent (condition depends on '(in)[i]' (45:9)
// EXPLAIN: macro-unfold.cl:59:15: kernel 'multi_stmt': 1 branch(es) remapped {{.*}}; macro LOAD_OR_EXIT (line 64) unfolded into its expansion to rewrite it
// EXPLAIN-NEXT: macro-unfold.cl:64:5: unchanged: not a remapping target
// EXPLAIN-NEXT: macro-unfold.cl:68:5: remapped: divergent (condition depends on 'in[i]' (68:9), {{.*}}; early return at 64:5 becomes the active predicate;
// EXPLAIN-NEXT: macro-unfold.cl:83:15: kernel 'do_while': 1 branch(es) remapped {{.*}}; macros LID (line 85), SWAP_IF (line 87) unfolded into their expansions to rewrite it
// EXPLAIN-NEXT: macro-unfold.cl:87:7: remapped: divergent
// EXPLAIN-NEXT: macro-unfold.cl:105:15: kernel 'uniform': 0 branch(es) remapped
// EXPLAIN: kernel 'still_declined': 0 branch(es) remapped
// EXPLAIN-NEXT: unchanged: divergent {{.*}} but the address of 'v' {{.*}} is taken, so it cannot move to another work-item
// EXPLAIN: kernel 'overridable': 0 branch(es) remapped
// EXPLAIN-NEXT: unchanged: divergent {{.*}} but the kernel is left unchanged: 'get_global_id' at {{.*}} is spelled inside a macro
// EXPLAIN: kernel 'helper_in_macro': 1 branch(es) remapped in 1 round(s), {{[0-9]+}} bytes of local memory for work-groups of up to 256 work-items{{$}}

// CMDLINE: kernel 'cmdline': 0 branch(es) remapped
// CMDLINE-NEXT: unchanged: divergent {{.*}} but the kernel is left unchanged: 'get_global_id' at {{.*}} is spelled inside a macro
