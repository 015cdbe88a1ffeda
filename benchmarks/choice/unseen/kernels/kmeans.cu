// k-means assignment step (the Rodinia kmeans kernel's shape): one thread
// per point, features stored feature-major, a uniform loop over the
// clusters with the nearest-so-far update inside; points past the last
// whole block are padding (an ID-dependent tail), and the membership array
// records whether the point changed cluster.
#include "../bench.h"

#define NFEATURES 8

__global__ void kmeans_assign(const float *__restrict__ features, const float *__restrict__ clusters,
                              const int *__restrict__ old_membership, unsigned *__restrict__ membership,
                              float *__restrict__ min_dist_out, int npoints, int nclusters)
{
    const unsigned point_id = blockDim.x * blockIdx.x + threadIdx.x;
    if (point_id < npoints) {
        int index = -1;
        float min_dist = 3.4e38f;
        for (int i = 0; i < nclusters; i++) {
            float dist = 0.0f;
            for (int l = 0; l < NFEATURES; l++) {
                const float diff = features[l * npoints + point_id] - clusters[i * NFEATURES + l];
                dist += diff * diff;
            }
            if (dist < min_dist) {
                min_dist = dist;
                index = i;
            }
        }
        const int prev = old_membership[point_id] % nclusters;
        membership[point_id] = (unsigned)index | (index != prev ? 0x80000000u : 0u);
        min_dist_out[point_id] = min_dist;
    }
}

int bench_path(int) { return 0; }
const int bench_paths = 1;
void bench_launch(const BenchData &d, int len, cudaStream_t s)
{
    // the feature matrix holds the first NFEATURES * npoints floats of x
    const int npoints = d.n / NFEATURES - 1000;
    kmeans_assign<<<(npoints + 255) / 256, 256, 0, s>>>(d.x, d.x + 12345, d.keys, d.outu, d.outf,
                                                       npoints, len);
}
