// Switches the meld transform melds N ways (lit: ../switch.test).
#define SCALE 3
int mixh(int a, int b) { return (a * 7 + b) % 4099; }

__kernel void sw_groups(__global const int *in, __global int *out, int n) {
    int i = get_global_id(0);
    if (i >= n)
        return;
    int v = in[i];
    int acc = 0;
    switch (v & 7) {
    case 0:
    case 4:
        acc = mixh(v, 3) * 5;
        out[i] = acc + 1;
        break;
    case 1: {
        int t = v >> 2;
        acc = mixh(t, 9) * 5;
        out[i] = acc + 2;
        break;
    }
    case 2:
        break;
    case 3:
        ;
    case SCALE + 2:
        acc = mixh(v, 1) * 7;
        out[i] = acc + 1;
        out[i + n] = acc;
        break;
    default:
        acc = mixh(v, 5) * 5;
        out[i] = acc;
    }
}

__kernel void sw_loops(__global const int *in, __global int *out, int n) {
    int i = get_global_id(0);
    if (i >= n)
        return;
    int h = in[i];
    switch (h % 3) {
    case 0:
        for (int k = 0; k < 8; ++k) {
            h = (h * 5 + k) % 1021;
            if (h > 500)
                h -= 17;
        }
        break;
    case 1:
        for (int k = 0; k < 12; ++k) {
            h = (h * 7 + k) % 1021;
            if (h > 600)
                h -= 19;
        }
        break;
    case 2:
        for (int k = 0; k < 4; ++k) {
            h = (h * 3 + 1) % 1021;
        }
        break;
    }
    out[i] = h;
}

__kernel void sw_gid(__global int *out) {
    switch (get_global_id(0)) {
    case 0:
        out[get_global_id(0)] = (int)get_global_id(0) + 4;
        break;
    case 1:
        out[get_global_id(0)] = (int)get_global_id(0) + 14;
        break;
    default:
        out[get_global_id(0)] = (int)get_global_id(0) + 7;
    }
}
