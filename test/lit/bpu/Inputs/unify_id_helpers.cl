// EXEC: kernel=walk global=37x9 local=8x4,6x5
// EXEC: arg in buf int size=N fill=rand:-500:500
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1
// Helpers that read IDs: row_of reads the group ID (it changes per item)
// and calls lane_salt, which reads the local ID and get_global_id(1) (the
// same for every item of a work-item).
#define LEN 40
int lane_salt(void) { return (int)(get_local_id(0) % 3u) + (int)get_global_id(1); }
int row_of(int a) { return (a + (int)get_group_id(0) % 5 + lane_salt()) % 7919; }

__kernel void walk(__global const int *in, __global int *out, int w, int h)
{
    int x = get_global_id(0), y = get_global_id(1);
    if (x >= w || y >= h)
        return;
    int v = in[y * w + x];
    int r = v;
    if (v > 100) {
        for (int k = 0; k < LEN; ++k)
            r = (r * 3 + row_of(k)) % 10007;
    } else {
        r = row_of(r) + 1;
    }
    out[y * w + x] = r;
}
