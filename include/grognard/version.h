/* version.h — the library's version and its message domain. */
#ifndef GROGNARD_VERSION_H
#define GROGNARD_VERSION_H

#define GROG_VERSION "0.1.0"
#define GROG_TEXTDOMAIN "grognard"

/* The library's version string ("0.1.0"). */
const char *grog_version(void);

#endif
