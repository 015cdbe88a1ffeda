// wg_odd_switch.cl
//
// Tests: a 4-path switch in a bounds guard, launched with work-groups whose
// sizes are not multiples of DGI's neighbourhood (16 by default, 32 under
// diff-dgi): 24, 48, 100 and 200. The last neighbourhood of each group is
// short; its rank scan must stop at the group's end, not at the next
// multiple of N. Global 1000: the last group is partly inactive too.
//
// Expected tdrc action: the guard becomes the active predicate; REMAP the
// switch with Data Group Indexing over 4 paths (inactive items a fifth).
//
// EXEC: kernel=wg_odd_switch global=1000 local=24,48,100,200
// EXEC: arg in buf int size=N fill=rand:-1000:1000
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

#define ROUNDS(r, k, m) for (int i_ = 0; i_ < (k); ++i_) (r) = ((r) * 7 + i_) % (m)

__kernel void wg_odd_switch(__global const int *in, __global int *out, int n)
{
    int gid = (int)get_global_id(0);
    if (gid < n) {
        int x = in[gid];
        int r = x;
        switch ((x + 1000) % 4) {
        case 0:
            ROUNDS(r, 9, 1009);
            break;
        case 1:
            r = -r;
            break;
        case 2:
            ROUNDS(r, 4, 521);
            r += 3000;
            break;
        default:
            r = x / 3;
            break;
        }
        out[gid] = r;
    }
}
