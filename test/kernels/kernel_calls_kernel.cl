// kernel_calls_kernel.cl
//
// Tests: OpenCL C lets a kernel call another kernel as a function.  A
// per-pixel tone kernel (a data-dependent branch with long paths, reading
// its own global ID) is launched on its own by some hosts and called by a
// batch driver kernel that skips the work-items past the image's end.
//
// Expected tdrc action: tone_map is left unchanged ("called as a function"):
// its rewrite (a remap round's barriers, a pool handing a group's items to
// another group) assumes every work-item of the NDRange enters it, which
// the driver's guard breaks.  The driver cannot clone tone_map (a kernel)
// for its own IDs, so it is left unchanged too.  Before, --force rewrote
// tone_map, and the driver computed work-items its guard had skipped.
//
// EXEC: kernel=tone_batch global=256 local=32,64
// EXEC: arg lum buf int size=N fill=mix:-20:20
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg n val int value=N+-5

#define KNEE 24

__kernel void tone_map(__global const int *lum, __global int *out)
{
    const int i = get_global_id(0);
    const int v = lum[i];
    int s = 0;
    if (v > 0) {
        for (int k = 0; k < KNEE; ++k)
            s += (v * k) % 11;
    } else {
        s = -v;
    }
    out[i] = s;
}

__kernel void tone_batch(__global const int *lum, __global int *out, int n)
{
    if (get_global_id(0) >= n)
        return;
    tone_map(lum, out);
}
