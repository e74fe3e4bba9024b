#ifndef CSQLITECLOCK_H
#define CSQLITECLOCK_H

#include <sqlite3.h>

/// Registers a VFS named `name` that is the default VFS in everything but its clock, which
/// says `unix_ms` (milliseconds since 1970, UTC) whenever it is asked: a connection opened
/// with it sees that moment as SQL's `now` (`date('now')`, `CURRENT_TIMESTAMP` …). Files it
/// opens are the default VFS's. Returns the VFS, to unregister once every connection that
/// uses it is closed, or NULL when there is no default VFS or no memory.
sqlite3_vfs *ttsite_clock_vfs_register(const char *name, sqlite3_int64 unix_ms);

/// Unregisters and frees a VFS of `ttsite_clock_vfs_register`.
void ttsite_clock_vfs_unregister(sqlite3_vfs *vfs);

#endif
