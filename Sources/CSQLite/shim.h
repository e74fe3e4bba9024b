#include <sqlite3.h>

/// `sqlite3_db_config` takes its arguments as a variadic list, which Swift cannot call: the
/// on/off settings ttsite changes go through this plain wrapper. Returns SQLITE_OK or an error.
static inline int ttsite_sqlite3_db_config_flag(sqlite3 *db, int op, int on) {
    return sqlite3_db_config(db, op, on, (int *)0);
}

/// `sqlite3_config` is variadic as well: this turns SQLite's count of the memory it holds
/// on or off. Only before SQLite is first used (else SQLITE_MISUSE, and nothing changes).
static inline int ttsite_sqlite3_config_memstatus(int on) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, on);
}
