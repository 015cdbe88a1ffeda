#define DECLARE_ID(f) int f(void); /* tdrc must leave these kernels unchanged, each for a reason --explain names */
DECLARE_ID(my_id) /* reads an ID, defined after the kernels, declared only by a macro: no clone */

__kernel void helper_reads_id(__global const int *in, __global int *out)
{
    int x = in[my_id()];
    if (x > 0) out[my_id()] = 1;
}

// PICK is defined on the command line (-D): tdrc never unfolds it
__kernel void macro_branch(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int x = in[i];
    PICK(x);
    out[i] += x;
}

void bump(int *p) { *p += 1; }

__kernel void address_taken(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int x = in[i];
    int *px = &x; bump(px); /* a pointer kept in a variable */
    if (x > 0) out[i] = x; else out[i] = -x;
}

__kernel void collective(__global const int *in, __global int *out)
{
    __local int tile[64];
    int i = get_global_id(0);
    event_t e = async_work_group_copy(tile, in, 64, 0);
    wait_group_events(1, &e);
    if (tile[get_local_id(0)] > 0) out[i] = 1;
}

__kernel void divergent_return_inside(__global const int *in, __global int *out)
{
    int i = get_global_id(0);
    int x = in[i];
    for (int k = 0; k < 4; ++k) {
        if (in[i + k] < -50) return;
    }
    if (x > 0) out[i] = x; else out[i] = -x;
}

int my_id(void) { return get_global_id(0); }
