// A parameter type of header_kernels.cu that the host file needs too: the
// launcher header includes this file as header_kernels.cu spells it.
#ifndef HEADER_TYPES_H
#define HEADER_TYPES_H
namespace app {
struct Mix {
    float scale, bias;
};
} // namespace app
#endif
