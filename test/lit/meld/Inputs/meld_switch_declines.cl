// Switches the meld transform leaves alone (lit: ../switch.test).
__kernel void sw_fallthrough(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int v = in[i];
    switch (v & 3) {
    case 0:
        v = v * 3;
    case 1:
        v = v * 5;
        break;
    default:
        v = v * 7;
    }
    out[i] = v;
}

__kernel void sw_midbreak(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int v = in[i];
    switch (v & 3) {
    case 0:
        if (v > 40)
            break;
        v = v * 3;
        break;
    default:
        v = v * 7;
    }
    out[i] = v;
}

__kernel void sw_names(__global const int *in, __global float *out) {
    int i = get_global_id(0);
    int v = in[i];
    switch (v & 3) {
    case 0: {
        int t = v * 3;
        out[i] = t;
        break;
    }
    default: {
        float t = v * 0.5f;
        out[i] = t;
    }
    }
}

__kernel void sw_barrier(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int v = in[i];
    switch (v & 1) {
    case 0:
        out[i] = v * 3;
        barrier(CLK_GLOBAL_MEM_FENCE);
        break;
    default:
        out[i] = v * 5;
        barrier(CLK_GLOBAL_MEM_FENCE);
    }
}

__kernel void sw_duff(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int v = in[i];
    switch (v & 1) {
    case 0:
        if (v > 10) {
    case 1:
            v = v * 5;
        }
        break;
    default:
        v = v * 7;
    }
    out[i] = v;
}

__kernel void sw_one(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int v = in[i];
    switch (v & 3) {
    case 0:
        v = v * 3;
        break;
    default:
        break;
    }
    out[i] = v;
}

__kernel void sw_uniform(__global const int *in, __global int *out, int mode) {
    int i = get_global_id(0);
    switch (mode) {
    case 0:
        out[i] = in[i] * 3;
        break;
    default:
        out[i] = in[i] * 5;
    }
}

__kernel void sw_range(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int v = in[i];
    switch (v & 7) {
    case 0 ... 3:
        v = v * 3;
        break;
    default:
        v = v * 5;
    }
    out[i] = v;
}

__kernel void sw_dissimilar(__global const int *in, __global int *out) {
    int i = get_global_id(0);
    int v = in[i];
    switch (v & 3) {
    case 0:
        out[i] = v;
        break;
    default:
        for (int k = 0; k < v; ++k)
            out[i + k] = k;
    }
}
