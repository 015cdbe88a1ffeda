// The EMBED variant, compiled as C++: the generated headers must also be
// valid C++ (no narrowing of bytes >= 0x80 into char).
#define APP_EMBED 1
#include "app.c"
