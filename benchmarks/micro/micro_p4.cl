// Micro-benchmark with 4 paths (the 4-path variant of micro.cl, after
// Listing 1 of Lin, Wang & Liu, TACO 2018): the value picks one of 4
// different arithmetic loops of `pathlen` iterations; with randomly placed
// inputs every warp runs most of them one after the other.  Each path is a
// different sequence of +, -, *, / and sqrt, so no compiler folds them into
// one predicated loop; for inputs in [0, 1] all stay finite.
//
// EXEC: kernel=micro global=4096 local=64,256
// EXEC: arg in buf float size=N fill=rand:0:1
// EXEC: arg out buf float size=N fill=zero
// EXEC: arg pathlen val int value=5
#pragma OPENCL FP_CONTRACT OFF

__kernel void micro(__global const float *in, __global float *out,
                    const int pathlen)
{
    int gid = get_global_id(0);
    float v = in[gid];
    float r = v;
    int k = (int)(v * 4.0f);
    switch (k < 4 ? k : 3) {
    case 0: {
        for (int i = 0; i < pathlen; ++i) {
            r = r + 0.0625f * sqrt(r + 0.5f) / (r + 2.0f);
        }
        break;
    }
    case 1: {
        float y = 0.25f;
        for (int i = 0; i < pathlen; ++i) {
            float x = r * 0.99980001f - y * 0.019998667f;
            y = r * 0.019998667f + y * 0.99980001f;
            y = y + 0.01f * (x * x * x);
            r = x;
        }
        r = r * r + y * y;
        break;
    }
    case 2: {
        for (int i = 0; i < pathlen; ++i) {
            r = r * 0.75f + 0.5f / (r + 1.0f);
        }
        break;
    }
    case 3: {
        for (int i = 0; i < pathlen; ++i) {
            r = sqrt(r * r + 0.25f) * 0.875f;
        }
        break;
    }
    }
    out[gid] = r;
}
