// GDT: a genetic-programmed decision tree over long time series (the paper's
// "frontier" workload, written from its description for tdrc's suite).
//
// A work-item owns one series of `len` samples, stored as one row each: the
// work-items of a warp read `len` floats apart (non-coalesced, big data).  A
// first pass computes features of the series; an evolved decision tree over
// them (nested ifs, four leaves) picks a strategy; the strategy then runs over
// the whole series again.  The features stay live across the tree.  The tree
// tests use + - * and comparisons only, so the host finds the same leaf.
#pragma OPENCL FP_CONTRACT OFF

__kernel void gdt(__global const float *series, __global float *score,
                  const int n, const int len)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    __global const float *s = series + (long)gid * len;

    float sum = 0.0f, vol = 0.0f, lo = s[0], hi = s[0], prev = s[0];
    for (int t = 0; t < len; ++t) {
        float v = s[t];
        sum += v;
        vol += fabs(v - prev);
        lo = fmin(lo, v);
        hi = fmax(hi, v);
        prev = v;
    }
    float trend = 0.0f;
    for (int t = 0; t < len / 4; ++t)
        trend += s[len - 1 - t] - s[t];

    float acc = 0.0f;
    if (trend * 0.5f - vol * 0.125f > sum * 0.0625f) {
        if (hi - lo > vol * 0.5f) {
            // Momentum: follow an exponential moving average.
            float ema = s[0], pos = 0.0f, last = s[0];
            for (int t = 1; t < len; ++t) {
                float v = s[t];
                acc += pos * (v - last);
                ema = ema * 0.875f + v * 0.125f;
                pos = v > ema ? 1.0f : -0.5f;
                last = v;
            }
        } else {
            // Volatility-scaled mean reversion.
            float m = s[0], var = 1.0f, last = s[0];
            for (int t = 1; t < len; ++t) {
                float v = s[t];
                float z = (v - m) / sqrt(var + 0.01f);
                acc -= z * (v - last);
                m = m * 0.9375f + v * 0.0625f;
                var = var * 0.9375f + (v - m) * (v - m) * 0.0625f;
                last = v;
            }
        }
    } else {
        if (vol > (hi - lo) * 2.0f) {
            // Breakout: a channel of the running extremes.
            float top = s[0], bot = s[0], pos = 0.0f, last = s[0];
            for (int t = 1; t < len; ++t) {
                float v = s[t];
                acc += pos * (v - last);
                pos = v >= top ? 1.0f : (v <= bot ? -1.0f : pos * 0.75f);
                top = fmax(top * 0.999f, v);
                bot = fmin(bot * 1.001f, v);
                last = v;
            }
        } else {
            // Exponential utility of the returns.
            float last = s[0];
            for (int t = 1; t < len; ++t) {
                float v = s[t];
                float r = (v - last) / (fabs(last) + 1.0f);
                acc += 1.0f - exp(-2.0f * r) + log(1.0f + r * r);
                last = v;
            }
        }
    }
    score[gid] = acc + (hi - lo) * 0.001f;
}
