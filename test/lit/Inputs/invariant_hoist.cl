// Branches in loops whose conditions the loops never change
// (InvariantHoist.cpp), and ones that stay where they are.
#define ROTL32(x, n) (((x) << (n)) | ((x) >> (32 - (n))))

// The rule loop of a password kernel: one round before the loop.
__kernel void rules(__global const int *keys, __global uint *out,
                    int n, int rule_cnt)
{
  int gid = get_global_id(0);
  if (gid >= n)
    return;
  int key = keys[gid];
  uint found = 0;
  for (int r = 0; r < rule_cnt; ++r) {
    uint h = (uint)key ^ (uint)r;
    if (key & 1) {
      for (int k = 0; k < 32; ++k)
        h = ROTL32(h, 5) * 0x85ebca6bu + (uint)k;
      found += h;
    } else {
      found ^= h;
    }
  }
  out[gid] = found;
}

// Two loops: the round goes before the outer one.
__kernel void nested(__global const int *keys, __global float *out, int steps)
{
  int i = get_global_id(0);
  int mode = keys[i];
  float v = 0.0f;
  for (int t = 0; t < steps; ++t)
    for (int s = 0; s < 3; ++s) {
      if (mode > 0) {
        for (int k = 0; k < 16; ++k)
          v = v * 0.5f + (float)k;
      } else {
        v += 1.0f;
      }
    }
  out[i] = v;
}

// The loop changes what the condition reads: the round stays at the branch.
__kernel void changes(__global const int *keys, __global float *out, int steps)
{
  int i = get_global_id(0);
  int mode = keys[i];
  float v = 0.0f;
  for (int t = 0; t < steps; ++t) {
    if (mode > 0) {
      for (int k = 0; k < 16; ++k)
        v = v * 0.5f + (float)k;
    } else {
      v += 1.0f;
    }
    mode -= 1;
  }
  out[i] = v;
}

// The condition reads memory: it stays at the branch (the loop may run no
// iteration, and the original would not read it then).
__kernel void loads(__global const int *keys, __global float *out, int steps)
{
  int i = get_global_id(0);
  float v = 0.0f;
  for (int t = 0; t < steps; ++t) {
    if (keys[i] > 0) {
      for (int k = 0; k < 16; ++k)
        v = v * 0.5f + (float)k;
    } else {
      v += 1.0f;
    }
  }
  out[i] = v;
}

// A loop whose trip count varies by work-item: a round at the branch cannot
// be placed, one before the loop can.
__kernel void varying(__global const int *keys, __global const int *lens,
                      __global float *out)
{
  int i = get_global_id(0);
  int mode = keys[i];
  int len = lens[i];
  float v = 0.0f;
  for (int j = 0; j < len; ++j) {
    if (mode > 0) {
      for (int k = 0; k < 16; ++k)
        v = v * 0.5f + (float)k;
    } else {
      v += 1.0f;
    }
  }
  out[i] = v;
}

// Another divergent branch in the loop would regroup at every iteration:
// both rounds stay in the loop.
__kernel void two(__global const int *keys, __global float *out, int steps)
{
  int i = get_global_id(0);
  int mode = keys[i];
  float v = 0.0f;
  for (int t = 0; t < steps; ++t) {
    if (mode > 0) {
      for (int k = 0; k < 16; ++k)
        v = v * 0.5f + (float)k;
    } else {
      v += 1.0f;
    }
    if (v > 100.0f) {
      for (int k = 0; k < 16; ++k)
        v = v * 0.25f - (float)k;
    }
  }
  out[i] = v;
}
