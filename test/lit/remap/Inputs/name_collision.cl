// EXEC: kernel=blend global=64 local=32
// EXEC: arg a buf int size=N fill=mix:-9:9
// EXEC: arg o buf int size=N fill=zero
__kernel void blend(__global const int *a, __global int *o)
{
    int i = get_global_id(0), v = a[i];
    if (v > 0) o[i] = v * 3;
    else o[i] = -v;
}
// EXEC: kernel=blend_tdr_original global=64 local=32
// EXEC: arg a buf int size=N fill=mix:-9:9
// EXEC: arg o buf int size=N fill=zero
__kernel void blend_tdr_original(__global const int *a, __global int *o)
{
    o[get_global_id(0)] = a[get_global_id(0)] * 2;
}
