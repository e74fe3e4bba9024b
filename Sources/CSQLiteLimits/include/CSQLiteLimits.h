#ifndef CSQLITELIMITS_H
#define CSQLITELIMITS_H

#include <sqlite3.h>

/// Puts a budget in front of SQLite's own allocator, for the whole process: between
/// `ttsite_sqlite3_budget_begin` and `_end`, what SQLite allocates on the calling thread (less
/// what it frees there) may not pass the budget, and an allocation that would is refused, as
/// if memory had run out (SQLITE_NOMEM). Other threads, and the time outside a budget, are
/// not bounded. Counts per thread, without a lock: SQLite's own count
/// (SQLITE_CONFIG_MEMSTATUS, which `sqlite3_hard_heap_limit64` needs) takes a lock of the
/// process on every allocation. Must be called before SQLite is first used; returns
/// SQLITE_OK, or SQLite's error when it was too late.
int ttsite_sqlite3_memory_budget_install(void);

/// Starts a budget of `bytes` on the calling thread.
void ttsite_sqlite3_budget_begin(sqlite3_int64 bytes);

/// Whether an allocation was refused since the calling thread's budget began.
int ttsite_sqlite3_budget_exceeded(void);

/// Ends the calling thread's budget.
void ttsite_sqlite3_budget_end(void);

/// Makes SQL's `printf()` and `format()` on `db` say when a result would be longer than the
/// connection's length limit (SQLITE_LIMIT_LENGTH), with SQLite's "string or blob too big"
/// error: SQLite 3.40 returns NULL then, silently. The formatting is SQLite's own: each call
/// runs the built-in printf on a private in-memory connection with the same length limit,
/// its format led by one more character, so that a NULL it makes is only a result too long
/// (SQLite also makes NULL of a result it never began, such as an empty format's, which is
/// answered as it answers it). Returns SQLITE_OK or SQLite's error.
int ttsite_sqlite3_checked_printf(sqlite3 *db);

#endif
