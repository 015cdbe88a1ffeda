// Loops whose header differs between work-items without reading memory:
// a branch inside them must not be remapped.
__kernel void id_start(__global const int *in, __global int *out)
{
    int g = get_global_id(0);
    int acc = 0;
    for (int j = (int)get_local_id(0) & 3; j < 4; ++j) {
        int v = in[(g + j) % 64];
        if (v > 0) {
            for (int k = 0; k < 32; ++k) acc = (acc * 3 + v + k) % 977;
        } else {
            for (int k = 0; k < 32; ++k) acc = acc - (k ^ v);
        }
    }
    out[g] = acc;
}

__kernel void id_step(__global const int *in, __global int *out)
{
    int g = get_global_id(0);
    int acc = 0;
    for (int j = 0; j < 8; j += (int)(get_local_id(0) & 1) + 1) {
        int v = in[(g + j) % 64];
        if (v > 0) {
            for (int k = 0; k < 32; ++k) acc = (acc * 3 + v + k) % 977;
        } else {
            for (int k = 0; k < 32; ++k) acc = acc - (k ^ v);
        }
    }
    out[g] = acc;
}

int lane(void) { return (int)get_local_id(0) % 3; }

__kernel void helper_bound(__global const int *in, __global int *out)
{
    int g = get_global_id(0);
    int acc = 0;
    for (int j = 0; j < lane(); ++j) {
        int v = in[(g + j) % 64];
        if (v > 0) {
            for (int k = 0; k < 32; ++k) acc = (acc * 3 + v + k) % 977;
        } else {
            for (int k = 0; k < 32; ++k) acc = acc - (k ^ v);
        }
    }
    out[g] = acc;
}

// Uniform: the same header for every work-item (stays remappable).
__kernel void uniform_header(__global const int *in, __global int *out, int n)
{
    int g = get_global_id(0);
    int acc = 0;
    for (int j = (int)get_local_size(0) & 3; j < n; j += (int)get_num_groups(0)) {
        int v = in[(g + j) % 64];
        if (v > 0) {
            for (int k = 0; k < 32; ++k) acc = (acc * 3 + v + k) % 977;
        } else {
            for (int k = 0; k < 32; ++k) acc = acc - (k ^ v);
        }
    }
    out[g] = acc;
}
