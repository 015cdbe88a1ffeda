/* split_plan: see split_plan.h. */
#include "split_plan.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#define MARKER "tdrc-split:"
#define LISTS_MARKER "tdrc-split-lists:"

static int is_ident(const char *s, size_t n) {
  if (n == 0 || (!isalpha((unsigned char)s[0]) && s[0] != '_'))
    return 0;
  for (size_t i = 0; i < n; i++)
    if (!isalnum((unsigned char)s[i]) && s[i] != '_')
      return 0;
  return 1;
}

static int bad(const char *path, int line, const char *why) {
  fprintf(stderr, "tdr_exec: %s:%d: malformed tdrc-split(-lists) descriptor: %s\n", path, line,
          why);
  return -1;
}

/* parts=A,B,... into d; 0, or -1 after printing why. */
static int parse_parts(const char *v, size_t n, split_plan *d, const char *path, int line) {
  d->nparts = 0;
  for (size_t start = 0;;) {
    size_t len = 0;
    while (start + len < n && v[start + len] != ',')
      len++;
    if (!is_ident(v + start, len) || len >= SPLIT_NAME_MAX)
      return bad(path, line, "parts= wants kernel names joined by commas");
    if (d->nparts == SPLIT_MAX_PARTS) {
      char why[64];
      snprintf(why, sizeof why, "more than %d parts", SPLIT_MAX_PARTS);
      return bad(path, line, why);
    }
    memcpy(d->part[d->nparts], v + start, len);
    d->part[d->nparts++][len] = '\0';
    start += len + 1;
    if (start > n)
      return 0;
  }
}

/* The fields of one descriptor, body = the text between marker and closer. */
static int parse_body(const char *body, size_t n, int lists, split_plan *d, const char *path,
                      int line) {
  int have_parts = 0;
  d->kernel[0] = d->list[0] = '\0';
  for (size_t i = 0; i < n;) {
    if (body[i] == ' ' || body[i] == '\t') {
      i++;
      continue;
    }
    size_t len = 0;
    while (i + len < n && body[i + len] != ' ' && body[i + len] != '\t')
      len++;
    const char *f = body + i, *eq = memchr(f, '=', len);
    if (!eq)
      return bad(path, line, "a field without '='");
    size_t klen = (size_t)(eq - f), vlen = len - klen - 1;
    if (klen == 6 && !strncmp(f, "kernel", 6)) {
      if (!is_ident(eq + 1, vlen) || vlen >= SPLIT_NAME_MAX)
        return bad(path, line, "kernel= is no kernel name");
      memcpy(d->kernel, eq + 1, vlen);
      d->kernel[vlen] = '\0';
    } else if (lists && klen == 4 && !strncmp(f, "list", 4)) {
      if (!is_ident(eq + 1, vlen) || vlen >= SPLIT_NAME_MAX)
        return bad(path, line, "list= is no kernel name");
      memcpy(d->list, eq + 1, vlen);
      d->list[vlen] = '\0';
    } else if (klen == 5 && !strncmp(f, "parts", 5)) {
      if (parse_parts(eq + 1, vlen, d, path, line))
        return -1;
      have_parts = 1;
    } /* reads=, writes=, and fields a later tdrc may add: not needed here */
    i += len;
  }
  if (!d->kernel[0] || !have_parts)
    return bad(path, line, "it needs kernel= and parts=");
  if (lists && (!d->list[0] || !strcmp(d->list, d->kernel)))
    return bad(path, line, "it needs list= naming a kernel of its own");
  /* A part named like the kernel would run the kernel itself: a plan that
   * always "passes". */
  for (int p = 0; p < d->nparts; p++)
    if (!strcmp(d->part[p], d->kernel))
      return bad(path, line, "a part named like its kernel");
  return 0;
}

int split_plan_find(const char *text, const char *path, const char *kernel, int lists,
                    split_plan *plan) {
  const char *marker = lists ? LISTS_MARKER : MARKER;
  int found = 0, line = 1;
  for (const char *s = text; *s; line++) {
    const char *end = strchr(s, '\n');
    if (!end)
      end = s + strlen(s);
    const char *p = s;
    while (p < end && (*p == ' ' || *p == '\t'))
      p++;
    if (end - p >= 2 && p[0] == '/' && p[1] == '*') {
      p += 2;
      while (p < end && (*p == ' ' || *p == '\t'))
        p++;
      size_t mlen = strlen(marker);
      if ((size_t)(end - p) >= mlen && !strncmp(p, marker, mlen)) {
        p += mlen;
        const char *close = NULL;
        for (const char *c = p; c + 1 < end; c++)
          if (c[0] == '*' && c[1] == '/')
            close = c;
        if (!close)
          return bad(path, line, "no closing */ on its line");
        split_plan d;
        if (parse_body(p, (size_t)(close - p), lists, &d, path, line))
          return -1;
        if (!strcmp(d.kernel, kernel)) {
          if (found++) {
            fprintf(stderr, "tdr_exec: %s:%d: kernel '%s' has two %s descriptors\n", path, line,
                    kernel, marker);
            return -1;
          }
          *plan = d;
        }
      }
    }
    s = *end ? end + 1 : end;
  }
  return found;
}
