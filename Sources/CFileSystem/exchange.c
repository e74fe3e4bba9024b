// The one system call ttsite needs that Swift's Glibc module does not expose:
// renameat2 is declared only with _GNU_SOURCE.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include "CFileSystem.h"

#if defined(__APPLE__)
int ttsite_exchange_paths(const char *first, const char *second) {
    return renamex_np(first, second, RENAME_SWAP);
}
#elif defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
int ttsite_exchange_paths(const char *first, const char *second) {
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
}
#else
int ttsite_exchange_paths(const char *first, const char *second) {
    (void)first; (void)second;
    errno = ENOSYS;
    return -1;
}
#endif
