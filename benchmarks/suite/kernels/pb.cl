// PB: max-pooling backward, fused with the activation's backward (a kernel of
// the kind the paper took from third-party suites; written for tdrc's suite).
//
// One work-item per element of the pooling layer's input (channels x h x w;
// 3x3 windows, stride 2).  The forward pass saved, per window, the position
// of its maximum, and per element whether it is the maximum of any window.
// Only such elements get a gradient: the sum of the output gradients of the
// windows it won, times the derivative of a GELU activation at its input
// value.  The others get zero.
//
// Built with -DTDR_WORKLIST (the suite's ideal variant), work-item i handles
// element list[i] instead of i, so the host can hand a work-group its
// elements in another order without changing the results.
#pragma OPENCL FP_CONTRACT OFF

__kernel void pb(__global const float *xin, __global const uchar *is_max,
                 __global const int *argmax, __global const float *dout,
                 __global float *din, __global const int *list, const int h,
                 const int w)
{
    int e = get_global_id(0);
#ifdef TDR_WORKLIST
    e = list[e];
#endif
    int ho = (h - 3) / 2 + 1, wo = (w - 3) / 2 + 1;
    int c = e / (h * w);
    int p = e - c * h * w;
    int y = p / w, x = p - y * w;

    float g = 0.0f;
    if (is_max[e]) {
        // The windows (oy, ox) with 2 oy <= y <= 2 oy + 2 (likewise x).
        int oy0 = max((y - 1) / 2, 0), oy1 = min(y / 2, ho - 1);
        int ox0 = max((x - 1) / 2, 0), ox1 = min(x / 2, wo - 1);
        __global const int *am = argmax + c * ho * wo;
        __global const float *dg = dout + c * ho * wo;
        for (int oy = oy0; oy <= oy1; ++oy)
            for (int ox = ox0; ox <= ox1; ++ox)
                g += am[oy * wo + ox] == p ? dg[oy * wo + ox] : 0.0f;
        // GELU (tanh form) derivative at the forward input.
        float v = xin[e];
        float u = 0.7978846f * (v + 0.044715f * v * v * v);
        float t = tanh(u);
        float du = 0.7978846f * (1.0f + 0.134145f * v * v);
        g *= 0.5f * (1.0f + t) + 0.5f * v * (1.0f - t * t) * du;
    }
    din[e] = g;
}
