// Variables that a moved declaration cannot carry: a sampler (no
// assignment), a struct with a const member.
kernel void sampler_after_return(read_only image2d_t in, global float *out, const int n)
{
    const int x = get_global_id(0);
    if (x >= n)
        return;
    const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    float4 p = read_imagef(in, smp, (int2)(x, 0));
    if (p.w > 0.5f) {
        for (int i = 0; i < 8; i++)
            p += read_imagef(in, smp, (int2)(x + i, 1));
    } else {
        p = p.zyxw;
    }
    out[x] = p.x + p.y;
}

kernel void sampler_pool(read_only image2d_t in, global float *out, global const int *len)
{
    const int x = get_global_id(0);
    const sampler_t smp = CLK_NORMALIZED_COORDS_FALSE | CLK_ADDRESS_CLAMP | CLK_FILTER_NEAREST;
    float4 p = (float4)(0.0f);
    int n = len[x];
    for (int i = 0; i < n; i++)
        p += read_imagef(in, smp, (int2)(x + i, 1));
    out[x] = p.x + p.y;
}

typedef struct { const int key; int v; } keyed_t;

kernel void const_member_pool(global const int *a, global int *out)
{
    int i = get_global_id(0);
    keyed_t c = {a[i], 3};
    int s = 0;
    for (int k = 0; k < c.key; ++k)
        s += k * c.v;
    out[i] = s;
}
