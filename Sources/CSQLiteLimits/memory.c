#include "CSQLiteLimits.h"

// SQLite's allocator, which every call below goes on to.
static sqlite3_mem_methods base;

// The calling thread's budget: whether one is on, the bytes it has left (more than it began
// with when SQLite frees what it held before), and whether an allocation was refused.
static _Thread_local int active;
static _Thread_local sqlite3_int64 left;
static _Thread_local int exceeded;

static void *budget_malloc(int bytes) {
    if (!active) return base.xMalloc(bytes);
    if (base.xRoundup(bytes) > left) {
        exceeded = 1;
        return 0;
    }
    void *memory = base.xMalloc(bytes);
    if (memory) left -= base.xSize(memory);
    return memory;
}

static void budget_free(void *memory) {
    if (active && memory) left += base.xSize(memory);
    base.xFree(memory);
}

static void *budget_realloc(void *memory, int bytes) {
    if (!active) return base.xRealloc(memory, bytes);
    sqlite3_int64 before = memory ? base.xSize(memory) : 0;
    if (base.xRoundup(bytes) - before > left) {
        exceeded = 1;
        return 0;
    }
    void *moved = base.xRealloc(memory, bytes);
    if (moved) left -= base.xSize(moved) - before;
    return moved;
}

static int budget_size(void *memory) { return base.xSize(memory); }
static int budget_roundup(int bytes) { return base.xRoundup(bytes); }
static int budget_init(void *data) { return base.xInit(base.pAppData); }
static void budget_shutdown(void *data) { base.xShutdown(base.pAppData); }

int ttsite_sqlite3_memory_budget_install(void) {
    int status = sqlite3_config(SQLITE_CONFIG_GETMALLOC, &base);
    if (status != SQLITE_OK) return status;
    static const sqlite3_mem_methods budgeted = {
        budget_malloc, budget_free, budget_realloc, budget_size, budget_roundup, budget_init, budget_shutdown, 0,
    };
    return sqlite3_config(SQLITE_CONFIG_MALLOC, &budgeted);
}

void ttsite_sqlite3_budget_begin(sqlite3_int64 bytes) {
    active = 1;
    left = bytes;
    exceeded = 0;
}

int ttsite_sqlite3_budget_exceeded(void) { return exceeded; }

void ttsite_sqlite3_budget_end(void) { active = 0; }
