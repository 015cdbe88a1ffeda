// BP: parallel-beam back-projection for CT reconstruction (a kernel of the
// kind the paper took from third-party suites; written for tdrc's suite).
//
// One work-item per pixel of a side x side image; the sinogram has nang
// angles of ndet detectors.  Pixels in the region of interest (roi[] != 0,
// scattered: thresholded noise of a previous reconstruction) get the full
// back-projection with linear interpolation over every angle; the others a
// coarse one (every 8th angle, nearest detector).
//
// Built with -DTDR_WORKLIST (the suite's ideal variant), work-item i handles
// pixel list[i] instead of i.
#pragma OPENCL FP_CONTRACT OFF

__kernel void bp(__global const float *sino, __global const float *cs,
                 __global const float *sn, __global const uchar *roi,
                 __global float *img, __global const int *list, const int side,
                 const int nang, const int ndet)
{
    int e = get_global_id(0);
#ifdef TDR_WORKLIST
    e = list[e];
#endif
    int py = e / side, px = e - py * side;
    float fx = (float)px - 0.5f * (float)side + 0.5f;
    float fy = (float)py - 0.5f * (float)side + 0.5f;
    float mid = 0.5f * (float)ndet;
    float acc = 0.0f;
    if (roi[e]) {
        for (int a = 0; a < nang; ++a) {
            float t = fx * cs[a] + fy * sn[a] + mid;
            int i = min(max((int)floor(t), 0), ndet - 2);
            float w = t - (float)i;
            __global const float *row = sino + a * ndet;
            acc += (1.0f - w) * row[i] + w * row[i + 1];
        }
        acc *= 3.1415927f / (float)nang;
    } else {
        for (int a = 0; a < nang; a += 8) {
            float t = fx * cs[a] + fy * sn[a] + mid;
            int i = min(max((int)(t + 0.5f), 0), ndet - 1);
            acc += sino[a * ndet + i];
        }
        acc *= 8.0f * 3.1415927f / (float)nang;
    }
    img[e] = acc;
}
