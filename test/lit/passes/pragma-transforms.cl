// `#pragma tdr transforms(...)`: `-remap` keeps remap off the branch, `remap`
// reserves it for remap; unknown names and contradictions are warned about.
// RUN: tdrc --force %s -o %t.cl --explain 2>%t.err | FileCheck %s --check-prefix=EXPLAIN --match-full-lines
// RUN: FileCheck %s --check-prefix=WARN --input-file %t.err
// EXPLAIN: {{.*}}pragma-transforms.cl:19:3: unchanged: left to other transforms by '#pragma tdr transforms' at 18:1 (condition depends on 'in[i]' (17:11), read at a thread-dependent address)
// EXPLAIN: {{.*}}pragma-transforms.cl:25:3: remapped: divergent {{.*}}round 1{{.*}}
// EXPLAIN: {{.*}}pragma-transforms.cl:31:3: remapped: divergent {{.*}}round 2{{.*}}
// EXPLAIN: {{.*}}pragma-transforms.cl:38:3: remapped: divergent {{.*}}round 3{{.*}}
// WARN: {{.*}}pragma-transforms.cl:30:24: warning: '#pragma tdr': expected a transform (remap, dwa, meld, bpu, split, loopsplit) in 'transforms(...)', found 'fuse'; line ignored
// WARN: {{.*}}pragma-transforms.cl:37:13: warning: '#pragma tdr target' contradicts '#pragma tdr transforms(-remap)' at 36:13; every '#pragma tdr' of this branch is ignored

#define WORK(v, n) for (int k = 0; k < (n); ++k) v = v * 3 + k

__kernel void per_branch(__global const int *restrict in,
                         __global int *restrict out) {
  int i = get_global_id(0);
  int a = in[i], b = a;
#pragma tdr transforms(-remap)
  if (a > 0) {
    WORK(b, 40);
  } else {
    WORK(b, 30);
  }
#pragma tdr transforms(remap)
  if (b > 3) {
    WORK(a, 40);
  } else {
    WORK(a, 20);
  }
#pragma tdr transforms(fuse)
  if (a > b) {
    WORK(b, 40);
  } else {
    WORK(b, 10);
  }
#pragma tdr transforms(-remap)
#pragma tdr target
  if (a > 7) {
    WORK(a, 40);
  }
  out[i] = a + b;
}
