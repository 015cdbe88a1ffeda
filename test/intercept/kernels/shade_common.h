// Helpers of shade.cl, found through the build's -I (tdrc must be given it).
#define LUMA(c) (0.2126f * (c).x + 0.7152f * (c).y + 0.0722f * (c).z)

inline float2 rotate_step(float2 p)
{
    return (float2)(p.x * 0.99980001f - p.y * 0.019998667f,
                    p.x * 0.019998667f + p.y * 0.99980001f);
}
