// HISTO: a saturating histogram of calibrated detector samples (a kernel of
// the kind the paper took from third-party suites; written for tdrc's suite).
//
// Every sample has a raw value and the channel that read it; the two
// channels are calibrated differently before binning: channel 0 inverts a
// nonlinear response E + a E^2 + b log(1 + E) = v by Newton's method,
// channel 1 looks its value up in a monotone table (binary search, then
// linear interpolation).  Bins count up to 255 and stay there.
#pragma OPENCL FP_CONTRACT OFF

#define LUT_LOG 10
#define LUT_N (1 << LUT_LOG)

__kernel void histo(__global const float *val, __global const uchar *chan,
                    __global const float *lut, __global uint *hist,
                    const int n, const int nbins, const int newton)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    float v = val[gid];
    float e;
    if (chan[gid]) {
        int lo = 0, hi = LUT_N - 1;
        for (int i = 0; i < LUT_LOG; ++i) {
            int mid = (lo + hi) >> 1;
            int up = lut[mid] <= v;
            lo = up ? mid : lo;
            hi = up ? hi : mid;
        }
        float span = lut[hi] - lut[lo];
        e = ((float)lo + (v - lut[lo]) / (span > 0.0f ? span : 1.0f)) * (1.0f / (float)LUT_N);
    } else {
        e = v;
        for (int i = 0; i < newton; ++i) {
            float f = e + 0.35f * e * e + 0.2f * log(1.0f + e) - v;
            float d = 1.0f + 0.7f * e + 0.2f / (1.0f + e);
            e = fmax(e - f / d, 0.0f);
        }
        e = e * 1.6f;
    }
    int bin = min(max((int)(e * (float)nbins), 0), nbins - 1);
    uint old = atomic_inc(&hist[bin]);
    // Saturation is one instruction on a few work-items: not worth a remap.
#pragma tdr skip
    if (old >= 255u)
        atomic_min(&hist[bin], 255u);
}
