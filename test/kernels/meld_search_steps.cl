// meld_search_steps.cl
//
// Tests: a bounded depth-first search per work-item, in the shape of an
// N-queens or tree-walk kernel: each step either goes down a level (the
// current choice pushed on a private stack, the depth up by one) or goes
// back up (a frame popped, the depth moved by whether the parent still has
// a choice left).  Counters move by one on one side and by an amount on
// the other: `++depth` against `depth += more != 0`, `visits++` against
// `visits += width`, `--budget` against `budget -= cost`.  The branch sits
// in a loop whose trip count comes from the data, so that work-items of one
// warp take the two sides in different steps.
//
// Expected tdrc action: the meld transform writes each pair of counter
// updates once, as `depth += (tdr_meld0 ? 1 : (more != 0))`; the stack
// store and load stay under their guards.  TDRC-FLAGS keeps dwa (which
// would take the loop as a work pool) out of the way.
//
// TDRC-FLAGS: --transforms=-dwa
// EXEC: kernel=meld_search_steps global=1000 local=32,64,256
// EXEC: arg choices buf uint size=N fill=rand:0:4095
// EXEC: arg steps buf int size=N fill=mix:-12:24
// EXEC: arg visits_out buf int size=N fill=zero
// EXEC: arg depth_out buf int size=N fill=zero
// EXEC: arg n val int value=N

#define MAX_DEPTH 6
#define STEPS(v) ((v) > 0 ? (v) : -(v))

__kernel void meld_search_steps(__global const uint *choices, __global const int *steps,
                                __global int *visits_out, __global int *depth_out, int n)
{
    const int g = get_global_id(0);
    if (g >= n)
        return;
    uint stack[MAX_DEPTH];
    uint avail = choices[g];
    int depth = 0, visits = 0, budget = 64;
    const int width = (int)(avail & 3u) + 1;
    for (int s = 0; s < STEPS(steps[g]) && budget > 0; ++s) {
        uint more;
        if (avail != 0u && depth < MAX_DEPTH - 1) {
            more = avail & (0u - avail);
            stack[depth] = avail ^ more;
            avail = (avail >> 1) & (avail ^ more);
            ++depth;
            visits++;
            --budget;
        } else {
            more = depth > 0 ? stack[depth - 1] : 0u;
            avail = more & (more - 1u);
            depth -= depth > 0;
            depth += more != 0u;
            visits += width;
            budget -= (int)(more & 7u) + 1;
        }
    }
    visits_out[g] = visits;
    depth_out[g] = depth * 1000 + budget;
}
