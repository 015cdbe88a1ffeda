// meld_particle_forces.cl
//
// Tests: the force loop of a particle update with two force laws, as in a
// molecular-dynamics step over neighbour lists: a particle's kind (from
// memory) picks a screened repulsion for charged particles or a harmonic
// bond towards a rest length for neutral ones.  The two sides are the same
// loop over the particle's neighbours (its count from memory, so the trip
// count varies too) with a cut-off test nested in it; they declare the
// same names (`j`, `dx`, `dy`, `r2`, `f`), the displacement of the other
// sign, the bond side one more (`stretch`), and only the bond side damps
// the velocity after its loop.  A helper computes the squared distance;
// the constants are macros; floats under FP_CONTRACT OFF.
//
// Expected tdrc action: the meld transform melds the branch on the kind:
// one neighbour loop, `j`, `dx`, `dy`, `r2` declared once (the operands of
// the subtractions selected), the cut-off if written once, `stretch`
// split into a declaration and an assignment under the bond side's guard,
// `f` declared once (its numerator and denominator selected), the damping
// under the bond side's guard.
// `#pragma tdr transforms(meld)` keeps the branch from the remap
// transform, which the tests' forced rewrites would choose.
//
// EXEC: kernel=meld_particle_forces global=1000 local=32,64,256
// EXEC: arg px buf float size=N fill=rand:-10:10
// EXEC: arg py buf float size=N fill=rand:-10:10
// EXEC: arg kind buf int size=N fill=mix:-3:3
// EXEC: arg nbr buf int size=16*N fill=rand:0:999
// EXEC: arg nnbr buf int size=N fill=rand:-4:16
// EXEC: arg vx buf float size=N fill=rand:-1:1
// EXEC: arg vy buf float size=N fill=rand:-1:1
// EXEC: arg n val int value=N

#pragma OPENCL FP_CONTRACT OFF
#define MAX_NBR 16
#define CUTOFF2 36.0f
#define CHARGE 0.75f
#define REST 1.5f
#define SPRING 2.0f
#define DAMP 0.125f
#define DT 0.01f

float dist2(float dx, float dy) { return dx * dx + dy * dy + 0.01f; }

__kernel void meld_particle_forces(__global const float *px, __global const float *py,
                                   __global const int *kind, __global const int *nbr,
                                   __global const int *nnbr, __global float *vx,
                                   __global float *vy, int n)
{
    const int i = get_global_id(0);
    if (i >= n)
        return;
    const float xi = px[i], yi = py[i];
    const int cnt = nnbr[i] < 0 ? 0 : nnbr[i];
    float fx = 0.0f, fy = 0.0f;
#pragma tdr transforms(meld)
    if (kind[i] > 0) { /* charged: screened repulsion */
        for (int k = 0; k < cnt; ++k) {
            const int j = nbr[i * MAX_NBR + k];
            const float dx = xi - px[j];
            const float dy = yi - py[j];
            const float r2 = dist2(dx, dy);
            if (r2 < CUTOFF2) {
                const float f = CHARGE / (r2 * sqrt(r2));
                fx += f * dx;
                fy += f * dy;
            }
        }
    } else { /* neutral: harmonic bond */
        for (int k = 0; k < cnt; ++k) {
            const int j = nbr[i * MAX_NBR + k];
            const float dx = px[j] - xi;
            const float dy = py[j] - yi;
            const float r2 = dist2(dx, dy);
            if (r2 < CUTOFF2) {
                const float stretch = sqrt(r2) - REST;
                const float f = SPRING * stretch / sqrt(r2);
                fx += f * dx;
                fy += f * dy;
            }
        }
        fx -= DAMP * vx[i];
        fy -= DAMP * vy[i];
    }
    vx[i] += fx * DT;
    vy[i] += fy * DT;
}
