// MG: the smoother of a multigrid V-cycle on an irregular domain, with its
// boundary handling (a kernel of the kind the paper took from third-party
// suites; written for tdrc's suite).  One damped-Jacobi step for -lap u = f
// on an nx x ny grid, writing the new u and the residual.
//
// type: 0 interior (9-point stencil), 1 Neumann boundary next to a hole
// (neighbours in the hole mirrored across the cell, 5-point stencil),
// 2 Dirichlet boundary (the outer ring and small electrodes: the analytic
// boundary value), 3 hole (outside the domain).  Many small holes make the
// boundary cells frequent and scattered.  The outer ring is Dirichlet, so the
// stencils never leave the grid.
//
// Built with -DTDR_WORKLIST (the suite's ideal variant), work-item i updates
// cell list[i] instead of i.
#pragma OPENCL FP_CONTRACT OFF

__kernel void mg(__global const float *u, __global const float *rhs,
                 __global const uchar *type, __global float *unew,
                 __global float *res, __global const int *list, const int nx,
                 const int ny, const float h2, const float omega)
{
    int e = get_global_id(0);
#ifdef TDR_WORKLIST
    e = list[e];
#endif
    int t = type[e];
    float un = 0.0f, r = 0.0f;
    switch (t) {
    case 0: {
        float c = u[e];
        float s4 = u[e - 1] + u[e + 1] + u[e - nx] + u[e + nx];
        float s8 = u[e - nx - 1] + u[e - nx + 1] + u[e + nx - 1] + u[e + nx + 1];
        float lap = (4.0f * s4 + s8 - 20.0f * c) / (6.0f * h2);
        r = rhs[e] + lap;
        un = c + omega * r * (0.3f * h2);
        break;
    }
    case 1: {
        float c = u[e];
        int tw = type[e - 1], te = type[e + 1], ts = type[e - nx], tn = type[e + nx];
        float uw = u[e - 1], ue = u[e + 1], us = u[e - nx], uq = u[e + nx];
        // A neighbour in the hole takes the value across the cell (zero
        // normal derivative); with both sides in holes, the cell's own.
        float w2 = tw == 3 ? (te == 3 ? c : ue) : uw;
        float e2 = te == 3 ? (tw == 3 ? c : uw) : ue;
        float s2 = ts == 3 ? (tn == 3 ? c : uq) : us;
        float n2 = tn == 3 ? (ts == 3 ? c : us) : uq;
        float lap = (w2 + e2 + s2 + n2 - 4.0f * c) / h2;
        r = rhs[e] + lap;
        un = c + omega * r * (0.25f * h2);
        break;
    }
    case 2: {
        int y = e / nx, x = e - y * nx;
        float fx = (float)x / (float)nx, fy = (float)y / (float)ny;
        un = sin(6.2831853f * fx) * exp(-2.0f * fy) + 0.25f * cos(12.566371f * fy) * fx * fx;
        break;
    }
    default:
        break;
    }
    unew[e] = un;
    res[e] = r;
}
