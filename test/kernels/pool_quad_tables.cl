// pool_quad_tables.cl
//
// Tests: composite Gauss-Legendre quadrature, each element integrating its
// own function over a number of panels read from memory (0 to 48): the
// panel loop's trip count varies by work-item.  The 3-point rule's nodes
// and weights are private tables initialised with constants (`const float
// GL_X[GL_N] = {...}`, a plain `float` one, sized by a macro), read inside
// the inner counted loop and once after the panel loop, as kernels
// written from textbooks keep them; a bounds guard returns early.
//
// Expected tdrc action: dwa (default): a work pool for the panel loop; the
// tables move to the top of the kernel whole (initialised once per
// work-item: no item writes them).  Before, "the array ... has an
// initialiser" declined the loop.
//
// EXEC: kernel=pool_quad_tables global=1000 local=32,64,128
// EXEC: arg panels buf int size=N fill=mix:-2:48
// EXEC: arg coef buf float size=N fill=rand:-2:2
// EXEC: arg result buf float size=N fill=zero
// EXEC: arg n val int value=N

#define GL_N 3
#define F(c, x) ((c) * (x) * (x) + 0.5f * (x))

__kernel void pool_quad_tables(__global const int *panels,
                               __global const float *coef,
                               __global float *result, int n)
{
    const int e = get_global_id(0);
    if (e >= n)
        return;
    const float GL_X[GL_N] = {-0.7745966692f, 0.0f, 0.7745966692f};
    float gl_w[GL_N] = {0.5555555556f, 0.8888888889f, 0.5555555556f};
    const float c = coef[e];
    const int m = panels[e];
    const float h = 1.0f / (float)(m > 0 ? m : 1);
    float sum = 0.0f;
    for (int p = 0; p < m; ++p) {
        const float mid = ((float)p + 0.5f) * h;
        for (int q = 0; q < GL_N; ++q)
            sum += gl_w[q] * F(c, mid + 0.5f * h * GL_X[q]);
    }
    result[e] = 0.5f * h * sum + gl_w[1] * (float)sizeof(GL_X);
}
