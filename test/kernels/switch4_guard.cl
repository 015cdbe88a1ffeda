// switch4_guard.cl
//
// Tests: a 4-label switch without default (so 5 paths: no label matched is
// a path of its own) inside a bounds guard, with a partly inactive last
// work-group; cases fall through.
//
// Expected tdrc action: the guard becomes the active predicate; REMAP the
// switch with DGI over 5 paths (inactive work-items form a sixth group).
//
// EXEC: kernel=switch4_guard global=1000 local=32,64,128,256
// EXEC: arg in buf uint size=N fill=rand:0:100000
// EXEC: arg out buf uint size=N fill=zero
// EXEC: arg n val int value=N

__kernel void switch4_guard(__global const uint *in, __global uint *out, int n)
{
    int gid = get_global_id(0);
    if (gid < n) {
        uint v = in[gid];
        uint acc = v;
        switch (v % 6u) {
        case 0u:
            acc = acc * 2654435761u;
        case 1u:                       /* falls through from 0 */
            acc ^= acc >> 13;
            break;
        case 2u:
            for (int i = 0; i < 8; ++i)
                acc = acc * 1103515245u + 12345u;
            break;
        case 4u:
            acc = ~acc;
            break;
        }
        out[gid] = acc + v;
    }
}
