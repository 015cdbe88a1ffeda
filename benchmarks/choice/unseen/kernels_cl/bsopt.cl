// Black-Scholes over a term structure, call or put by the contract's flags
// (OpenCL twin of kernels/bsopt.cu).  Harness arguments: keys, x, outf,
// outu, len, n.
// EXEC: kernel=price_terms global=65536 local=64,256
// EXEC: arg flags buf int size=N fill=rand:0:2147483647
// EXEC: arg spot buf float size=N fill=rand:0:0
// EXEC: arg value buf float size=N fill=zero
// EXEC: arg itm_count buf uint size=N fill=zero
// EXEC: arg nterms val int value=16
// EXEC: arg n val int value=N
#define RISKFREE 0.02f
#define VOLATILITY 0.30f
#define IS_CALL(f) (((f) & 1) == 0)

float cnd(float d)
{
    const float A1 = 0.31938153f, A2 = -0.356563782f, A3 = 1.781477937f,
                A4 = -1.821255978f, A5 = 1.330274429f, RSQRT2PI = 0.39894228040143267794f;
    const float K = 1.0f / (1.0f + 0.2316419f * fabs(d));
    float c = RSQRT2PI * native_exp(-0.5f * d * d) *
              (K * (A1 + K * (A2 + K * (A3 + K * (A4 + K * A5)))));
    if (d > 0)
        c = 1.0f - c;
    return c;
}

__kernel void price_terms(__global const int *flags, __global const float *spot,
                          __global float *value, __global uint *itm_count, int nterms, int n)
{
    const int opt = get_global_id(0);
    if (opt >= n)
        return;
    const int f = flags[opt];
    const float S = 5.0f + 25.0f * spot[opt];
    const float X = 1.0f + (float)((f >> 1) & 31);
    float total = 0.0f;
    uint itm = 0;
    if (IS_CALL(f)) {
        for (int m = 1; m <= nterms; ++m) {
            const float T = 0.25f * (float)m;
            const float sqrtT = sqrt(T);
            const float d1 = (native_log(S / X) + (RISKFREE + 0.5f * VOLATILITY * VOLATILITY) * T) /
                             (VOLATILITY * sqrtT);
            const float d2 = d1 - VOLATILITY * sqrtT;
            const float expRT = native_exp(-RISKFREE * T);
            const float price = S * cnd(d1) - X * expRT * cnd(d2);
            total += price;
            itm += S > X * expRT;
        }
    } else {
        for (int m = 1; m <= nterms; ++m) {
            const float T = 0.25f * (float)m;
            const float sqrtT = sqrt(T);
            const float d1 = (native_log(S / X) + (RISKFREE + 0.5f * VOLATILITY * VOLATILITY) * T) /
                             (VOLATILITY * sqrtT);
            const float d2 = d1 - VOLATILITY * sqrtT;
            const float expRT = native_exp(-RISKFREE * T);
            const float price = X * expRT * cnd(-d2) - S * cnd(-d1);
            total += price;
            itm += S < X * expRT;
        }
    }
    value[opt] = total / (float)nterms;
    itm_count[opt] = itm;
}
