// fence_bfs_frontier.cl
//
// Tests: a BFS-style frontier step, `if (tid < n && mask[tid] > 0)
// { mask[tid] = 0; ... }`. The condition reads the global mask (with the
// bounds guard in the same condition) and the taken path clears it at the
// work-item's own index. Nothing else touches global memory before the
// branch, so the only access "before" the remap is the one in the condition.
//
// Expected tdrc action: REMAP the branch (Head-or-Tail). The round evaluates
// the condition before its hand-over barrier and another physical work-item
// writes mask[tid] after it, so the barrier must fence global memory
// (CLK_GLOBAL_MEM_FENCE); with a local fence only, Oclgrind reports a
// read-write race on mask (the bug fixed in 024812c).
//
// EXEC: kernel=fence_bfs_frontier global=1000 local=32,64,128,256
// EXEC: arg mask buf int size=N fill=mix:-1:1
// EXEC: arg edges buf int size=N*4 fill=rand:0:999
// EXEC: arg weight buf int size=N fill=rand:1:9
// EXEC: arg cost buf int size=N fill=rand:0:50
// EXEC: arg next buf int size=N fill=zero
// EXEC: arg n val int value=N

#define DEGREE 4
#define UNREACHED 0x3fffffff

__kernel void fence_bfs_frontier(__global int *mask, __global const int *edges,
                                 __global const int *weight, __global int *cost,
                                 __global int *next, int n)
{
    int tid = (int)get_global_id(0);
    if (tid < n && mask[tid] > 0) {
        mask[tid] = 0;
        /* Relax the out-edges; only this node's own entries are written. */
        int best = UNREACHED;
        for (int e = 0; e < DEGREE; ++e) {
            int v = edges[tid * DEGREE + e] % n;
            best = min(best, weight[v] + (v & 7));
        }
        cost[tid] = min(cost[tid] + 1, best);
        next[tid] = 1;
    }
}
