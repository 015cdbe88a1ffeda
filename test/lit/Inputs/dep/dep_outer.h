#ifndef DEP_OUTER_H
#define DEP_OUTER_H
#include "dep_inner.h"
#define DEP_LIMIT 3
#endif
