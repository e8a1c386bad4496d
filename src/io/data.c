/* data.c — the embedded data files, and reading a whole file. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "grognard/data.h"
#include "embedded.h"
#include "i18n.h"

const char *grog_data_embedded(const char *name, size_t *len)
{
    for (size_t i = 0; i < grog_embedded_count; i++) {
        if (strcmp(grog_embedded_files[i].name, name) == 0) {
            if (len != NULL)
                *len = grog_embedded_files[i].len;
            return grog_embedded_files[i].data;
        }
    }
    return NULL;
}

size_t grog_data_count(void)
{
    return grog_embedded_count;
}

const char *grog_data_name(size_t i)
{
    return i < grog_embedded_count ? grog_embedded_files[i].name : NULL;
}

grog_status grog_data_read_file(const char *path, char **text, size_t *len, grog_error *err)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return grog_error_set(err, errno == ENOENT ? GROG_ENOTFOUND : GROG_EIO,
                              _("%s: cannot open: %s"), path, strerror(errno));
    char *buf = NULL;
    size_t n = 0, cap = 0;
    for (;;) {
        if (n + 4096 + 1 > cap) {
            size_t ncap = cap ? cap * 2 : 8192;
            char *nb = realloc(buf, ncap);
            if (nb == NULL) {
                free(buf);
                fclose(f);
                return grog_error_set(err, GROG_ENOMEM, _("%s: out of memory reading"), path);
            }
            buf = nb;
            cap = ncap;
        }
        size_t got = fread(buf + n, 1, 4096, f);
        n += got;
        if (got < 4096)
            break;
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) {
        free(buf);
        return grog_error_set(err, GROG_EIO, _("%s: read error"), path);
    }
    buf[n] = '\0';
    *text = buf;
    if (len != NULL)
        *len = n;
    return GROG_OK;
}
