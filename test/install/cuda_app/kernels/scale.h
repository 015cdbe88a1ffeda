/* scale.h — scale.cu's constants, next to it: the rewritten scale.tdr.cu finds
 * it through the original's directory. */
#ifndef SCALE_H
#define SCALE_H
#define SCALE_NEG 5
#define SCALE_POS_ADD 1
#endif
