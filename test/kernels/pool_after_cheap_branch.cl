// pool_after_cheap_branch.cl
//
// Tests: one level of a pull-style graph search (each unvisited node scans
// its edge list for a neighbour in the frontier), written as such kernels
// usually are: an early-return bounds guard, a cheap data-dependent branch
// that settles visited nodes and returns, then a loop over a row of 0 to
// 40 edges from memory that stops at the first hit.
//
// Expected tdrc action: dwa (default): the edge loop gets a work pool.  The
// cheap branch does not pay a remap round, so the remap plan has no round;
// before, its early returns still claimed the guard and kept dwa from the
// kernel ("the 'remap' transform changes the statement ... estimated gain 0").
// Tested in the default mode (TDRC-MODEL): --force would keep the cheap
// branch's round, and the remap would keep the kernel.
//
// TDRC-MODEL
// EXEC: kernel=pool_after_cheap_branch global=1000 local=32,64,256
// EXEC: arg starts buf int size=N fill=rand:0:3000
// EXEC: arg counts buf int size=N fill=mix:-3:40
// EXEC: arg edges buf int size=4096 fill=rand:0:1100
// EXEC: arg cost buf int size=N fill=mix:-1:6
// EXEC: arg next buf int size=N fill=zero
// EXEC: arg level val int value=3
// EXEC: arg n val int value=1000

#define UNVISITED(c) ((c) < 0)
#define EDGE(k) edges[(k) & 4095]

int node_of(void) { return (int)get_global_id(0); }

__kernel void pool_after_cheap_branch(__global const int *starts,
                                      __global const int *counts,
                                      __global const int *edges,
                                      __global const int *cost,
                                      __global int *next, int level, int n)
{
    int tid = node_of();
    if (tid >= n)
        return;
    int c = cost[tid];
    if (!UNVISITED(c)) {
        next[tid] = c;
        return;
    }
    int found = -1;
    int deg = counts[tid] < 0 ? 0 : counts[tid];
    for (int e = 0; e < deg; ++e) {
        int nb = EDGE(starts[tid] + e);
        if (nb >= n)
            continue;
        if (cost[nb] == level) {
            found = level + 1;
            break;
        }
    }
    next[tid] = found;
}
