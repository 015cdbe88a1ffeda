// helpers_after_kernel.cl
//
// Tests: helpers that read work-item IDs, declared by prototypes at the
// top of the file and defined after the kernel, as C programmers often
// lay kernels out: `cell_index(void)` reads the global ID, `neighbour(int)`
// (prototype with an unnamed parameter) calls it, `lane_salt` is defined
// before the kernel and calls `cell_index` through its prototype, and a
// macro that only the late helpers use is defined between the kernel and
// them (a clone placed before the kernel would not see it); one call is
// the argument of a macro that expands it twice.  A bounds guard
// returns early; the branch on a loaded cell type has two long integer
// paths.
//
// Expected tdrc action (default): the branch is remapped (Head-or-Tail).
// The clones of the late helpers are declared before the kernel (from
// their prototypes) and defined after their helpers; `lane_salt`'s clone is
// defined before the kernel and calls `cell_index`'s clone; the call in
// TWICE's argument becomes the clone's where it is written, once.  Before,
// the kernel was left unchanged ("defined after the kernel").
//
// EXEC: kernel=helpers_after_kernel global=1000 local=32,64,256
// EXEC: arg cells buf int size=N fill=mix:-50:50
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N

#define ROUNDS 40
#define TWICE(e) ((e) + (e))

static int cell_index(void);
static inline int neighbour(int);

static int lane_salt(int v)
{
    return (v ^ (cell_index() & 15)) + (int)(get_local_id(0) % 5);
}

__kernel void helpers_after_kernel(__global const int *cells,
                                   __global int *out, int n)
{
    int i = get_global_id(0);
    if (i >= n)
        return;
    int v = cells[i];
    if (v & 1) {
        for (int r = 0; r < ROUNDS; ++r)
            v = (lane_salt(v) * 33 + r) % 9973;
    } else {
        for (int r = 0; r < ROUNDS; ++r)
            v = (v * 17 + TWICE(neighbour(r))) % 8191;
    }
    out[cell_index()] = v;
}

#define WRAP(x) ((x) & 1023)

static int cell_index(void) { return (int)get_global_id(0); }

static inline int neighbour(int step)
{
    return WRAP(cell_index() + step);
}
