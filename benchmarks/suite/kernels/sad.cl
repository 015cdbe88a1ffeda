// SAD: sums of absolute differences for block motion estimation (a kernel of
// the kind the paper took from third-party suites; written for tdrc's suite).
//
// One work-item per (16x16 macroblock, candidate offset in [-range, range]^2).
// Candidates whose block lies inside the reference frame read it directly;
// those that overhang an edge read clamped coordinates (edge replication).
// That branch depends on the work-item's ID only, not on the frames: the
// divergence sits at fixed positions of the NDRange, and tdrc does not remap
// it (no data to regroup by).  This is the suite's no-gain case.
#pragma OPENCL FP_CONTRACT OFF

__kernel void sad(__global const uchar *cur, __global const uchar *ref,
                  __global uint *out, const int width, const int height,
                  const int range, const int total)
{
    int gid = get_global_id(0);
    if (gid >= total)
        return;
    int side = 2 * range + 1;
    int ncand = side * side;
    int mbw = width / 16;
    int mb = gid / ncand, c = gid - mb * ncand;
    int x0 = (mb % mbw) * 16, y0 = (mb / mbw) * 16;
    int rx = x0 + c % side - range, ry = y0 + c / side - range;
    uint s = 0;
    if (rx >= 0 && ry >= 0 && rx + 16 <= width && ry + 16 <= height) {
        for (int y = 0; y < 16; ++y)
            for (int x = 0; x < 16; ++x)
                s += abs((int)cur[(y0 + y) * width + x0 + x] - (int)ref[(ry + y) * width + rx + x]);
    } else {
        for (int y = 0; y < 16; ++y) {
            int yy = min(max(ry + y, 0), height - 1);
            for (int x = 0; x < 16; ++x) {
                int xx = min(max(rx + x, 0), width - 1);
                s += abs((int)cur[(y0 + y) * width + x0 + x] - (int)ref[yy * width + xx]);
            }
        }
    }
    out[gid] = s;
}
