// switch_in_step_loop.cl
//
// Tests: a particle-history kernel's shape. Each work-item follows one
// particle through a uniform number of time steps (a bound computed from
// the arguments before the bounds guard); in each step a `switch` on the
// particle's state picks free flight (long), scattering (medium), absorbed
// (nothing) or leaking back (short). The `break`s end the switch, not the
// step loop, so every work-item runs the same number of steps.
//
// Expected tdrc action: REMAP the switch once per step (DGI over its
// paths, or the model's choice); the guard becomes the active predicate,
// every work-item runs the step loop, the segments are cut around it and
// reopened in its body. Global 1000 leaves the last group partly inactive.
//
// EXEC: kernel=switch_in_step_loop global=1000 local=32,64,128,256
// EXEC: arg state0 buf int size=N fill=mix:0:3
// EXEC: arg seed buf uint size=N fill=rand:0:100000
// EXEC: arg energy buf uint size=N fill=zero
// EXEC: arg state buf int size=N fill=zero
// EXEC: arg n val int value=N
// EXEC: arg steps val int value=3

#define PARTICLE_ID() ((int)get_global_id(0))
#define LCG(s) ((s) * 1664525u + 1013904223u)
enum { FLIGHT = 0, SCATTER = 1, ABSORBED = 2 };

/* One step of energy loss from a random draw. */
static uint lose(uint e, uint draw, uint mod)
{
    return (e + (draw >> 20)) % mod;
}

__kernel void switch_in_step_loop(__global const int *state0,
                                  __global const uint *seed,
                                  __global uint *energy,
                                  __global int *state, int n, int steps)
{
    const int p = PARTICLE_ID();
    const int nsteps = steps + 1; /* the source step and `steps` more */
    if (p < n) {
        int st = state0[p];
        uint rng = seed[p] + 17u;
        uint e = 1000u + (uint)p;
        for (int s = 0; s < nsteps; ++s) {
            switch (st) {
            case FLIGHT:
                /* free flight: many draws until the path is used up */
                for (int i = 0; i < 48; ++i) {
                    rng = LCG(rng);
                    e = lose(e, rng, 100003u);
                }
                st = (int)((rng >> 8) & 3u);
                break;
            case SCATTER:
                for (int k = 0; k < 12; ++k) {
                    rng = LCG(rng);
                    e = (e * 3u + (rng >> 24)) % 100003u;
                }
                st = (rng & 1u) ? FLIGHT : ABSORBED;
                break;
            case ABSORBED:
                break;
            default: /* leaked: re-enters at the boundary */
                e = e / 2u + (uint)s;
                st = FLIGHT;
                break;
            }
        }
        energy[p] = e;
        state[p] = st;
    }
}
