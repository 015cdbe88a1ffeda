// benchmarks/choice: what every kernel file gets from the harness.
#pragma once
struct BenchData {
  const int *keys;   // random non-negative ints: each kernel picks its path from them
  const float *x;    // random floats in [0, 1)
  float *outf;
  unsigned *outu;
  int n;
};
// Defined by each kernel file, after its kernel: one launch, as an
// application writes it (tdrc --keep-original rewrites it to the launcher).
void bench_launch(const BenchData &d, int len, cudaStream_t s);
extern const int bench_paths; // how many paths the kernel's branch has
int bench_path(int key);       // the path a key takes (the ideal sorts by it)
