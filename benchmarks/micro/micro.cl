// Micro-benchmark for thread-data remapping (tdrc), modelled on Listing 1 of
// Lin, Wang & Liu, "On-GPU Thread-Data Remapping for Branch Divergence
// Reduction", ACM TACO 2018.
//
// Each work-item reads one value and, depending on it, runs one of two long
// arithmetic paths.  With randomly placed inputs, roughly every warp/wavefront
// diverges and executes both paths one after the other.
//
// The two paths are deliberately different operation sequences (A: multiply/add
// only, a rotation plus a cubic term; B: square root and division) so that a
// compiler cannot if-convert them into a single predicated path.  For inputs
// in [0, 1] both stay finite and small (A: squared radius ~0.3..1.3; B grows
// to ~50 after 4096 iterations) and keep distinct inputs (mostly) distinct,
// so a result written to the wrong out[] element shows up in a bit-exact
// comparison of the outputs.
//
// OpenCL C 1.2.  No bounds guard: the global size is a multiple of the
// work-group size and equals the number of elements.

__kernel void micro(__global const float *in, __global float *out,
                    const int pathlen)
{
    int gid = get_global_id(0);
    float v = in[gid];
    float r = v;

    if (v > 0.5f) {
        // Path A (multiply/add only): rotate (r, y) by ~0.02 rad, then shear
        // y by a cubic in x.  Both steps preserve area, so the state neither
        // blows up nor collapses; the final r is the squared radius.
        float y = 0.25f;
        for (int i = 0; i < pathlen; ++i) {
            float x = r * 0.99980001f - y * 0.019998667f;
            y = r * 0.019998667f + y * 0.99980001f;
            y = y + 0.01f * (x * x * x);
            r = x;
        }
        r = r * r + y * y;
    } else {
        // Path B (square root and division of positive values, r >= 0):
        // a slowly increasing, strictly monotonic recurrence.
        for (int i = 0; i < pathlen; ++i) {
            r = r + 0.0625f * sqrt(r + 0.5f) / (r + 2.0f);
        }
    }

    out[gid] = r;
}
