// Kernels whose divergent branch the bpu transform must leave alone, one
// reason each.
// MY_ID is defined on the command line (-D): tdrc never unfolds it
#define DECLARE_ID(f) int f(void);
DECLARE_ID(helper_id) // defined after the kernels, declared only by a macro: no clone

__kernel void prefix_stores(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    out[i] = 0;
    if (in[i] > 0)
        out[i] = in[i] * 3;
    else
        out[i] = in[i] - 1;
}

__kernel void prefix_atomic(__global const int *in, __global int *out, __global int *hist)
{
    int i = get_global_id(0);
    atomic_add(&hist[in[i] & 7], 1);
    if (in[i] > 0)
        out[i] = in[i] * 3;
    else
        out[i] = in[i] - 1;
}

__kernel void return_in_loop(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int s = in[i];
    if (s > 0) {
        for (int k = 0; k < 4; ++k)
            if (s == k)
                return;
        out[i] = s;
    } else {
        out[i] = -s;
    }
}

__kernel void with_local(__global const int *in, __global int *out, __local int *tile)
{
    int i = get_global_id(0);
    if (in[i] > 0)
        tile[get_local_id(0)] = in[i];
    else
        tile[get_local_id(0)] = -in[i];
    out[i] = tile[get_local_id(0)];
}

__kernel void id_in_helper(__global const int *in, __global int *out)
{
    int i = helper_id();
    if (in[i] > 0)
        out[i] = 1;
    else
        out[i] = 2;
}

__kernel void id_in_macro(__global const int *in, __global int *out)
{
    int i = MY_ID;
    if (in[i] > 0)
        out[i] = 1;
    else
        out[i] = 2;
}

__kernel void local_ids_only(__global const int *in, __global int *out)
{
    int l = get_local_id(0);
    if (in[l] > 0)
        out[l] = 1;
    else
        out[l] = 2;
}

__kernel void condition_writes(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int c = 0;
    if (in[i] > c++)
        out[i] = c;
    else
        out[i] = -c;
}

/* Not divergent on data: the branch depends on IDs only, nothing to say. */
__kernel void id_branch(__global int *out)
{
    int i = get_global_id(0);
    if (i % 2)
        out[i] = 1;
    else
        out[i] = 2;
}

/* A conditional directive in the statements it would copy. */
__kernel void directive_in_prefix(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
#if 1
    if (in[i] > 0)
        out[i] = 1;
    else
#endif
        out[i] = 2;
}

int helper_id(void) { return (int)get_global_id(0); }

// A label is copied with the statements around the branch (once per path
// pass): it would be defined twice in one function.
__kernel void label_after(__global const int *a, __global int *out)
{
    int i = get_global_id(0), v = a[i], r = 1;
    if (v > 0) {
        for (int k = 0; k < v; ++k)
            r = r * 3 % 101;
    } else {
        r = -v;
    }
done:
    out[i] = r;
}
