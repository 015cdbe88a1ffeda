// Multi-material equation of state, a switch on the cell's material id
// (OpenCL twin of kernels/eos_switch.cu).  Harness arguments: keys, x,
// outf, outu, len, n.
// EXEC: kernel=eos_pressure global=65536 local=64,256
// EXEC: arg mat_id buf int size=N fill=rand:0:2147483647
// EXEC: arg energy buf float size=N fill=rand:0:0
// EXEC: arg pressure buf float size=N fill=zero
// EXEC: arg phase buf uint size=N fill=zero
// EXEC: arg ntab val int value=16
// EXEC: arg ncells val int value=N
#define GAMMA_IDEAL 1.4f
#define GAMMA_STIFF 4.4f
#define P_INF 0.6f
#define JWL_A 3.712f
#define JWL_B 0.0323f
#define JWL_R1 4.15f
#define JWL_R2 0.95f
#define JWL_W 0.30f

enum { MAT_IDEAL, MAT_STIFF, MAT_JWL, MAT_TABLE };

inline float table_point(int j, int ntab)
{
    return (float)j / (float)ntab;
}

__kernel void eos_pressure(__global const int *mat_id, __global const float *energy,
                           __global float *pressure, __global uint *phase, int ntab, int ncells)
{
    const int c = get_global_id(0);
    if (c >= ncells)
        return;
    const int m = mat_id[c];
    const float rho = 0.5f + (float)((m >> 2) & 255) * (1.0f / 256.0f);
    const float e = energy[c];
    float p;
    uint ph = 0;
    switch (m & 3) {
    case MAT_IDEAL:
        p = (GAMMA_IDEAL - 1.0f) * rho * e;
        break;
    case MAT_STIFF:
        p = (GAMMA_STIFF - 1.0f) * rho * e - GAMMA_STIFF * P_INF;
        ph = p < 0.0f;
        p = fmax(p, 0.0f);
        break;
    case MAT_JWL: {
        const float v = 1.0f / rho;
        p = JWL_A * (1.0f - JWL_W / (JWL_R1 * v)) * native_exp(-JWL_R1 * v) +
            JWL_B * (1.0f - JWL_W / (JWL_R2 * v)) * native_exp(-JWL_R2 * v) + JWL_W * rho * e;
        break;
    }
    default: {
        const float x = e * rho * 0.5f;
        int j = 0;
        while (j < ntab - 1 && table_point(j + 1, ntab) < x)
            ++j;
        const float x0 = table_point(j, ntab), x1 = table_point(j + 1, ntab);
        const float p0 = sqrt(x0) * 2.0f, p1 = sqrt(x1) * 2.0f;
        p = p0 + (p1 - p0) * (x - x0) / (x1 - x0);
        ph = (uint)j;
        break;
    }
    }
    pressure[c] = p;
    phase[c] = ph;
}
