// nested_divergent.cl
//
// Tests: a data branch nested inside another data branch. The outer branch is
// on a[gid] > 0; inside its then-path there is an inner branch on
// b[gid] > 0, and the else-path has its own inner branch on (b[gid] + 5) > 0.
//
// Expected tdrc action: REMAP the OUTER `if (x > 0)` branch only. The inner
// branches stay UNCHANGED: they are reached by only part of the work-group
// (inside a divergent path), so no work-group barrier may be placed there.
// y (from b[]) is loaded before the outer branch and must migrate.
//
// EXEC: kernel=nested_divergent global=1024 local=32,64,128,256
// EXEC: arg a buf int size=N fill=mix:-100:100
// EXEC: arg b buf int size=N fill=mix:-100:100
// EXEC: arg out buf int size=N fill=zero

__kernel void nested_divergent(__global const int *a, __global const int *b,
                               __global int *out)
{
    int gid = (int)get_global_id(0);
    int x = a[gid];
    int y = b[gid];
    int r;
    if (x > 0) {
        r = x;
        if (y > 0) {
            for (int i = 0; i < 10; ++i)
                r = (r * 3 + y) % 1201;
        } else {
            for (int i = 0; i < 14; ++i)
                r = (r * 5 - y + i) % 1301;
            r += 5000;
        }
    } else {
        r = -x;
        if (y + 5 > 0) {
            for (int i = 0; i < 8; ++i)
                r = (r * 7 + 1) % 1409;
            r = -r;
        } else {
            for (int i = 0; i < 12; ++i)
                r = (r * 11 - y) % 1511;
            r = -r - 6000;
        }
    }
    out[gid] = r;
}
