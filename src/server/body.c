/* body.c — a request's body up to a limit. See body.h. */
#include <stdlib.h>
#include <string.h>

#include "body.h"

int body_take(req_body *b, const char *data, size_t n, size_t max)
{
    if (n == 0)
        return 0;
    if (b->too_large || n > max || b->len > max - n) {
        b->too_large = 1;
        return 0;
    }
    char *t = realloc(b->text, b->len + n + 1);
    if (t == NULL)
        return -1;
    memcpy(t + b->len, data, n);
    b->len += n;
    t[b->len] = '\0';
    b->text = t;
    return 0;
}

int body_step(req_body *b, int *waiting, int post, const char *upload, size_t *upload_size,
              size_t max)
{
    if (*upload_size > 0) {
        if (*waiting && post && body_take(b, upload, *upload_size, max) != 0)
            return -1;
        *upload_size = 0;
        return 0;
    }
    if (!*waiting)
        return 0;
    *waiting = 0;
    return 1;
}

void body_free(req_body *b)
{
    free(b->text);
    b->text = NULL;
    b->len = 0;
    b->too_large = 0;
}
