// fence_multi_buffer.cl
//
// Tests: a 2-D cell update whose condition reads two global buffers (`state`
// and `heat`) that both paths then write at the cell's own index; a third
// buffer (`age`) is written on one path only. The 2-D bounds guard is a
// separate if; no global memory is read before the branch except in its
// condition. Global 60x30: edge groups are partly inactive.
//
// Expected tdrc action: the guard becomes the active predicate; REMAP the
// `if (state[i] > 0 || heat[i] > 0.0f)` branch (Head-or-Tail, flattened 2-D
// group). The condition is evaluated before the hand-over barrier and the
// paths write state/heat/age after it on other work-items, so the barrier
// must fence global memory; a local fence only gives Oclgrind read-write
// races on state and heat.
//
// EXEC: kernel=fence_multi_buffer global=60x30 local=8x4,16x8,16x16
// EXEC: arg state buf int size=N fill=mix:-3:3
// EXEC: arg heat buf float size=N fill=mix:-4:4
// EXEC: arg age buf int size=N fill=rand:0:100
// EXEC: arg w val int value=G0
// EXEC: arg h val int value=G1

#define CELL(x, y) ((y) * w + (x))
#define COOLING 0.75f

__kernel void fence_multi_buffer(__global int *state, __global float *heat,
                                 __global int *age, int w, int h)
{
    int x = (int)get_global_id(0);
    int y = (int)get_global_id(1);
    if (x < w && y < h) {
        int i = CELL(x, y);
        if (state[i] > 0 || heat[i] > 0.0f) {
            /* Burning cell: burns down its fuel and ages. */
            float t = heat[i];
            for (int k = 0; k < 6; ++k)
                t = t * COOLING + (float)((x + k) & 3);
            state[i] = state[i] - 1;
            heat[i] = t;
            age[i] = age[i] + 1;
        } else {
            /* Cold cell: only the ambient term changes. */
            heat[i] = heat[i] * 0.5f - (float)(y & 1);
            state[i] = -state[i];
        }
    }
}
