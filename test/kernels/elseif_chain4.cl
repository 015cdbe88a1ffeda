// elseif_chain4.cl
//
// Tests: an if / else if / else if / else chain (4 paths) in a 2-D NDRange,
// with both global and local IDs used after it.
//
// Expected tdrc action: REMAP the chain as one DGI round over 4 paths; the
// later conditions become `tdr_path == k`.
//
// EXEC: kernel=elseif_chain4 global=64x32 local=8x4,16x8,16x16
// EXEC: arg in buf float size=N fill=mix:-100:100
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg w val int value=G0

__kernel void elseif_chain4(__global const float *in, __global float *out, int w)
{
    int x = get_global_id(0), y = get_global_id(1);
    float v = in[y * w + x];
    float r;
    if (v > 50.0f) {
        r = v;
        for (int i = 0; i < 10; ++i) r = r * 0.9f + 1.0f;
    } else if (v > 0.0f) {
        r = v * v;
    } else if (v > -50.0f) {
        r = -v + (float)get_local_id(1);
    } else {
        r = 0.5f * v;
        for (int i = 0; i < 5; ++i) r = r * 1.1f - 0.25f;
    }
    out[y * w + x] = r + (float)get_local_id(0);
}
