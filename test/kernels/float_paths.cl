// float_paths.cl
//
// Tests: a float-heavy data branch with different math per side. The
// then-path (x > 0) uses sqrt and exp on positive/bounded arguments and fma;
// the else-path uses log1p on a non-negative argument, sin/cos and fma. No
// operation can produce NaN/Inf for inputs in [-50, 50].
//
// Expected tdrc action: REMAP the `if (x > 0.0f)` branch; x, s and the ID
// migrate. Results are computed with identical operations in both versions,
// so they should match bit-exactly (harness may use a tolerance).
//
// EXEC: kernel=float_paths global=1024 local=32,64,128,256
// EXEC: arg in buf float size=N fill=mix:-50:50
// EXEC: arg out buf float size=N fill=zero

__kernel void float_paths(__global const float *in, __global float *out)
{
    int gid = (int)get_global_id(0);
    float x = in[gid];
    float s = x * 0.02f;                   /* in [-1, 1] */
    float r;
    if (x > 0.0f) {
        r = sqrt(x);
        for (int i = 0; i < 12; ++i) {
            r = fma(r, 0.5f, exp(-s * (float)i * 0.25f));
            r = sqrt(r + 1.0f);
        }
    } else {
        float y = -x;                      /* >= 0 */
        r = log1p(y);
        for (int i = 0; i < 16; ++i) {
            r = fma(sin(r), 0.75f, cos(s + (float)i * 0.1f));
        }
    }
    out[gid] = r + s;
}
