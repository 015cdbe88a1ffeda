// local_budget.cl
//
// Tests: a kernel whose own local memory (31,744 bytes) leaves no room for
// the remap state within the 32 KiB budget.
//
// Expected tdrc action: the round is CANCELLED (unchanged) and --explain
// names the budget; the kernel stays correct.
//
// The remap budget is what this tests: melding is off (melded, the kernel
// and its kept original each declare the 31 KB __local array, more than
// Oclgrind's limit for the program).
// TDRC-FLAGS: --transforms=-meld
// EXEC: kernel=local_budget global=1024 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void local_budget(__global const int *in, __global int *out)
{
    __local int big[7936];
    int lid = get_local_id(0), gid = get_global_id(0);
    for (int i = lid; i < 7936; i += get_local_size(0))
        big[i] = i;
    barrier(CLK_LOCAL_MEM_FENCE);
    int x = in[gid];
    if (x > 0)
        out[gid] = big[(x * 31) % 7936];
    else
        out[gid] = -big[(-x * 17) % 7936];
}
