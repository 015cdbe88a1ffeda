// LBM: one lattice-Boltzmann stream-collide step with obstacle and
// acceleration flags (a kernel of the kind the paper took from third-party
// suites; written for tdrc's suite).  D2Q9, periodic, pull scheme; the
// populations are stored direction-major: f[q * ncell + cell].
//
// Directions: 0 rest, 1 +x, 2 +y, 3 -x, 4 -y, 5 +x+y, 6 -x+y, 7 -x-y, 8 +x-y.
// flag: 0 fluid, 1 obstacle (bounce-back), 2 fluid under a body force.
// Obstacles form a random porous medium, so warps mix both paths.
//
// Built with -DTDR_WORKLIST (the suite's ideal variant), work-item i updates
// cell list[i] instead of i.
#pragma OPENCL FP_CONTRACT OFF

__kernel void lbm(__global const float *src, __global float *dst,
                  __global const uchar *flag, __global const int *list,
                  const int nx, const int ny, const float omega,
                  const float accel)
{
    int e = get_global_id(0);
#ifdef TDR_WORKLIST
    e = list[e];
#endif
    int nc = nx * ny;
    int fl = flag[e];
    if (fl == 1) {
        // Bounce-back: every population leaves in the opposite direction.
        dst[e] = src[e];
        dst[1 * nc + e] = src[3 * nc + e];
        dst[2 * nc + e] = src[4 * nc + e];
        dst[3 * nc + e] = src[1 * nc + e];
        dst[4 * nc + e] = src[2 * nc + e];
        dst[5 * nc + e] = src[7 * nc + e];
        dst[6 * nc + e] = src[8 * nc + e];
        dst[7 * nc + e] = src[5 * nc + e];
        dst[8 * nc + e] = src[6 * nc + e];
    } else {
        int y = e / nx, x = e - y * nx;
        int xm = x == 0 ? nx - 1 : x - 1, xp = x == nx - 1 ? 0 : x + 1;
        int ym = y == 0 ? ny - 1 : y - 1, yp = y == ny - 1 ? 0 : y + 1;
        // Pull: population q arrives from the neighbour at -c_q.
        float f0 = src[e];
        float f1 = src[1 * nc + y * nx + xm];
        float f2 = src[2 * nc + ym * nx + x];
        float f3 = src[3 * nc + y * nx + xp];
        float f4 = src[4 * nc + yp * nx + x];
        float f5 = src[5 * nc + ym * nx + xm];
        float f6 = src[6 * nc + ym * nx + xp];
        float f7 = src[7 * nc + yp * nx + xp];
        float f8 = src[8 * nc + yp * nx + xm];
        float rho = f0 + f1 + f2 + f3 + f4 + f5 + f6 + f7 + f8;
        float ux = (f1 - f3 + f5 - f6 - f7 + f8) / rho;
        float uy = (f2 - f4 + f5 + f6 - f7 - f8) / rho;
        ux += fl == 2 ? accel : 0.0f;
        float uu = 1.5f * (ux * ux + uy * uy);
        float w0 = rho * (4.0f / 9.0f), w1 = rho * (1.0f / 9.0f), w5 = rho * (1.0f / 36.0f);
        float ea = 3.0f * ux, eb = 3.0f * uy;
        float ec = 3.0f * (ux + uy), ed = 3.0f * (uy - ux);
        dst[e] = f0 + omega * (w0 * (1.0f - uu) - f0);
        dst[1 * nc + e] = f1 + omega * (w1 * (1.0f + ea + 0.5f * ea * ea - uu) - f1);
        dst[2 * nc + e] = f2 + omega * (w1 * (1.0f + eb + 0.5f * eb * eb - uu) - f2);
        dst[3 * nc + e] = f3 + omega * (w1 * (1.0f - ea + 0.5f * ea * ea - uu) - f3);
        dst[4 * nc + e] = f4 + omega * (w1 * (1.0f - eb + 0.5f * eb * eb - uu) - f4);
        dst[5 * nc + e] = f5 + omega * (w5 * (1.0f + ec + 0.5f * ec * ec - uu) - f5);
        dst[6 * nc + e] = f6 + omega * (w5 * (1.0f + ed + 0.5f * ed * ed - uu) - f6);
        dst[7 * nc + e] = f7 + omega * (w5 * (1.0f - ec + 0.5f * ec * ec - uu) - f7);
        dst[8 * nc + e] = f8 + omega * (w5 * (1.0f - ed + 0.5f * ed * ed - uu) - f8);
    }
}
