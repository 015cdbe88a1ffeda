// fence_dgi_elseif.cl
//
// Tests: an else-if chain (4 paths) whose conditions all read the same
// global element, `level[gid]`, which every path rewrites in place; the
// conditions are evaluated together, before any path runs.
//
// Expected tdrc action: REMAP the chain with Data Group Indexing over 4
// paths in one round. level[gid] is read before the hand-over barrier and
// written after it on another work-item, so the barrier must fence global
// memory; a local fence only gives Oclgrind read-write races on level.
//
// EXEC: kernel=fence_dgi_elseif global=1024 local=32,64,128,256
// EXEC: arg level buf int size=N fill=mix:-90:90
// EXEC: arg out buf int size=N fill=zero

#define CLAMP_LEVEL(v) clamp((v), -90, 90)

__kernel void fence_dgi_elseif(__global int *level, __global int *out)
{
    int gid = (int)get_global_id(0);
    int r = gid & 15;
    if (level[gid] > 40) {
        for (int k = 0; k < 8; ++k)
            r = (r * 3 + k) % 509;
        level[gid] = CLAMP_LEVEL(level[gid] - r);
    } else if (level[gid] > 0) {
        level[gid] = level[gid] / 2;
    } else if (level[gid] > -40) {
        for (int k = 0; k < 4; ++k)
            r = (r * 11 + 1) % 257;
        level[gid] = CLAMP_LEVEL(-r);
    } else {
        level[gid] = 0;
        r = -1;
    }
    out[gid] = r;
}
