// POL: tax-policy rules over household records (the paper's "frontier"
// workload, written from its description for tdrc's suite).
//
// Records are stored field by field (coalesced reads).  Nested branches on
// the deduction, income and filing status pick one of four rule sets; each
// projects the household's tax over `years` years of income growth with its
// own brackets, credits and phase-outs.  rules[] is a small table read by all
// work-items: [0..3] standard deduction per status, [4] phase-out income,
// [8..15] bracket limits, [16..23] rates, [24..31] joint bracket limits.
#pragma OPENCL FP_CONTRACT OFF

#define NBR 8

// Tax on `x` over the brackets lim[0..NBR) with rates rate[0..NBR).
static float bracket_tax(float x, __global const float *lim,
                         __global const float *rate)
{
    float tax = 0.0f, below = 0.0f;
    for (int b = 0; b < NBR; ++b) {
        float part = fmin(fmax(x - below, 0.0f), lim[b] - below);
        tax += part * rate[b];
        below = lim[b];
    }
    return tax;
}

__kernel void pol(__global const float *income, __global const float *itemized,
                  __global const int *status, __global const int *kids,
                  __global const float *rules, __global float *tax, const int n,
                  const int years)
{
    int gid = get_global_id(0);
    if (gid >= n)
        return;
    float inc = income[gid];
    float item = itemized[gid];
    int st = status[gid];
    int nk = kids[gid];
    float total = 0.0f;

    if (item > rules[st]) {
        if (inc > rules[4]) {
            // High-income itemizer: limited deductions, then the larger of the
            // regular tax and a flat minimum tax on a broader base.
            for (int y = 0; y < years; ++y) {
                float g = inc * (1.0f + 0.03f * (float)y);
                float ded = fmax(item - 0.03f * (g - rules[4]), item * 0.2f);
                float regular = bracket_tax(g - ded, rules + 8, rules + 16);
                float minimum = 0.26f * fmax(g - 0.5f * ded - 80000.0f, 0.0f);
                total += fmax(regular, minimum);
            }
        } else {
            // Itemizer with a mortgage: interest deduction shrinks as it amortizes.
            float balance = item * 12.0f;
            for (int y = 0; y < years; ++y) {
                float g = inc * (1.0f + 0.02f * (float)y);
                float interest = balance * 0.045f;
                balance = fmax(balance - (item - interest), 0.0f);
                float ded = fmax(interest + item * 0.25f, rules[st]);
                total += bracket_tax(g - ded, rules + 8, rules + 16) / (1.0f + 0.01f * (float)y);
            }
        }
    } else {
        if (st == 1) {
            // Married, standard deduction: joint brackets and a child credit
            // that phases out with income.
            for (int y = 0; y < years; ++y) {
                float g = inc * (1.0f + 0.025f * (float)y);
                float t = bracket_tax(g - rules[1], rules + 24, rules + 16);
                float credit = (float)nk * fmax(2000.0f - 0.05f * fmax(g - 400000.0f, 0.0f), 0.0f);
                total += fmax(t - credit, -1400.0f * (float)nk);
            }
        } else {
            // Other statuses, standard deduction: earned-income credit with a
            // phase-in and a phase-out, refundable.
            for (int y = 0; y < years; ++y) {
                float g = inc * (1.0f + 0.02f * (float)y);
                float t = bracket_tax(g - rules[st], rules + 8, rules + 16);
                float phase_in = fmin(g * (0.08f + 0.1f * (float)min(nk, 3)), 600.0f + 3000.0f * (float)min(nk, 3));
                float eitc = fmax(phase_in - 0.16f * fmax(g - 20000.0f, 0.0f), 0.0f);
                total += t - eitc + sqrt(fmax(g, 0.0f)) * 0.01f;
            }
        }
    }
    tax[gid] = total;
}
