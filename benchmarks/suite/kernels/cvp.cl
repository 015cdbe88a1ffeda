// CVP: prediction with a shared decision forest (the paper's "frontier"
// workload, written from its description for tdrc's benchmark suite).
//
// A work-item holds one record of NF features (stored feature-major, so the
// reads are coalesced).  A small forest (NT trees of depth DEPTH, read by all
// work-items) votes for one of four model classes; the record's prediction is
// then computed by its class's model.  That 4-way switch is the branch tdrc
// remaps: each path is a different iterative model of `iters` steps over the
// features, which stay live across the branch.
#pragma OPENCL FP_CONTRACT OFF

#define NF 8
#define NT 16
#define DEPTH 6
#define NODES 63  // internal nodes a tree: 2^DEPTH - 1
#define LEAVES 64
#define CENTERS 64 // rows of NF coefficients a model

__kernel void cvp(__global const float *feat, __global const int *node_feat,
                  __global const float *node_thr, __global const int *leaf_cls,
                  __global const float *model, __global float *out, const int n,
                  const int iters)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    float x[NF];
    for (int f = 0; f < NF; ++f)
        x[f] = feat[f * n + gid];

    // Each tree adds one vote to its leaf's class (one byte a class).
    int votes = 0;
    for (int t = 0; t < NT; ++t) {
        int node = 0;
        for (int d = 0; d < DEPTH; ++d) {
            int k = t * NODES + node;
            node = 2 * node + (x[node_feat[k]] > node_thr[k] ? 2 : 1);
        }
        votes += 1 << (8 * leaf_cls[t * LEAVES + node - NODES]);
    }
    int best = votes & 255;
    int cls = 0;
    for (int c = 1; c < 4; ++c) {
        int v = (votes >> (8 * c)) & 255;
        cls = v > best ? c : cls;
        best = max(best, v);
    }

    __global const float *m = model + cls * CENTERS * NF;
    float y = 0.0f;
    switch (cls) {
    case 0: { // radial basis functions around the model's centres
        for (int i = 0; i < iters; ++i) {
            __global const float *c = m + (i % CENTERS) * NF;
            float d2 = 0.0f;
            for (int f = 0; f < NF; ++f) {
                float d = x[f] - c[f];
                d2 += d * d;
            }
            y += exp(-d2);
        }
        break;
    }
    case 1: { // one hidden layer of ReLU units
        for (int i = 0; i < iters; ++i) {
            __global const float *w = m + (i % CENTERS) * NF;
            float a = w[0] - 0.5f;
            for (int f = 1; f < NF; ++f)
                a += w[f] * x[f];
            y += fmax(a, 0.0f) * x[i % NF];
        }
        break;
    }
    case 2: { // rational functions of polynomials in the features
        for (int i = 0; i < iters; ++i) {
            __global const float *p = m + (i % CENTERS) * NF;
            float h = 0.0f;
            for (int f = 0; f < NF; ++f)
                h = h * x[f] + p[f];
            y += h / (1.0f + h * h);
        }
        break;
    }
    default: { // square roots of L1 distances
        for (int i = 0; i < iters; ++i) {
            __global const float *c = m + (i % CENTERS) * NF;
            float q = 0.0f;
            for (int f = 0; f < NF; ++f)
                q += fabs(x[f] - c[f]);
            y += sqrt(q + 0.125f);
        }
        break;
    }
    }
    out[gid] = y;
}
