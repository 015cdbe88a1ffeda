/* app_common.h — the test application's kernel header: the threshold and the
 * long side of divergent.cl's branch.  The install test touches this file and
 * expects only divergent.cl's rewrites to re-run. */
#ifndef APP_COMMON_H
#define APP_COMMON_H

#define APP_THRESHOLD 0

int app_heavy(int r)
{
    for (int i = 0; i < 20; ++i)
        r = (r * 7 + i) % 10007;
    return r;
}

#endif
