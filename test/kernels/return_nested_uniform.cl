// return_nested_uniform.cl
//
// Tests: two levels of uniform control flow after an early return. A
// uniform `if (passes > 0) { ... } else { ... }` holds a `for` loop over
// the passes, which holds the data branch; a second data branch sits
// directly in the kernel body after them. Variables declared at each level
// before the branch are used after it.
//
// Expected tdrc action: REMAP the second branch (after the uniform code);
// the first sits in a loop inside a uniform if, which cannot be cut at a
// remap (the loop would run for the arm not taken; guard_uniform_if_2d.cl
// has the if that can), and the default mode melds it.
//
// EXEC: kernel=return_nested_uniform global=1000 local=32,64,128,256
// EXEC: arg in buf int size=N fill=mix:-50:50
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N
// EXEC: arg passes val int value=3

__kernel void return_nested_uniform(__global const int *in, __global int *out,
                                    int n, int passes)
{
    int gid = (int)get_global_id(0);
    if (gid >= n)
        return;
    int acc = in[gid];
    int seen = 0;
    if (passes > 0) {
        for (int p = 0; p < passes; p++) {
            int v = in[(gid + p * 7) % n];
            if (v > 0) {
                for (int i = 0; i < 32; ++i)
                    acc = (acc * 5 + v + i) % 10007;
            } else {
                for (int i = 0; i < 20; ++i)
                    acc = (acc * 3 - v) % 9973;
                seen++;
            }
            acc += p;
        }
        acc += seen;
    } else {
        acc = -acc;
    }
    if (acc > 0) {
        for (int i = 0; i < 32; ++i)
            acc = (acc * 7 + i) % 8191;
    } else {
        for (int i = 0; i < 32; ++i)
            acc = (acc * 11 - i) % 8179;
    }
    out[gid] = acc + seen;
}
