#include "CSQLiteLimits.h"
#include <string.h>

// The private connection that runs SQLite's own printf, with a statement for each number of
// arguments it was called with. Shared by `printf` and `format` of one connection, and freed
// when both are.
typedef struct {
    sqlite3 *db;
    sqlite3_stmt *statements[128];
    int users;
} Printer;

static void printer_release(void *data) {
    Printer *printer = data;
    if (--printer->users > 0) return;
    for (int index = 0; index < 128; index++) sqlite3_finalize(printer->statements[index]);
    sqlite3_close(printer->db);
    sqlite3_free(printer);
}

// `SELECT printf('x' || ?1, ?2, …, ?count)`, prepared once for each count below 128; or, with
// `marked` false, without the 'x' (prepared each time: it is asked for rarely).
static sqlite3_stmt *printer_statement(Printer *printer, int count, int marked) {
    if (marked && count < 128 && printer->statements[count]) return printer->statements[count];
    sqlite3_str *sql = sqlite3_str_new(0);
    sqlite3_str_appendall(sql, marked ? "SELECT printf('x' || ?1" : "SELECT printf(?1");
    for (int index = 2; index <= count; index++) sqlite3_str_appendf(sql, ", ?%d", index);
    sqlite3_str_appendall(sql, ")");
    char *text = sqlite3_str_finish(sql);
    if (!text) return 0;
    sqlite3_stmt *statement = 0;
    sqlite3_prepare_v2(printer->db, text, -1, &statement, 0);
    sqlite3_free(text);
    if (statement && marked && count < 128) printer->statements[count] = statement;
    return statement;
}

// Steps `statement` with `values` bound; SQLITE_ROW leaves its value to read, then it is to be
// reset with `printer_done`.
static int printer_run(sqlite3_stmt *statement, int count, sqlite3_value **values) {
    for (int index = 0; index < count; index++) sqlite3_bind_value(statement, index + 1, values[index]);
    return sqlite3_step(statement);
}

static void printer_done(sqlite3_stmt *statement, int cached) {
    sqlite3_reset(statement);
    sqlite3_clear_bindings(statement);
    if (!cached) sqlite3_finalize(statement);
}

static void printer_fail(sqlite3_context *context, Printer *printer, int status) {
    // A later SQLite says "too big" itself, as this file does for 3.40.
    if (status == SQLITE_TOOBIG) {
        sqlite3_result_error_toobig(context);
    } else if (status == SQLITE_NOMEM) {
        sqlite3_result_error_nomem(context);
    } else {
        sqlite3_result_error(context, sqlite3_errmsg(printer->db), -1);
    }
}

// SQLite's printf of `values` on the private connection, its format led by an 'x': SQLite
// makes NULL of a result longer than the limit, or of one it never began (an empty format,
// an unknown conversion first); with the 'x', NULL is only the first, the error here, and a
// bare 'x' is the second, answered as SQLite answers it.
static void checked_printf(sqlite3_context *context, int count, sqlite3_value **values) {
    if (count == 0 || sqlite3_value_type(values[0]) == SQLITE_NULL) return;
    Printer *printer = sqlite3_user_data(context);
    int limit = sqlite3_limit(sqlite3_context_db_handle(context), SQLITE_LIMIT_LENGTH, -1);
    sqlite3_limit(printer->db, SQLITE_LIMIT_LENGTH, limit < 0x7fffffff ? limit + 1 : limit);
    sqlite3_stmt *statement = printer_statement(printer, count, 1);
    if (!statement) {
        sqlite3_result_error_nomem(context);
        return;
    }
    int cached = count < 128;
    int status = printer_run(statement, count, values);
    if (status != SQLITE_ROW) {
        printer_fail(context, printer, status);
    } else if (sqlite3_column_type(statement, 0) == SQLITE_NULL) {
        sqlite3_result_error_toobig(context);
    } else if (sqlite3_column_bytes(statement, 0) > 1) {
        sqlite3_result_text(context, (const char *)sqlite3_column_text(statement, 0) + 1, sqlite3_column_bytes(statement, 0) - 1, SQLITE_TRANSIENT);
    } else {
        sqlite3_stmt *plain = printer_statement(printer, count, 0);
        int plainStatus = plain ? printer_run(plain, count, values) : SQLITE_NOMEM;
        if (plainStatus == SQLITE_ROW) {
            sqlite3_result_value(context, sqlite3_column_value(plain, 0));
        } else {
            printer_fail(context, printer, plainStatus);
        }
        if (plain) printer_done(plain, 0);
    }
    printer_done(statement, cached);
}

int ttsite_sqlite3_checked_printf(sqlite3 *db) {
    Printer *printer = sqlite3_malloc(sizeof(Printer));
    if (!printer) return SQLITE_NOMEM;
    memset(printer, 0, sizeof(Printer));
    int status = sqlite3_open_v2(":memory:", &printer->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_MEMORY | SQLITE_OPEN_NOMUTEX, 0);
    if (status != SQLITE_OK) {
        sqlite3_close(printer->db);
        sqlite3_free(printer);
        return status;
    }
    // Innocuous as the built-in is: a view of an attached file may call it (SQLITE_DBCONFIG_TRUSTED_SCHEMA is off).
    int flags = SQLITE_UTF8 | SQLITE_DETERMINISTIC | SQLITE_INNOCUOUS;
    const char *names[] = {"printf", "format"};
    for (int index = 0; index < 2; index++) {
        printer->users++;
        status = sqlite3_create_function_v2(db, names[index], -1, flags, printer, checked_printf, 0, 0, printer_release);
        // On failure SQLite has called `printer_release` already.
        if (status != SQLITE_OK) return status;
    }
    return SQLITE_OK;
}
