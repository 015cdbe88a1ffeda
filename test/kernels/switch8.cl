// switch8.cl
//
// Tests: an 8-way switch on (x & 7) with a private array live across it and
// updated in most cases.
//
// Expected tdrc action: REMAP with DGI over 8 paths; the array migrates
// element by element.
//
// EXEC: kernel=switch8 global=2048 local=32,64,128,256
// EXEC: arg in buf int size=N fill=rand:0:100000
// EXEC: arg out buf int size=N fill=zero

__kernel void switch8(__global const int *in, __global int *out)
{
    int gid = get_global_id(0);
    int x = in[gid];
    int a[3];
    a[0] = x; a[1] = x >> 3; a[2] = x & 255;
    switch (x & 7) {
    case 0: a[0] += 11; break;
    case 1: a[1] *= 3; break;
    case 2: a[2] -= 5; break;
    case 3: a[0] ^= a[1]; break;
    case 4: for (int i = 0; i < 6; ++i) a[i % 3] += i; break;
    case 5: a[1] = a[2] * 7; break;
    case 6: a[2] = a[0] % 13; break;
    case 7: a[0] = a[1] = a[2] = 1; break;
    }
    out[gid] = a[0] * 31 + a[1] * 7 + a[2];
}
