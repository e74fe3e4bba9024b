#include "CSQLiteClock.h"

#include <stdlib.h>
#include <string.h>

/// A VFS that hands every call to the one it wraps, but for the time.
typedef struct {
    sqlite3_vfs base;
    sqlite3_vfs *real;
    /// The time it says: a Julian day number in milliseconds, as `xCurrentTimeInt64` gives.
    sqlite3_int64 julian_ms;
    char name[64];
} clock_vfs;

#define REAL(vfs) (((clock_vfs *)(vfs))->real)

static int clock_open(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *out_flags) {
    return REAL(vfs)->xOpen(REAL(vfs), name, file, flags, out_flags);
}
static int clock_delete(sqlite3_vfs *vfs, const char *name, int sync_dir) {
    return REAL(vfs)->xDelete(REAL(vfs), name, sync_dir);
}
static int clock_access(sqlite3_vfs *vfs, const char *name, int flags, int *result) {
    return REAL(vfs)->xAccess(REAL(vfs), name, flags, result);
}
static int clock_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
    return REAL(vfs)->xFullPathname(REAL(vfs), name, size, out);
}
static void *clock_dl_open(sqlite3_vfs *vfs, const char *name) {
    return REAL(vfs)->xDlOpen(REAL(vfs), name);
}
static void clock_dl_error(sqlite3_vfs *vfs, int size, char *out) {
    REAL(vfs)->xDlError(REAL(vfs), size, out);
}
static void (*clock_dl_sym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void) {
    return REAL(vfs)->xDlSym(REAL(vfs), handle, symbol);
}
static void clock_dl_close(sqlite3_vfs *vfs, void *handle) {
    REAL(vfs)->xDlClose(REAL(vfs), handle);
}
static int clock_randomness(sqlite3_vfs *vfs, int size, char *out) {
    return REAL(vfs)->xRandomness(REAL(vfs), size, out);
}
static int clock_sleep(sqlite3_vfs *vfs, int microseconds) {
    return REAL(vfs)->xSleep(REAL(vfs), microseconds);
}
static int clock_current_time(sqlite3_vfs *vfs, double *julian_day) {
    *julian_day = (double)((clock_vfs *)vfs)->julian_ms / 86400000.0;
    return SQLITE_OK;
}
static int clock_get_last_error(sqlite3_vfs *vfs, int size, char *out) {
    return REAL(vfs)->xGetLastError ? REAL(vfs)->xGetLastError(REAL(vfs), size, out) : 0;
}
static int clock_current_time_int64(sqlite3_vfs *vfs, sqlite3_int64 *julian_ms) {
    *julian_ms = ((clock_vfs *)vfs)->julian_ms;
    return SQLITE_OK;
}
static int clock_set_system_call(sqlite3_vfs *vfs, const char *name, sqlite3_syscall_ptr call) {
    return REAL(vfs)->xSetSystemCall(REAL(vfs), name, call);
}
static sqlite3_syscall_ptr clock_get_system_call(sqlite3_vfs *vfs, const char *name) {
    return REAL(vfs)->xGetSystemCall(REAL(vfs), name);
}
static const char *clock_next_system_call(sqlite3_vfs *vfs, const char *name) {
    return REAL(vfs)->xNextSystemCall(REAL(vfs), name);
}

/// The Julian day number of 1970-01-01T00:00:00Z, in milliseconds.
static const sqlite3_int64 unix_epoch_julian_ms = 210866760000000LL;

sqlite3_vfs *ttsite_clock_vfs_register(const char *name, sqlite3_int64 unix_ms) {
    sqlite3_vfs *real = sqlite3_vfs_find(0);
    if (!real || strlen(name) >= sizeof(((clock_vfs *)0)->name)) return 0;
    clock_vfs *vfs = calloc(1, sizeof(clock_vfs));
    if (!vfs) return 0;
    strcpy(vfs->name, name);
    vfs->real = real;
    vfs->julian_ms = unix_ms + unix_epoch_julian_ms;
    vfs->base.iVersion = real->iVersion < 2 ? 2 : real->iVersion;
    vfs->base.szOsFile = real->szOsFile;
    vfs->base.mxPathname = real->mxPathname;
    vfs->base.zName = vfs->name;
    vfs->base.xOpen = clock_open;
    vfs->base.xDelete = clock_delete;
    vfs->base.xAccess = clock_access;
    vfs->base.xFullPathname = clock_full_pathname;
    vfs->base.xDlOpen = clock_dl_open;
    vfs->base.xDlError = clock_dl_error;
    vfs->base.xDlSym = clock_dl_sym;
    vfs->base.xDlClose = clock_dl_close;
    vfs->base.xRandomness = clock_randomness;
    vfs->base.xSleep = clock_sleep;
    vfs->base.xCurrentTime = clock_current_time;
    vfs->base.xGetLastError = clock_get_last_error;
    vfs->base.xCurrentTimeInt64 = clock_current_time_int64;
    if (real->iVersion >= 3) {
        vfs->base.xSetSystemCall = clock_set_system_call;
        vfs->base.xGetSystemCall = clock_get_system_call;
        vfs->base.xNextSystemCall = clock_next_system_call;
    }
    if (sqlite3_vfs_register(&vfs->base, 0) != SQLITE_OK) {
        free(vfs);
        return 0;
    }
    return &vfs->base;
}

void ttsite_clock_vfs_unregister(sqlite3_vfs *vfs) {
    if (!vfs) return;
    sqlite3_vfs_unregister(vfs);
    free(vfs);
}
