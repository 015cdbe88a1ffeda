// outparam_paths.cl
//
// Tests: results returned through out-parameters, as C-style helpers do
// (`void polar(float r, float t, float *x, float *y)`): `float px, py;` are
// declared without a value and set on both paths of a data-dependent branch
// only through their addresses, then stored.  An early-return guard; the
// paths have long loops of their own.
//
// Expected tdrc action (--force): the branch is remapped; px and py are not
// migrated: nothing names them before the branch, so they hold no value
// there (their taken address made them live).  Before, their indeterminate
// values were copied through local memory and Oclgrind reported an
// uninitialised store (the results were equal).
//
// EXEC: kernel=outparam_paths global=500 local=32,64,128
// EXEC: arg r buf float size=N fill=mix:-4:4
// EXEC: arg out buf float size=2*N fill=zero
// EXEC: arg n val int value=N+-3

#define TURNS 24

static void polar(float rad, float t, float *x, float *y)
{
    *x = rad * cos(t);
    *y = rad * sin(t);
}

static void spiral(float rad, float *x, float *y)
{
    float a = 0.0f, b = 0.0f;
    for (int k = 0; k < TURNS; ++k) {
        a += rad * 0.25f * (float)k;
        b -= rad * 0.125f;
    }
    *x = a;
    *y = b;
}

__kernel void outparam_paths(__global const float *r, __global float *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    float px, py;
    float v = r[i];
    if (v > 0.0f) {
        float t = 0.0f;
        for (int k = 0; k < TURNS; ++k)
            t = t * 0.5f + v;
        polar(v, t, &px, &py);
    } else {
        spiral(v, &px, &py);
    }
    out[2 * i] = px;
    out[2 * i + 1] = py;
}
