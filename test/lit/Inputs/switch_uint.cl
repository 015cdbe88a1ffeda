// One switch on an unsigned value: tdr_key is an unsigned int.
__kernel void switch_uint(__global const uint *in, __global float *out)
{
    int gid = get_global_id(0);
    uint u = in[gid];
    float f = (float)(u & 255u);
    switch (u % 3u) {
    case 0u:
        f = f * 0.5f + 1.0f;
        break;
    case 1u:
        f = f * 0.75f - 2.0f;
        break;
    default:
        f = -f;
        break;
    }
    out[gid] = f;
}
