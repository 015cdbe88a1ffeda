// Kernels whose varying loop the dwa transform must leave alone, one
// reason each.
// MY_ID is defined on the command line (-D): tdrc never unfolds it

__constant int counter_total = 5;
#define DECLARE_ID(f) int f(void);
DECLARE_ID(helper_id) /* reads an ID; defined after the kernels, declared only by a macro */

__kernel void with_barrier(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int s = 0;
    for (int k = 0; k < in[i]; ++k)
        s += k;
    barrier(CLK_GLOBAL_MEM_FENCE);
    out[i] = s;
}

__kernel void with_local(__global const int *in, __global int *out, __local int *tile)
{
    int i = get_global_id(0);
    int s = 0;
    for (int k = 0; k < in[i]; ++k)
        s += k;
    tile[get_local_id(0)] = s;
    out[i] = tile[get_local_id(0)];
}

__kernel void used_atomic(__global const int *in, __global int *out, __global int *next)
{
    int i = get_global_id(0);
    int s = 0;
    for (int k = 0; k < in[i]; ++k)
        s += k;
    out[atomic_inc(next)] = s;
}

__kernel void id_in_helper(__global const int *in, __global int *out)
{
    int i = helper_id();
    int s = 0;
    for (int k = 0; k < in[i]; ++k)
        s += k;
    out[i] = s;
}

__kernel void id_in_macro(__global const int *in, __global int *out)
{
    int i = MY_ID;
    int s = 0;
    for (int k = 0; k < in[i]; ++k)
        s += k;
    out[i] = s;
}

__kernel void two_loops(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int s = 0;
    for (int k = 0; k < in[i]; ++k)
        s += k;
    while (s > 7)
        s -= in[i] + 1;
    out[i] = s;
}

__kernel void return_in_inner_loop(__global const int *in, __global int *out, int n)
{
    int i = get_global_id(0);
    for (int k = 0; k < 4; ++k)
        if (n + k > 100)
            return;
    int s = 0;
    while (s < in[i])
        s += 3;
    out[i] = s;
}

__kernel void break_in_switch(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int s = 0;
    for (int k = 0; k < in[i]; ++k) {
        switch (k & 3) {
        case 0: s += 1; break;
        default:
            if (s > 100)
                return;
        }
    }
    out[i] = s;
}

__kernel void init_array(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int acc[2] = {0, 1};
    for (int k = 0; k < in[i]; ++k)
        acc[k & 1] += k;
    out[i] = acc[0] + acc[1];
}

__kernel void exchange_atomic(__global const int *in, __global float *out)
{
    int i = get_global_id(0);
    int s = 0;
    for (int k = 0; k < in[i]; ++k)
        s += k;
    atomic_xchg(&out[i], (float)s);
}

__kernel void hides_global(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    out[i] = counter_total;
    int counter_total = 0;
    for (int k = 0; k < in[i]; ++k)
        counter_total += k;
    out[i] += counter_total;
}

__kernel void unroll_hint(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int s = 0;
    #pragma unroll 4
    for (int k = 0; k < in[i]; ++k)
        s += k * 3;
    out[i] = s;
}

int helper_id(void) { return (int)get_global_id(0); }

// Initialised arrays move up whole only as read-only tables of constants.
void scale_all(float *p) { p[0] *= 2.0f; }

__kernel void table_written(__global const int *in, __global float *out)
{
    int i = get_global_id(0);
    float w[2] = {0.5f, 1.5f};
    w[1] = (float)in[i];
    float s = 0.0f;
    for (int k = 0; k < in[i]; ++k)
        s += w[k & 1];
    out[i] = s;
}

__kernel void table_escapes(__global const int *in, __global float *out)
{
    int i = get_global_id(0);
    float w[2] = {0.5f, 1.5f};
    float s = 0.0f;
    for (int k = 0; k < in[i]; ++k)
        s += w[k & 1];
    scale_all(w);
    out[i] = s + w[0];
}

__kernel void table_not_constant(__global const int *in, __global float *out, float g)
{
    int i = get_global_id(0);
    const float w[2] = {0.5f, g};
    float s = 0.0f;
    for (int k = 0; k < in[i]; ++k)
        s += w[k & 1];
    out[i] = s;
}

__kernel void table_shares_decl(__global const int *in, __global float *out)
{
    int i = get_global_id(0);
    float w[2] = {0.5f, 1.5f}, s = 0.0f;
    for (int k = 0; k < in[i]; ++k)
        s += w[k & 1];
    out[i] = s;
}
