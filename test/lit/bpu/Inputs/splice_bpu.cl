// EXEC: kernel=splice_bpu global=64 local=32
// EXEC: arg a buf int size=N fill=mix:-9:9
// EXEC: arg o buf int size=N fill=zero
__kernel void splice_bpu(__global const int *a, __global int *o)
{
    int i = get_global_id(0);
    int va\
l = a[i];
    if (val > 0) o[i] = val * 3;
    else o[i] = -val;
}
