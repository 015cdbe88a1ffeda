// const_member_live.cl
//
// Tests: a struct with a const member (a read-only key beside mutable
// state, as record types in C kernels often have), initialised from
// memory, live across a data-dependent branch after an early return, and
// live in a loop whose trip count is its key.
//
// Expected tdrc action: nothing moves the struct: a migrated or moved
// variable's declaration comes apart from its value (`rec_t c;` then
// `c = ...;`), and an assignment cannot set a const member.  --explain:
// "has a const member ('key')".  Before, the output did not compile.
//
// EXEC: kernel=const_member_live global=256 local=32,64
// EXEC: arg a buf int size=N fill=mix:-20:20
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N+-5

typedef struct {
    const int key;
    int scale;
} rec_t;

__kernel void const_member_live(__global const int *a, __global int *out, int n)
{
    const int i = get_global_id(0);
    if (i >= n)
        return;
    rec_t c = {a[i], 3};
    int s = 0;
    if (c.key > 0) {
        for (int k = 0; k < c.key; ++k)
            s += (c.key * k + c.scale) % 13;
    } else {
        for (int k = 0; k < 20; ++k)
            s -= (k ^ c.scale) % 7;
    }
    out[i] = s;
}
