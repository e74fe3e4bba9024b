#ifndef CFILESYSTEM_H
#define CFILESYSTEM_H

/// Swaps two paths in one atomic step (Linux `renameat2(RENAME_EXCHANGE)`, macOS
/// `renamex_np(RENAME_SWAP)`). Returns 0, or -1 with errno set; errno is ENOSYS or
/// EINVAL where the kernel or file system cannot exchange.
int ttsite_exchange_paths(const char *first, const char *second);

#endif
