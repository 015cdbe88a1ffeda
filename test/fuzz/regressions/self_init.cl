// Found by tdrc_fuzz: a variable whose initialiser reads the variable itself
// (`float4 v = v * 0.5f + ...`, after the remapped branch) is live at the
// remap point before its declaration; tdrc migrated it there, where it is not
// in scope ("use of undeclared identifier"), and restored it into the outer
// `float v`.  Its lifetime has not begun at the remap point: nothing to move.
__kernel void self_init(__global const int *in, __global float *out)
{
    int gid = get_global_id(0);
    float v = in[gid];
    if (in[gid] > 0) {
        v = v * 2.0f;
    } else {
        v = v - 1.0f;
    }
    {
        float4 v = v * 0.5f + (float)in[gid];
        out[gid] = v.x;
    }
    out[gid] += v;
}
