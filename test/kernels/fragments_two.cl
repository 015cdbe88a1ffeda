// fragments_two.cl
//
// Tests: four data-dependent branches in a row. The first (an else-if
// chain, 3 paths) and the second read only values loaded before them; the
// third (a switch, 3 paths) reads r, which the first two write; the fourth
// reads only w, loaded before all of them.
//
// Expected tdrc action: REMAP all four in two rounds (two fragments): round
// 1 evaluates the first two (3 x 2 paths, DGI); the third depends on a
// result of round 1's branches and starts round 2, which the fourth joins
// (its condition moves up past the switch, which does not write v).
//
// EXEC: kernel=fragments_two global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg w buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N*2 fill=zero

__kernel void fragments_two(__global const int *a, __global const int *b,
                            __global const int *w, __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = a[gid], y = b[gid], v = w[gid];
    int r = 0, s = 0;
    if (x > 40) {
        for (int i = 0; i < 8; ++i)
            r = (r * 3 + x) % 1009;
    } else if (x > 0) {
        r = x * 5;
    } else {
        r = -x;
    }
    if (y > 0)
        r += y * 2;
    else
        r -= 50;
    switch (r & 3) {
    case 0:
        for (int i = 0; i < 6; ++i)
            s = (s * 13 + r) % 3011;
        break;
    case 1:
        s = r - 7;
        break;
    default:
        s = r * 2;
    }
    if (v > 0) {
        for (int i = 0; i < 4; ++i)
            s = (s * 5 + v) % 2027;
    }
    out[2 * gid] = r;
    out[2 * gid + 1] = s;
}
