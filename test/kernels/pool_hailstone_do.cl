// pool_hailstone_do.cl
//
// Tests: a hailstone (Collatz-style) walk per item written as a `do`-`while`
// loop, the way iterate-until-converged kernels often are: the body runs
// at least once, `continue` skips to the loop's test on a shortcut value,
// `break` gives up past a step limit; the start value comes from memory
// through a helper, so trip counts differ widely within a warp.  An early
// return guards the range; the step count and the final value are written
// after the loop.
//
// Expected tdrc action: the dwa transform gives the do-while loop a work
// pool: the step loop tests the condition after the body (`if (!(v > 1))
// break;` at the end of each step), the `continue` reaches that test, the
// `break` goes on to the settlement.
//
// EXEC: kernel=pool_hailstone_do global=1000 local=32,64,256
// EXEC: arg seeds buf int size=N fill=rand:0:5000
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N
// EXEC: arg limit val int value=300

int start_value(__global const int *seeds, int i) { return (seeds[i] & 4095) + 1; }

__kernel void pool_hailstone_do(__global const int *seeds, __global int *out,
                                int n, int limit)
{
    const int i = get_global_id(0);
    if (i >= n)
        return;
    int v = start_value(seeds, i);
    int steps = 0;
    do {
        ++steps;
        if (v % 6 == 4) {
            v = v / 2;
            continue;
        }
        v = (v & 1) ? 3 * v + 1 : v / 2;
        if (steps >= limit)
            break;
    } while (v > 1);
    out[i] = steps * 8192 + v;
}
