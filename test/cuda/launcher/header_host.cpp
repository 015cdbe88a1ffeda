// The other translation unit: host C++ only (nvcc hands it to the host
// compiler), launching header_kernels.cu's kernels through the launchers
// that tdrc --launcher-header declares.  Prints one checksum per launch;
// run_launcher_check.sh compares every TDR_CHOOSE mode with
// TDR_CHOOSE=original, bit for bit.
#include "header_kernels.tdr.h"
#include "check_util.h"

int main(int argc, char **argv)
{
    const int len = argc > 1 ? std::atoi(argv[1]) : 64,
              n = argc > 2 ? std::atoi(argv[2]) : 1 << 20; // a multiple of 256
    unsigned *key = deviceKeys(n, 54321u);
    float *out;
    CHECK(cudaMalloc(&out, 3 * n * sizeof(float)));
    cudaStream_t s;
    CHECK(cudaStreamCreate(&s));
    app::Mix m = {0.004f, 0.125f};
    // Several launches each: the first ones of a bucket explore.
    for (int r = 0; r < 6; ++r) {
        app::detail::steps_mixed_tdr_launch(dim3(n / 128), dim3(128), 0, s, key,
                                            out, m, len, (size_t)n);
        c_steps_tdr_launch(n / 64, 64, 0, 0, key, out + n, len, n);
    }
    copy_tdr_launch(n / 256, 256, 0, s, out + n, out + 2 * n, make_float2(1.0f, 0.5f), n);
    c_scale_tdr_launch(n / 256, 256, 0, s, out + 2 * n, n);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    const char *names[] = {"steps_mixed", "c_steps", "copy+c_scale"};
    for (int p = 0; p < 3; ++p)
        std::printf("%s %016llx\n", names[p], checksum(out + p * n, n));
    CHECK(cudaStreamDestroy(s));
    CHECK(cudaFree(key));
    CHECK(cudaFree(out));
    return 0;
}
