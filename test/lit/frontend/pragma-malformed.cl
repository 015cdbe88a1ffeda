#pragma tdr
#pragma tdr foo
#pragma tdr TARGET
#pragma tdr target skip
#pragma tdr algorithm
#pragma tdr algorithm dgi
#pragma tdr algorithm(
#pragma tdr algorithm(fast)
#pragma tdr algorithm(hot
#pragma tdr algorithm((dgi))
#pragma tdr algorithm(dgi))
#pragma tdr neighbors(17)
#pragma tdr neighbors(0x20)
#pragma tdr neighbors 32
#pragma tdr skip extra
#pragma tdr skip;
#pragma tdr skip()
#pragma tdr off target
#pragma tdr target target
#pragma tdr algorithm(hot) neighbors(32)
#pragma tdr skip algorithm(dgi)
#pragma unknown_to_clang
#warning the user's own warnings stay quiet (tdrc parses with -w)
__kernel void k(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
#pragma tdr skip extra
    if (x > 0)
        out[gid] = x * 2;
    else
        out[gid] = -x;
}
// Malformed `#pragma tdr` lines: one warning each at the offending token,
// the line is ignored, tdrc still writes its output and exits 0 -- with
// -Werror too.  Clang's own warnings (unknown pragma, #warning) stay silent.
// RUN: tdrc %s -o %t.cl 2>%t.err
// RUN: FileCheck %s --match-full-lines --implicit-check-not=warning: --input-file %t.err
// RUN: FileCheck %s --check-prefix=OUT --input-file %t.cl
// RUN: tdrc %s -o %t.cl -- -Werror 2>%t.err
// RUN: FileCheck %s --match-full-lines --implicit-check-not=warning: --input-file %t.err
// OUT: __local int tdr_head, tdr_tail;
// CHECK: {{.*}}pragma-malformed.cl:1:9: warning: empty '#pragma tdr' (expected target, skip, off, meld, split, algorithm(hot|dgi), neighbors(16|32|64) or transforms(...)); line ignored
// CHECK: {{.*}}pragma-malformed.cl:2:13: warning: '#pragma tdr': unknown directive 'foo' (expected target, skip, off, meld, split, algorithm(hot|dgi), neighbors(16|32|64) or transforms(...)); line ignored
// CHECK: {{.*}}pragma-malformed.cl:3:13: warning: '#pragma tdr': unknown directive 'TARGET' (expected target, skip, off, meld, split, algorithm(hot|dgi), neighbors(16|32|64) or transforms(...)); line ignored
// CHECK: {{.*}}pragma-malformed.cl:4:20: warning: '#pragma tdr': 'skip' cannot be combined with 'target'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:5:22: warning: '#pragma tdr': expected '(' after 'algorithm', found end of line; line ignored
// CHECK: {{.*}}pragma-malformed.cl:6:23: warning: '#pragma tdr': expected '(' after 'algorithm', found 'dgi'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:7:23: warning: '#pragma tdr': expected 'hot', 'dgi', 'warp_hot' or 'ballot' in 'algorithm(...)', found end of line; line ignored
// CHECK: {{.*}}pragma-malformed.cl:8:23: warning: '#pragma tdr': expected 'hot', 'dgi', 'warp_hot' or 'ballot' in 'algorithm(...)', found 'fast'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:9:26: warning: '#pragma tdr': expected ')' after 'algorithm(hot', found end of line; line ignored
// CHECK: {{.*}}pragma-malformed.cl:10:23: warning: '#pragma tdr': expected 'hot', 'dgi', 'warp_hot' or 'ballot' in 'algorithm(...)', found '('; line ignored
// CHECK: {{.*}}pragma-malformed.cl:11:27: warning: '#pragma tdr': unexpected ')'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:12:23: warning: '#pragma tdr': expected 16, 32 or 64 in 'neighbors(...)', found '17'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:13:23: warning: '#pragma tdr': expected 16, 32 or 64 in 'neighbors(...)', found '0x20'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:14:23: warning: '#pragma tdr': expected '(' after 'neighbors', found '32'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:15:18: warning: '#pragma tdr': unknown directive 'extra' (expected target, skip, off, meld, split, algorithm(hot|dgi), neighbors(16|32|64) or transforms(...)); line ignored
// CHECK: {{.*}}pragma-malformed.cl:16:17: warning: '#pragma tdr': unexpected ';'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:17:17: warning: '#pragma tdr': unexpected '('; line ignored
// CHECK: {{.*}}pragma-malformed.cl:18:17: warning: '#pragma tdr': 'target' cannot be combined with 'off'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:19:20: warning: '#pragma tdr': 'target' given twice; line ignored
// CHECK: {{.*}}pragma-malformed.cl:20:28: warning: '#pragma tdr': 'neighbors(32)' cannot be combined with 'algorithm(hot)'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:21:18: warning: '#pragma tdr': 'algorithm(dgi)' cannot be combined with 'skip'; line ignored
// CHECK: {{.*}}pragma-malformed.cl:28:18: warning: '#pragma tdr': unknown directive 'extra' (expected target, skip, off, meld, split, algorithm(hot|dgi), neighbors(16|32|64) or transforms(...)); line ignored
// CHECK: 22 warnings generated.
