// A header's `#pragma tdr` lines are ignored with a warning: tdrc rewrites
// the main file only (pragma-macro-header.cl).
#pragma tdr skip
#define BRANCH(c) if (c) out[gid] = 1; else out[gid] = 2
#define LATE(c) out[gid] = 0; if (c) out[gid] = 1
#define SKIP _Pragma("tdr skip")
