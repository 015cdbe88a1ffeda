// profit_switch_on.cu -- CUDA counterpart of test/kernels/profit_switch_on.cl
//
// The profitability model's run-time switch.  Both paths loop `len` times,
// an argument the kernel never writes, so whether the remap pays is decided
// at the kernel's start: `tdr_on1 = gain(len) >= cost && size <= max`.
// Here len = 64, so the switch is on (the round runs).
// TDRC-MODEL: the harness runs tdrc without --force.
// Expected: REMAP with Head-or-Tail under the run-time switch (1000
// threads: the bounds guard becomes the active predicate).
//
// EXEC: kernel=profit_switch global=1000 local=32,64,128,256
// EXEC: arg in buf float size=N fill=mix:-1:1
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg len val int value=64
// EXEC: arg n val int value=N

__global__ void profit_switch(const float *in, float *out, int len, int n)
{
    int gid = blockIdx.x * blockDim.x + threadIdx.x;
    if (gid < n) {
        float v = in[gid];
        float r = v;
        if (v > 0.0f) {
            for (int i = 0; i < len; ++i)
                r = r * 0.999f + 0.001f * v;
        } else {
            for (int i = 0; i < len; ++i)
                r = sqrtf(fabsf(r) + 0.25f) * 0.5f;
        }
        out[gid] = r;
    }
}
