// return_then_uniform_loop.cl
//
// Tests: the shape of a password-cracking kernel's rule loop. An ID bounds
// exit `if (gid >= n) return;`, then a loop over the rules whose trip count
// is a kernel argument (the same for every work-item), and in it a data
// branch on the candidate (two hash-like mixes of different cost). The
// candidate `h` is carried around the loop; the per-rule value `v` is
// declared inside the loop body.
//
// Expected tdrc action: REMAP the branch once per rule. Every work-item,
// the returned ones too, runs the rule loop (its header reads only
// arguments and its own counter); the active segments are cut before the
// loop, inside its body and after it. Global size 1000 leaves the last
// work-group partly inactive.
//
// EXEC: kernel=return_then_uniform_loop global=1000 local=32,64,128,256
// EXEC: arg pw buf int size=N fill=mix:-100:100
// EXEC: arg rules buf int size=8 fill=mix:-5:5
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N
// EXEC: arg rule_cnt val int value=5

#define ROTL(x, s) (((x) << (s)) | ((x) >> (32 - (s))))

static uint mix_a(uint h, int k) {
    for (int i = 0; i < 24; ++i)
        h = ROTL(h ^ (uint)(k + i), 5) * 0x9e3779b1u;
    return h;
}

__kernel void return_then_uniform_loop(__global const int *pw,
                                       __global const int *rules,
                                       __global int *out, int n, int rule_cnt)
{
    const int gid = (int)get_global_id(0);
    if (gid >= n)
        return;
    uint h = (uint)pw[gid];
    for (int il_pos = 0; il_pos < rule_cnt; il_pos++) {
        int v = pw[gid] + rules[il_pos];
        if (v > 0) {
            h = mix_a(h, v);
        } else {
            for (int i = 0; i < 30; ++i)
                h = (h + (uint)(v * i)) * 2654435761u;
        }
        h ^= (uint)il_pos;
    }
    out[gid] = (int)(h & 0x7fffffffu);
}
