// fence_dgi_switch.cl
//
// Tests: a per-element state machine, `switch (phase[gid] & 3)` with four
// paths, inside a bounds guard; every case writes phase[gid] (the buffer the
// switch reads) and one also writes acc[gid]. Nothing else touches global
// memory before the switch.
//
// Expected tdrc action: the guard becomes the active predicate; REMAP the
// switch with Data Group Indexing over its 4 paths (one round). The switch
// value is read before the hand-over barrier and the cases write it after on
// other work-items, so the barrier must fence global memory; a local fence
// only gives Oclgrind read-write races on phase.
//
// EXEC: kernel=fence_dgi_switch global=1000 local=32,64,128,256
// EXEC: arg phase buf int size=N fill=rand:0:1000
// EXEC: arg acc buf int size=N fill=rand:-100:100
// EXEC: arg n val int value=N

enum { IDLE = 0, LOAD = 1, RUN = 2, DONE = 3 };
#define NEXT(p, s) (((p) & ~3) | (s))

__kernel void fence_dgi_switch(__global int *phase, __global int *acc, int n)
{
    int gid = (int)get_global_id(0);
    if (gid < n) {
        switch (phase[gid] & 3) {
        case IDLE:
            phase[gid] = NEXT(phase[gid], LOAD);
            break;
        case LOAD: {
            int a = gid;
            for (int k = 0; k < 5; ++k)
                a = (a * 5 + 3) % 1021;
            phase[gid] = NEXT(phase[gid], RUN) + (a & 4);
            break;
        }
        case RUN: {
            int a = acc[gid];
            for (int k = 0; k < 9; ++k)
                a = (a * 7 + k) % 2039;
            acc[gid] = a;
            phase[gid] = NEXT(phase[gid], DONE);
            break;
        }
        default:
            phase[gid] = -1;
            break;
        }
    }
}
