// pool_newton_settle.cl
//
// Tests: a Newton iteration for the square root with a data-dependent
// number of steps (until the step is small), a private array and a
// constant declared before the loop, a nested block before it, a return in
// the statements after the loop (settlement), and an integer atomic whose
// result is not used (a histogram of step counts: the order of the adds
// does not matter), behind a bounds guard.
//
// Expected tdrc action: the dwa transform gives the loop a work pool; the
// array and the constant move to the top of the kernel.
//
// EXEC: kernel=pool_newton_settle global=777 local=16,128
// EXEC: arg in buf float size=N fill=rand:0:100000
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg steps buf int size=64 fill=zero
// EXEC: arg n val int value=777

__kernel void pool_newton_settle(__global const float *in, __global float *out,
                                 __global int *steps, int n)
{
    const int limit = 60;
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    float hist[2];
    {
        float a = in[gid];
        hist[0] = a;
        hist[1] = a > 1.0f ? a * 0.5f : 1.0f;
    }
    int k = 0;
    while (k < limit && fabs(hist[1] * hist[1] - hist[0]) > 1e-3f * hist[0]) {
        hist[1] = 0.5f * (hist[1] + hist[0] / hist[1]);
        k++;
    }
    atomic_add(&steps[k], 1);
    if (gid % 5 == 4) /* every fifth: counted, not written */
        return;
    out[gid] = hist[1] + (float)k;
}
