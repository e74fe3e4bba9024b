#include <sqlite3.h>

/// `sqlite3_db_config` takes its arguments as a variadic list, which Swift cannot call: the
/// on/off settings ttsite changes go through this plain wrapper. Returns SQLITE_OK or an error.
static inline int ttsite_sqlite3_db_config_flag(sqlite3 *db, int op, int on) {
    return sqlite3_db_config(db, op, on, (int *)0);
}
