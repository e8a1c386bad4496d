/* data.c — the embedded data files, and reading a whole file.
 *
 * A file read from outside (a scenario, house rules) must be a regular file
 * of at most GROG_FILE_MAX bytes; it is read with that bound whatever its
 * size said, so a device, a pipe or a growing file never makes us wait or
 * grow without end. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

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

/* Reads at most max bytes of fd; more than that is refused (the file grew
 * since it was measured). */
static grog_status read_bounded(int fd, const char *path, size_t expect, size_t max, char **text,
                                size_t *len, grog_error *err)
{
    size_t cap = expect + 1 > max ? max + 1 : expect + 1, n = 0;
    char *buf = malloc(cap + 1);
    if (buf == NULL)
        return grog_error_set(err, GROG_ENOMEM, _("%s: out of memory reading"), path);
    for (;;) {
        if (n == cap) {
            if (cap > max)
                break;
            size_t ncap = cap * 2 > max + 1 ? max + 1 : cap * 2;
            char *nb = realloc(buf, ncap + 1);
            if (nb == NULL) {
                free(buf);
                return grog_error_set(err, GROG_ENOMEM, _("%s: out of memory reading"), path);
            }
            buf = nb;
            cap = ncap;
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            int e = errno;
            free(buf);
            return grog_error_set(err, GROG_EIO, _("%s: read error: %s"), path, strerror(e));
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    if (n > max) {
        free(buf);
        return grog_error_set(err, GROG_EINVAL, _("%s: too large: more than %zu bytes"), path, max);
    }
    buf[n] = '\0';
    *text = buf;
    if (len != NULL)
        *len = n;
    return GROG_OK;
}

grog_status grog_data_read_file(const char *path, char **text, size_t *len, grog_error *err)
{
    /* O_NONBLOCK: opening a FIFO must not wait for a writer; it is refused
     * below as not a regular file, like a device (/dev/zero) or a folder. */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0)
        return grog_error_set(err, errno == ENOENT ? GROG_ENOTFOUND : GROG_EIO,
                              _("%s: cannot open: %s"), path, strerror(errno));
    struct stat sb;
    if (fstat(fd, &sb) != 0) {
        int e = errno;
        close(fd);
        return grog_error_set(err, GROG_EIO, _("%s: cannot read: %s"), path, strerror(e));
    }
    if (!S_ISREG(sb.st_mode)) {
        close(fd);
        return grog_error_set(err, GROG_EINVAL, _("%s: not a regular file (%s)"), path,
                              S_ISDIR(sb.st_mode)   ? _("a folder")
                              : S_ISFIFO(sb.st_mode) ? _("a pipe")
                              : S_ISCHR(sb.st_mode) || S_ISBLK(sb.st_mode) ? _("a device")
                                                                           : _("not a file"));
    }
    if (sb.st_size < 0 || (unsigned long long)sb.st_size > GROG_FILE_MAX) {
        close(fd);
        return grog_error_set(err, GROG_EINVAL, _("%s: too large: %lld bytes, at most %d MiB"),
                              path, (long long)sb.st_size, GROG_FILE_MAX >> 20);
    }
    int flags = fcntl(fd, F_GETFL);
    if (flags >= 0)
        fcntl(fd, F_SETFL, flags & ~O_NONBLOCK);
    grog_status st = read_bounded(fd, path, (size_t)sb.st_size, GROG_FILE_MAX, text, len, err);
    close(fd);
    return st;
}
