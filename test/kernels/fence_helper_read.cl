// fence_helper_read.cl
//
// Tests: the branch condition reads the global frontier through a helper,
// `is_frontier(mask, gid)`, and the taken path clears mask[gid] at the
// work-item's own index; an early return `if (gid >= n) return;` keeps the
// last group partly inactive. The helper's read is the only global access
// before the branch.
//
// Expected tdrc action: the early return becomes the active predicate;
// REMAP the `if (is_frontier(mask, gid))` branch (Head-or-Tail). The call
// is evaluated before the hand-over barrier, the write after it on another
// work-item, so the barrier must fence global memory; a local fence only
// gives Oclgrind read-write races on mask.
//
// EXEC: kernel=fence_helper_read global=1000 local=32,64,128,256
// EXEC: arg mask buf int size=N fill=mix:-2:2
// EXEC: arg dist buf int size=N fill=rand:0:1000
// EXEC: arg src buf int size=N fill=rand:-500:500
// EXEC: arg n val int value=N

/* A node is on the frontier while its mask is positive. */
int is_frontier(__global const int *mask, int i)
{
    return mask[i] > 0;
}

int relax(__global const int *src, int node, int n, int d)
{
    for (int k = 1; k <= 3; ++k)
        d = min(d, (int)abs(src[(node + k * 7) % n]) + k);
    return d;
}

__kernel void fence_helper_read(__global int *mask, __global int *dist,
                                __global const int *src, int n)
{
    int gid = (int)get_global_id(0);
    if (gid >= n)
        return;
    if (is_frontier(mask, gid)) {
        mask[gid] = 0;
        dist[gid] = relax(src, gid, n, dist[gid]);
    }
}
