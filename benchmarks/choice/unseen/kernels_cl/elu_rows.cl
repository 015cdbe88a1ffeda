// Bias + ELU over the channels of a feature map, then the channel mean
// (OpenCL twin of kernels/elu_rows.cu).  Harness arguments: keys, x, outf,
// outu, len, n.
// EXEC: kernel=bias_elu_mean global=65536 local=64,256
// EXEC: arg unused buf int size=N fill=rand:0:2147483647
// EXEC: arg fmap buf float size=N fill=rand:0:0
// EXEC: arg pooled buf float size=N fill=zero
// EXEC: arg unused2 buf uint size=N fill=zero
// EXEC: arg channels val int value=16
// EXEC: arg npix val int value=N
#define ELU_ALPHA 1.6732632f
#define CHANNEL_STRIDE 65537

inline float channel_bias(int c)
{
    return 0.01f * (float)((c * 7) & 15) - 0.08f;
}

__kernel void bias_elu_mean(__global const int *unused, __global const float *fmap,
                            __global float *pooled, __global uint *unused2, int channels, int npix)
{
    const int pix = get_global_id(0);
    if (pix >= npix)
        return;
    const int mask = npix - 1;
    float acc = 0.0f;
    for (int c = 0; c < channels; ++c) {
        const float v = fmap[(pix + c * CHANNEL_STRIDE) & mask] - 0.5f + channel_bias(c);
        if (v > 0.0f)
            acc += v;
        else
            acc += ELU_ALPHA * (native_exp(v) - 1.0f);
    }
    pooled[pix] = acc / (float)channels;
}
