// recomputed_id_between_rounds.cl
//
// Found by the random generator (test/gen/run_gen.sh; kernel g1122_1718 of
// the long run in docs/reliability.md, a 2-D kernel; reduced with reduce.py
// --mode mismatch, then by hand to 1-D).
//
// Two remapped branches. Between them, `int v8 = (int)get_local_id(0) % 33;`
// -- a pure function of the ID, so tdrc recomputes it after round 2
// (`v8 = (int)tdr_lid0 % 33;`) -- is copied into `cpy`, which is not
// recomputable and migrates. tdrc leaves v8's own initialiser unredirected:
// it still reads the PHYSICAL `get_local_id(0)`, although after round 1 the
// work-item carries another logical ID. (When v8 is not live at round 2, the
// initialiser is redirected to tdr_lid0 and the kernel passes.) So `cpy`
// gets the physical lane's value: 480 of 1024 elements differ on PoCL and
// under Oclgrind.
//
// Expected: bit-identical output (tdr_exec exits 0).
//
// EXEC: kernel=recomputed_id_between_rounds global=1024 local=32,128 seeds=1
// EXEC: arg in1 buf int size=N fill=mix:-8:8
// EXEC: arg fin0 buf float size=N fill=mix:-8:8
// EXEC: arg out buf int size=N fill=zero

__kernel void recomputed_id_between_rounds(__global const int *in1, __global const float *fin0,
                                           __global int *out)
{
    int x = (int)get_global_id(0);
    int s = 0;
    if (in1[x] > 0) {
        s = 1;
    }
    float fx0 = fin0[x];
    int v8 = (int)get_local_id(0) % 33;
    int cpy = 0;
    cpy = v8;
    if (fx0 > 0.0f) {
        out[x] = cpy * 1000 + v8 * 100 + s;
    }
}
