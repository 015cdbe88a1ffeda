// struct_array_field.cl
//
// Tests: a struct made data-dependent only by stores into its array field.
// A descriptor kernel in the style of image feature extractors: each
// work-item fills a small histogram (`desc.bins[b]`) from its pixel's
// neighbourhood; the descriptor's other fields are constants.  A
// data-dependent branch (strong or weak response) follows, and the
// histogram is read after it, so it must move with the work-item's new ID.
// (Until 2026-12-07 the divergence analysis missed stores whose array is a
// struct's field, took `desc` for uniform and moved nothing: wrong output.)
//
// Expected tdrc action: REMAP the response branch; 'desc' migrates.
//
// EXEC: kernel=struct_array_field global=32x24 local=8x4,16x8
// EXEC: arg img buf int size=N fill=mix:-50:50
// EXEC: arg out buf int size=N fill=zero
// EXEC: arg width val int value=G0

#define NBINS 8
#define AT(x, y) img[(y) * width + (x)]

typedef struct descriptor {
  int bins[NBINS];
  int scale;  // a constant of the descriptor, the same for every pixel
  float norm;
} descriptor_t;

static int clamp_coord(int v, int hi) { return v < 0 ? 0 : (v > hi ? hi : v); }

__kernel void struct_array_field(__global const int *img, __global int *out,
                                 const int width) {
  const int x = get_global_id(0), y = get_global_id(1);
  const int height = get_global_size(1);
  descriptor_t desc;
  desc.scale = 3;
  desc.norm = 0.5f;
  for (int b = 0; b < NBINS; b++)
    desc.bins[b] = 0;
  for (int dy = -1; dy <= 1; dy++)
    for (int dx = -1; dx <= 1; dx++) {
      int v = AT(clamp_coord(x + dx, width - 1), clamp_coord(y + dy, height - 1));
      desc.bins[(v + 64) & (NBINS - 1)] += v;
    }
  int response = AT(x, y);
  if (response > 0) {
    // Strong: smooth the histogram a few times.
    for (int r = 0; r < 4; r++)
      for (int b = 1; b < NBINS; b++)
        desc.bins[b] = (desc.bins[b] * 3 + desc.bins[b - 1]) / 4 + r;
  } else {
    desc.bins[0] -= response;
  }
  int acc = 0;
  for (int b = 0; b < NBINS; b++)
    acc = acc * desc.scale + desc.bins[b];
  out[y * width + x] = acc + (int)(desc.norm * 8.0f);
}
