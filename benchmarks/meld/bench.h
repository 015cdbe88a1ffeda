// benchmarks/meld: what every CUDA kernel file gets from the harness
// (meld_main.cu).  Buffers are n words each (tmp: 4 n); before every timed
// repetition buf is a copy of in and tmp and out are zero, so that every
// repetition computes the same thing.  The harness compares buf, tmp and
// out of each variant bit for bit with the original's.
#pragma once
struct BenchData {
  const unsigned *in; // n random words (seeded), never written
  const float *inf;   // n random floats in [0, 1), never written
  unsigned *buf;      // n words, a copy of in at the start of a repetition
  unsigned *tmp;      // 4 n words of scratch, zero at the start
  unsigned *out;      // n words, zero at the start
  int n;              // a power of two: 1 << 22 on the GPU, 1 << 14 small
};
// Defined by each kernel file: its cases (nullptr-terminated; "" when there
// is one), and one repetition of a case as an application launches it (one
// or many launches; tdrc --keep-original rewrites them to its launchers).
extern const char *const bench_cases[];
void bench_launch(const BenchData &d, int c, cudaStream_t s);
