// elseif_cond_assign.cl
//
// Tests: an else-if chain whose second condition assigns the variable the
// later paths read, `else if ((nb = cells[...]) == WALL)`, as grid codes
// write a neighbour lookup: cell classes from memory, a bounds guard, a
// classification macro, and paths of different lengths.
//
// Expected tdrc action: remap (forced; by default where it pays): one round
// over the chain's 4 paths.  The round evaluates every condition before it
// regroups, so 'nb', set by the second condition on the old work-item,
// migrates with 'c' (before, only 'c' moved and the paths read another
// work-item's 'nb').
//
// EXEC: kernel=elseif_cond_assign global=1000 local=32,64,256
// EXEC: arg cells buf int size=N fill=mix:-4:9
// EXEC: arg next buf int size=N fill=mix:-50:50
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

#define WALL 0
#define IS_EMPTY(v) ((v) < 0)
#define STEPS 12

__kernel void elseif_cond_assign(__global const int *cells,
                                 __global const int *next,
                                 __global int *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int c = cells[i];
    int nb;
    int r;
    if (IS_EMPTY(c)) {
        r = -1;
    } else if ((nb = cells[(i + 1 + (next[i] & 7)) % n]) == WALL) {
        r = c * 7;
        for (int k = 0; k < STEPS; ++k)
            r = (r * 3 + nb + k) % 1009;
    } else if (nb > 4) {
        r = nb;
        for (int k = 0; k < STEPS / 2; ++k)
            r = (r * 5 + c) % 1013;
    } else {
        r = nb - c;
    }
    out[i] = r;
}
