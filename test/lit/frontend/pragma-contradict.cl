__kernel void k(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
#pragma tdr target
#pragma tdr skip
    if (x > 0)
        out[gid] = 1;
#pragma tdr target algorithm(dgi)
    // a comment between lines of one branch is fine
#pragma tdr algorithm(hot)
    if (x > 1)
        out[gid] += 2;
#pragma tdr neighbors(16)
#pragma tdr algorithm(dgi) neighbors(64)
    if (x > 2)
        out[gid] += 3;
#pragma tdr neighbors(32)
#pragma tdr algorithm(hot)
    if (x > 3)
        out[gid] += 4;
#pragma tdr algorithm(dgi)
#pragma tdr skip
    if (x > 4)
        out[gid] += 5;
#pragma tdr target algorithm(hot)
    switch (x & 3) {
    case 0: out[gid] += 6; break;
    case 1: out[gid] += 7; break;
    default: break;
    }
#pragma tdr algorithm(hot)
    if (x > 5) out[gid] += 8; else if (x > 6) out[gid] += 9; else out[gid] = 0;
#pragma tdr target
#pragma tdr target neighbors(32)
    if (x > 7)
        out[gid] += 10;
}
// Lines that contradict each other on one branch: target and skip, two
// algorithms, two neighbouring factors, algorithm(hot) with neighbors(N),
// skip with algorithm(...).  The later line's clause is reported, pointing at
// the earlier one, and every `#pragma tdr` line of that branch is dropped.
// algorithm(hot) on a branch of more than two paths is dropped alone (the
// switch keeps `target`).  Repeating a clause on another line is no conflict.
// RUN: tdrc %s -o %t.cl 2>%t.err
// RUN: FileCheck %s --match-full-lines --implicit-check-not=warning: --input-file %t.err
// CHECK: {{.*}}pragma-contradict.cl:6:13: warning: '#pragma tdr skip' contradicts '#pragma tdr target' at 5:13; every '#pragma tdr' of this branch is ignored
// CHECK: {{.*}}pragma-contradict.cl:11:13: warning: '#pragma tdr algorithm(hot)' contradicts '#pragma tdr algorithm(dgi)' at 9:20; every '#pragma tdr' of this branch is ignored
// CHECK: {{.*}}pragma-contradict.cl:15:28: warning: '#pragma tdr neighbors(64)' contradicts '#pragma tdr neighbors(16)' at 14:13; every '#pragma tdr' of this branch is ignored
// CHECK: {{.*}}pragma-contradict.cl:19:13: warning: '#pragma tdr algorithm(hot)' contradicts '#pragma tdr neighbors(32)' at 18:13; every '#pragma tdr' of this branch is ignored
// CHECK: {{.*}}pragma-contradict.cl:23:13: warning: '#pragma tdr skip' contradicts '#pragma tdr algorithm(dgi)' at 22:13; every '#pragma tdr' of this branch is ignored
// CHECK: {{.*}}pragma-contradict.cl:26:20: warning: Head-or-Tail handles two paths only and this branch has 3; 'algorithm(hot)' ignored
// CHECK: {{.*}}pragma-contradict.cl:32:13: warning: Head-or-Tail handles two paths only and this branch has 3; 'algorithm(hot)' ignored
// CHECK: 7 warnings generated.
