// tdr_cuda_harness.h -- differential execution of CUDA test kernels.
//
// One generic host harness runs any kernel of test/cuda/kernels: a small
// generated main (test/cuda/device/prepare.sh) includes the original kernel
// file and its rewrites, each in a namespace of its own, and hands their
// kernels to harnessMain.  The launch comes from the `// EXEC:` lines of the
// original file (the same contract as test/exec/tdr_exec.c, in CUDA terms):
//
//   // EXEC: kernel=K global=G0[xG1[xG2]] local=B0[xB1[xB2]],... [smem=EXPR] [seeds=S]
//   // EXEC: arg NAME buf int|uint|float size=EXPR fill=zero|seq|rand:LO:HI|mix:LO:HI
//   // EXEC: arg NAME val int|uint|float value=EXPR
//
// `global` counts threads per dimension; the grid is rounded up to whole
// blocks, so a global size that is no multiple of the block leaves the last
// block partly idle (the kernel guards with an `n` argument).  `smem` is the
// dynamic shared memory of a launch in bytes.  `arg` lines are in parameter
// order; the harness checks them against the kernel's parameter types (a
// buffer is a pointer to a 4-byte int, unsigned or float, a value a 4-byte
// scalar of that kind).  EXPR: integers and N (all threads),
// G0, G1, G2, L (threads per block) joined by + and * (* binds tighter).
// mix buffers run as all-true ([1,HI]), all-false ([LO,0]), alternating and
// random, so kernels that branch on x > 0 see both paths and uniform blocks.
//
//   HARNESS SPEC.cu                    compare every rewrite with the original
//   HARNESS --run-only VARIANT SPEC.cu  one small run of one variant (for
//                                      compute-sanitizer), no comparison
//   options: --seeds S, --quick (1 seed, first and last block size, random mix)
//
// Every buffer comes back with 64 guard elements after its end, compared
// too (not in --run-only mode, so memcheck sees the exact bounds).  Prints
// MISMATCH lines and one `RESULT kernel=K variant=equal|differ ...` line.
// Exit status: 0 all identical, 1 a mismatch, 2 a spec, CUDA or usage error.
#ifndef TDR_CUDA_HARNESS_H
#define TDR_CUDA_HARNESS_H

#include <cuda_runtime.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex> // the launcher tdrc writes into a rewrite uses it (docs/runtime.md)
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

namespace tdr {

enum class Elem { Int, UInt, Float };
enum class Fill { Zero, Seq, Rand, Mix };
enum class Mix { AllTrue, AllFalse, Alternating, Random };
const char *const MixNames[] = {"all-true", "all-false", "alternating", "random"};
constexpr size_t Guard = 64;

struct Shape {
  unsigned v[3] = {1, 1, 1};
  int dims = 0;
  unsigned threads() const { return v[0] * v[1] * v[2]; }
  std::string str() const {
    std::string s = std::to_string(v[0]);
    for (int d = 1; d < dims; ++d)
      s += "x" + std::to_string(v[d]);
    return s;
  }
};

struct Arg {
  std::string name, expr;
  bool buffer = false;
  Elem elem = Elem::Int;
  Fill fill = Fill::Zero;
  long long lo = 0, hi = 0;
  int line = 0;
};

struct Spec {
  std::string file, kernel, smem = "0";
  Shape global;
  std::vector<Shape> blocks;
  int seeds = 3;
  bool hasMix = false;
  std::vector<Arg> args;
};

[[noreturn]] inline void fail(const std::string &where, const std::string &msg) {
  std::fprintf(stderr, "%s: %s\n", where.c_str(), msg.c_str());
  std::exit(2);
}

/// EXPR with the given variables; false on a syntax error.
inline bool evaluate(const std::string &expr,
                     const std::map<std::string, long long> &vars,
                     long long &out) {
  long long sum = 0;
  std::stringstream terms(expr);
  std::string term;
  while (std::getline(terms, term, '+')) {
    long long product = 1;
    std::stringstream factors(term);
    std::string f;
    bool any = false;
    while (std::getline(factors, f, '*')) {
      any = true;
      auto it = vars.find(f);
      if (it != vars.end()) {
        product *= it->second;
        continue;
      }
      char *end = nullptr;
      if (f.empty())
        return false;
      long long v = std::strtoll(f.c_str(), &end, 10);
      if (*end)
        return false;
      product *= v;
    }
    if (!any)
      return false;
    sum += product;
  }
  out = sum;
  return !expr.empty();
}

inline Shape parseShape(const std::string &s, const std::string &where) {
  Shape r;
  std::stringstream in(s);
  std::string part;
  while (std::getline(in, part, 'x')) {
    char *end = nullptr;
    unsigned long v = std::strtoul(part.c_str(), &end, 10);
    if (part.empty() || *end || v == 0 || r.dims == 3)
      fail(where, "bad size '" + s + "' (want A, AxB or AxBxC, positive)");
    r.v[r.dims++] = unsigned(v);
  }
  return r;
}

inline Elem parseElem(const std::string &s, const std::string &where) {
  if (s == "int")
    return Elem::Int;
  if (s == "uint")
    return Elem::UInt;
  if (s == "float")
    return Elem::Float;
  fail(where, "bad element type '" + s + "' (want int, uint or float)");
}

inline void parseRange(Arg &a, const std::string &s, const std::string &where) {
  size_t colon = s.find(':');
  char *e1 = nullptr, *e2 = nullptr;
  std::string lo = s.substr(0, colon), hi = colon == std::string::npos ? "" : s.substr(colon + 1);
  a.lo = std::strtoll(lo.c_str(), &e1, 10);
  a.hi = std::strtoll(hi.c_str(), &e2, 10);
  if (lo.empty() || hi.empty() || *e1 || *e2 || a.lo > a.hi)
    fail(where, "bad range '" + s + "' (want LO:HI with LO <= HI)");
  if (a.fill == Fill::Mix && !(a.lo <= 0 && a.hi > 0))
    fail(where, "mix range '" + s + "' needs LO <= 0 < HI");
}

/// The `// EXEC:` lines of path.
inline Spec parseSpec(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    fail(path, "cannot read the spec file");
  Spec sp;
  sp.file = path;
  std::string text;
  const std::map<std::string, long long> probe = {
      {"N", 1}, {"G0", 1}, {"G1", 1}, {"G2", 1}, {"L", 1}};
  for (int line = 1; std::getline(in, text); ++line) {
    size_t at = text.find("// EXEC:");
    if (at == std::string::npos || text.find_first_not_of(" \t") != at)
      continue;
    std::string where = path + ":" + std::to_string(line);
    std::stringstream words(text.substr(at + 8));
    std::vector<std::string> w;
    for (std::string s; words >> s;)
      w.push_back(s);
    if (w.empty())
      fail(where, "empty EXEC line");
    auto value = [&](const std::string &word, const char *key) -> const char * {
      size_t n = std::strlen(key);
      return word.compare(0, n, key) == 0 && word.size() > n && word[n] == '='
                 ? word.c_str() + n + 1
                 : nullptr;
    };
    if (w[0] != "arg") {
      if (!sp.kernel.empty())
        fail(where, "a second kernel= line (one kernel per file)");
      for (const std::string &word : w) {
        long long dummy;
        if (const char *v = value(word, "kernel"))
          sp.kernel = v;
        else if (const char *v = value(word, "global"))
          sp.global = parseShape(v, where);
        else if (const char *v = value(word, "local")) {
          std::stringstream list(v);
          for (std::string b; std::getline(list, b, ',');)
            sp.blocks.push_back(parseShape(b, where));
        } else if (const char *v = value(word, "smem")) {
          sp.smem = v;
          if (!evaluate(sp.smem, probe, dummy))
            fail(where, "bad smem expression '" + sp.smem + "'");
        } else if (const char *v = value(word, "seeds")) {
          sp.seeds = std::atoi(v);
          if (sp.seeds < 1 || sp.seeds > 1000)
            fail(where, "bad seeds (want 1..1000)");
        } else {
          fail(where, "unknown key '" + word + "' (want kernel=, global=, local=, smem=, seeds=)");
        }
      }
      if (sp.kernel.empty() || !sp.global.dims || sp.blocks.empty())
        fail(where, "want kernel=, global= and local=");
      for (const Shape &b : sp.blocks)
        if (b.dims != sp.global.dims)
          fail(where, "block " + b.str() + " and global " + sp.global.str() +
                          " differ in dimensions");
      continue;
    }
    if (sp.kernel.empty())
      fail(where, "'arg' line before the kernel= line");
    if (w.size() < 5 || (w[2] != "buf" && w[2] != "val"))
      fail(where, "want: arg NAME buf|val TYPE key=value...");
    Arg a;
    a.name = w[1];
    a.line = line;
    a.buffer = w[2] == "buf";
    a.elem = parseElem(w[3], where);
    bool haveFill = !a.buffer;
    for (size_t i = 4; i < w.size(); ++i) {
      if (const char *v = value(w[i], a.buffer ? "size" : "value")) {
        a.expr = v;
        long long dummy;
        if (!evaluate(a.expr, probe, dummy))
          fail(where, "bad expression '" + a.expr + "'");
      } else if (const char *v = a.buffer ? value(w[i], "fill") : nullptr) {
        std::string f = v;
        haveFill = true;
        if (f == "zero")
          a.fill = Fill::Zero;
        else if (f == "seq")
          a.fill = Fill::Seq;
        else if (f.compare(0, 5, "rand:") == 0)
          a.fill = Fill::Rand, parseRange(a, f.substr(5), where);
        else if (f.compare(0, 4, "mix:") == 0)
          a.fill = Fill::Mix, parseRange(a, f.substr(4), where), sp.hasMix = true;
        else
          fail(where, "bad fill '" + f + "'");
      } else {
        fail(where, "unknown key '" + w[i] + "'");
      }
    }
    if (a.expr.empty() || !haveFill)
      fail(where, a.buffer ? "a buffer wants size= and fill=" : "a value wants value=");
    sp.args.push_back(a);
  }
  if (sp.kernel.empty())
    fail(path, "no '// EXEC: kernel=... global=... local=...' line");
  return sp;
}

/// xorshift64*: deterministic inputs for a (seed, argument) pair.
struct Random {
  uint64_t s;
  Random(int seed, int arg)
      : s(0x9d2c5680a5a5f00dULL ^ (uint64_t(seed + 1) << 40) ^
          (uint64_t(arg + 1) * 0x100000001b3ULL)) {}
  uint64_t next() {
    s ^= s >> 12;
    s ^= s << 25;
    s ^= s >> 27;
    return s * 0x2545F4914F6CDD1DULL;
  }
  long long in(long long lo, long long hi) {
    return lo + (long long)(next() % uint64_t(hi - lo + 1));
  }
};

/// n elements of argument a; integers j, and for floats j plus k/8 on j's
/// side of zero, so x > 0 is decided by j and every sum stays exact.
inline std::vector<uint32_t> makeInput(const Arg &a, size_t n, int argi, int seed, Mix mix) {
  std::vector<uint32_t> out(n);
  Random r(seed, argi);
  for (size_t i = 0; i < n; ++i) {
    long long j = 0;
    if (a.fill == Fill::Seq)
      j = (long long)i;
    else if (a.fill == Fill::Rand || (a.fill == Fill::Mix && mix == Mix::Random))
      j = r.in(a.lo, a.hi);
    else if (a.fill == Fill::Mix)
      j = (mix == Mix::AllTrue || (mix == Mix::Alternating && i % 2 == 0)) ? r.in(1, a.hi)
                                                                         : r.in(a.lo, 0);
    if (a.elem != Elem::Float) {
      out[i] = uint32_t(j);
      continue;
    }
    float frac = a.fill == Fill::Seq || a.fill == Fill::Zero ? 0.0f : float(r.in(0, 7)) / 8.0f;
    float f = a.fill == Fill::Mix ? (j > 0 ? float(j) - frac : j == 0 ? 0.0f : float(j) + frac)
                                  : float(j) + frac;
    std::memcpy(&out[i], &f, 4);
  }
  return out;
}

/// The parameter P of the kernel matches spec argument a.
template <typename P> bool matches(const Arg &a) {
  using T = std::remove_cv_t<std::remove_pointer_t<P>>;
  bool Kind = a.buffer ? std::is_pointer<P>::value : std::is_arithmetic<P>::value;
  bool Float = std::is_floating_point<T>::value == (a.elem == Elem::Float);
  bool Sign = a.elem == Elem::Float ||
              (std::is_integral<T>::value && std::is_signed<T>::value == (a.elem == Elem::Int));
  return Kind && sizeof(T) == 4 && Float && Sign;
}

inline void check(cudaError_t e, const std::string &what) {
  if (e != cudaSuccess)
    fail(what, cudaGetErrorString(e));
}

/// One launch configuration, shared by all variants.
struct Config {
  Shape block, grid;
  std::map<std::string, long long> vars;
  size_t smem = 0;
  int seed = 0;
  Mix mix = Mix::Random;
  std::vector<size_t> elems;                // per argument (buffers)
  std::vector<std::vector<uint32_t>> input; // per argument (buffers)
  std::vector<uint32_t> value;              // per argument (values)
};

template <typename... P> class Runner {
public:
  using Kernel = void (*)(P...);
  struct Variant {
    const char *name;
    Kernel fn;
  };

  Runner(const Spec &sp) : sp(sp) {
    if (sizeof...(P) != sp.args.size())
      fail(sp.file, "kernel '" + sp.kernel + "' has " + std::to_string(sizeof...(P)) +
                        " parameters but " + std::to_string(sp.args.size()) + " 'arg' lines");
    checkTypes(std::index_sequence_for<P...>());
  }

  Config config(const Shape &block, int seed, Mix mix, size_t guard) const {
    Config c;
    c.block = block;
    c.seed = seed;
    c.mix = mix;
    c.grid.dims = sp.global.dims;
    for (int d = 0; d < 3; ++d)
      c.grid.v[d] = (sp.global.v[d] + block.v[d] - 1) / block.v[d];
    c.vars = {{"G0", sp.global.v[0]}, {"G1", sp.global.v[1]}, {"G2", sp.global.v[2]},
              {"N", (long long)sp.global.threads()}, {"L", (long long)block.threads()}};
    long long v = 0;
    evaluate(sp.smem, c.vars, v);
    c.smem = size_t(v);
    for (size_t i = 0; i < sp.args.size(); ++i) {
      const Arg &a = sp.args[i];
      evaluate(a.expr, c.vars, v);
      c.elems.push_back(a.buffer ? size_t(v) : 0);
      c.value.push_back(0);
      c.input.emplace_back();
      if (!a.buffer) {
        float f = float(v);
        if (a.elem == Elem::Float)
          std::memcpy(&c.value[i], &f, 4);
        else
          c.value[i] = uint32_t(v);
        continue;
      }
      if (v < 1 || v > (1LL << 28))
        fail(sp.file + ":" + std::to_string(a.line), "buffer size out of range");
      c.input[i] = makeInput(a, size_t(v), int(i), seed, mix);
      c.input[i].resize(size_t(v) + guard, 0xA5A5A5A5u);
    }
    return c;
  }

  /// Runs fn on c's inputs; returns every buffer (guard zone included).
  std::vector<std::vector<uint32_t>> run(Kernel fn, const Config &c) const {
    std::vector<void *> dev(sp.args.size(), nullptr);
    std::vector<void *> argv(sp.args.size());
    std::vector<uint32_t> values = c.value;
    for (size_t i = 0; i < sp.args.size(); ++i) {
      if (sp.args[i].buffer) {
        size_t bytes = 4 * c.input[i].size();
        check(cudaMalloc(&dev[i], bytes), "cudaMalloc");
        check(cudaMemcpy(dev[i], c.input[i].data(), bytes, cudaMemcpyHostToDevice), "upload");
        argv[i] = &dev[i];
      } else {
        argv[i] = &values[i];
      }
    }
    dim3 grid(c.grid.v[0], c.grid.v[1], c.grid.v[2]);
    dim3 block(c.block.v[0], c.block.v[1], c.block.v[2]);
    check(cudaLaunchKernel((const void *)fn, grid, block, argv.data(), c.smem, 0),
          sp.kernel + ": launch with block " + c.block.str());
    check(cudaDeviceSynchronize(), sp.kernel + ": kernel with block " + c.block.str());
    std::vector<std::vector<uint32_t>> out(sp.args.size());
    for (size_t i = 0; i < sp.args.size(); ++i)
      if (dev[i]) {
        out[i].resize(c.input[i].size());
        check(cudaMemcpy(out[i].data(), dev[i], 4 * out[i].size(), cudaMemcpyDeviceToHost),
              "download");
        cudaFree(dev[i]);
      }
    return out;
  }

  /// Prints the first difference of each differing buffer; true if equal.
  bool same(const Config &c, const char *variant,
            const std::vector<std::vector<uint32_t>> &a,
            const std::vector<std::vector<uint32_t>> &b) const {
    bool equal = true;
    for (size_t i = 0; i < a.size(); ++i) {
      if (a[i] == b[i])
        continue;
      size_t first = a[i].size(), count = 0;
      for (size_t e = 0; e < a[i].size(); ++e)
        if (a[i][e] != b[i][e])
          first = std::min(first, e), ++count;
      std::printf("MISMATCH kernel=%s variant=%s block=%s seed=%d mix=%s buffer=%s "
                  "index=%zu original=%s rewritten=%s (%zu of %zu elements differ%s)\n",
                  sp.kernel.c_str(), variant, c.block.str().c_str(), c.seed,
                  MixNames[int(c.mix)], sp.args[i].name.c_str(), first,
                  show(i, a[i][first]).c_str(), show(i, b[i][first]).c_str(), count,
                  c.elems[i], first >= c.elems[i] ? "; the first is past the end" : "");
      equal = false;
    }
    return equal;
  }

private:
  template <size_t... I> void checkTypes(std::index_sequence<I...>) const {
    bool ok[] = {true, checkOne<P>(I)...};
    (void)ok;
  }
  template <typename Q> bool checkOne(size_t i) const {
    const Arg &a = sp.args[i];
    if (!matches<Q>(a))
      fail(sp.file + ":" + std::to_string(a.line),
           "arg '" + a.name + "' does not match parameter " + std::to_string(i) +
               " of kernel '" + sp.kernel + "' (a buffer is a pointer to a 4-byte " +
               "int/unsigned/float, a value a 4-byte scalar of that kind)");
    return true;
  }
  std::string show(size_t i, uint32_t bits) const {
    char buf[64];
    if (sp.args[i].elem == Elem::Float) {
      float f;
      std::memcpy(&f, &bits, 4);
      std::snprintf(buf, sizeof buf, "%.9g(0x%08x)", double(f), unsigned(bits));
    } else if (sp.args[i].elem == Elem::Int) {
      std::snprintf(buf, sizeof buf, "%d", int(int32_t(bits)));
    } else {
      std::snprintf(buf, sizeof buf, "%u", unsigned(bits));
    }
    return buf;
  }

  const Spec &sp;
};

/// The generated main calls this with the original kernel and its rewrites.
template <typename... P>
int harnessMain(int argc, char **argv, void (*original)(P...),
                std::vector<typename Runner<P...>::Variant> variants) {
  int seeds = 0;
  bool quick = false;
  std::string runOnly, file;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--quick")
      quick = true;
    else if (a == "--seeds" && i + 1 < argc)
      seeds = std::atoi(argv[++i]);
    else if (a == "--run-only" && i + 1 < argc)
      runOnly = argv[++i];
    else if (a[0] != '-' && file.empty())
      file = a;
    else
      fail("harness", "usage: HARNESS [--seeds S] [--quick] [--run-only VARIANT] SPEC.cu");
  }
  if (file.empty())
    fail("harness", "usage: HARNESS [--seeds S] [--quick] [--run-only VARIANT] SPEC.cu");
  Spec sp = parseSpec(file);
  Runner<P...> runner(sp);
  variants.insert(variants.begin(), {"original", original});

  if (!runOnly.empty()) { // one small launch for the sanitizers
    for (auto &v : variants)
      if (runOnly == v.name) {
        Config c = runner.config(sp.blocks.front(), 0, Mix::Random, 0);
        runner.run(v.fn, c);
        std::printf("tdr_cuda_harness: %s: variant %s ran (block %s)\n", sp.kernel.c_str(),
                    v.name, c.block.str().c_str());
        return 0;
      }
    fail("harness", "no variant '" + runOnly + "'");
  }

  int nseeds = quick ? 1 : seeds ? seeds : sp.seeds;
  std::vector<Mix> mixes = {Mix::Random};
  if (sp.hasMix && !quick)
    mixes = {Mix::AllTrue, Mix::AllFalse, Mix::Alternating, Mix::Random};
  std::vector<int> differ(variants.size(), 0);
  int configs = 0;
  for (int seed = 0; seed < nseeds; ++seed)
    for (size_t b = 0; b < sp.blocks.size(); ++b) {
      if (quick && b != 0 && b + 1 != sp.blocks.size())
        continue;
      for (Mix m : mixes) {
        Config c = runner.config(sp.blocks[b], seed, m, Guard);
        auto want = runner.run(variants[0].fn, c);
        for (size_t v = 1; v < variants.size(); ++v)
          if (!differ[v] && !runner.same(c, variants[v].name, want, runner.run(variants[v].fn, c)))
            differ[v] = 1; // later configurations of this variant are skipped
        ++configs;
      }
    }
  std::string line = "RESULT kernel=" + sp.kernel;
  int bad = 0;
  for (size_t v = 1; v < variants.size(); ++v) {
    line += std::string(" ") + variants[v].name + "=" + (differ[v] ? "differ" : "equal");
    bad += differ[v];
  }
  std::printf("%s configurations=%d\n", line.c_str(), configs);
  return bad ? 1 : 0;
}

} // namespace tdr

#endif
