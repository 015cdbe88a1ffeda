// loopsplit_window_stats_2d.cl
//
// Tests: a local-statistics image filter over a 2-D range (37 x 23 pixels,
// partial work-groups), the kind of pass a denoiser or an adaptive
// threshold runs first.  For each pixel a loop walks its row window and
// keeps six kinds of state: the sum, the sum of squares, the minimum, the
// maximum, a count of bright samples and a four-bin histogram in a private
// array.  The sample is loaded once per step through a macro and a helper
// that clamps the column.  A bounds guard returns early.
//
// Expected tdrc action (--transforms=-*,loopsplit): the window loop split
// into two loops (--loop-split-loops, 2 by default; six with 6 or more:
// one per kind of state), the sample's declaration repeated in each; the
// statements after the loop that use only the first loop's results (and
// `n`, which no loop touches) moved up between the loops, so that those
// results are dead while the second loop runs.
//
// EXEC: kernel=loopsplit_window_stats_2d global=37x23 local=8x4,16x2
// EXEC: arg img buf float size=N fill=rand:-2:6
// EXEC: arg mean buf float size=N fill=zero
// EXEC: arg var buf float size=N fill=zero
// EXEC: arg range buf float size=2*N fill=zero
// EXEC: arg stats buf int size=5*N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
// EXEC: arg radius val int value=5

#define AT(x, y) ((y) * w + (x))
#define BRIGHT 3.5f

static int clamp_col(int x, int w) { return min(max(x, 0), w - 1); }

static float sample(__global const float *img, int x, int y, int w) {
  return img[AT(clamp_col(x, w), y)];
}

__kernel void loopsplit_window_stats_2d(__global const float *restrict img,
                                        __global float *restrict mean,
                                        __global float *restrict var,
                                        __global float *restrict range,
                                        __global int *restrict stats, int w,
                                        int h, int radius) {
  int x = get_global_id(0), y = get_global_id(1);
  if (x >= w || y >= h)
    return;
  float sum = 0.0f, sq = 0.0f;
  float lo = INFINITY, hi = -INFINITY;
  int bright = 0;
  int bins[4] = {0, 0, 0, 0};
  for (int d = -radius; d <= radius; ++d) {
    const float v = sample(img, x + d, y, w);
    sum += v;
    sq = fma(v, v, sq);
    lo = fmin(lo, v);
    hi = fmax(hi, v);
    // samples above the threshold
    if (v > BRIGHT)
      bright++;
    bins[clamp((int)v, 0, 3)] += 1;
  }
  int n = 2 * radius + 1;
  mean[AT(x, y)] = sum / n;
  var[AT(x, y)] = sq / n - (sum / n) * (sum / n);
  vstore2((float2)(lo, hi), AT(x, y), range);
  stats[5 * AT(x, y)] = bright;
  for (int b = 0; b < 4; ++b)
    stats[5 * AT(x, y) + 1 + b] = bins[b];
}
