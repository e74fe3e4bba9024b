import CSQLite
import CSQLiteClock
import CSQLiteLimits
import Foundation

/// The build's database: one in-memory SQLite connection that the data sources are loaded
/// into as tables (`load`), SQLite files are attached to read-only (`attach`), and pages run
/// read-only queries over (`query`), with limits on time, rows and bytes.
///
/// SQLite through its C library (the `CSQLite` system library), not GRDB.swift: the few
/// calls needed — the authorizer, the progress handler, `sqlite3_error_offset`, read-only and
/// immutable URI opening, `sqlite3_db_config` — are all in the C API (`sqlite3_db_config` is
/// variadic, so it goes through a one-line wrapper in `shim.h`, as libvips' calls do); it is
/// how the project already uses cmark-gfm and libvips; it adds nothing to the package's build
/// time; and GRDB's first platform is Apple's, not Linux.
///
/// One connection, and a lock that serialises every call: SQLite's own mutexes are off
/// (`SQLITE_OPEN_NOMUTEX`) because nothing reaches the connection except through the lock.
/// Queries on several threads go to `readers(_:)`: further read-only connections over a
/// snapshot of this one.
public final class SQLDatabase: @unchecked Sendable {
    let connection: OpaquePointer
    let lock = NSLock()
    /// Where the authorizer and the progress handler find the guard of the query running.
    let post = QueryGuard.Post()
    /// The page queries prepared on this connection, each run again with new parameters
    /// (`SQLDatabase+Query.swift`); under the lock.
    var statements = StatementCache()
    /// The files attached, in order: their schema names and `file:` URIs, to attach again on
    /// a reader.
    var attachments: [(schema: String, uri: String)] = []
    /// The bytes a reader's main schema reads (`SQLSnapshot`), kept until the connection is
    /// closed; nil for the build's own database.
    private let snapshot: SQLSnapshot?
    /// The moment SQL's `now` says, when it is not the machine's; its readers share it.
    let clock: SQLClock?

    /// A new, empty in-memory database. Extensions cannot be loaded; the defensive mode is
    /// on (no `writable_schema`, no writes to shadow tables); the schemas of attached files
    /// are not trusted (their views and triggers may only call harmless functions). Large
    /// sorts spill to SQLite's temporary files, as by default: `temp_store = MEMORY` was no
    /// faster on a GROUP BY over a million rows and raised the peak memory from 115 to 184 MB.
    /// The rollback journal stays (SQLite keeps it in
    /// memory): a new table's pages are never journaled, so turning it off saved nothing
    /// measurable on a million rows, and with it a failed load rolls back cleanly.
    ///
    /// With `now`, SQL's `now` is that moment (`date('now')`, `datetime('now')`,
    /// `CURRENT_DATE`, `unixepoch()` …), in this connection and its readers: a build's clock,
    /// not the machine's, so that a report's "as of" agrees with its ages and feeds.
    public init(now: Date? = nil) throws(SQLError) {
        let clock = try now.map { (now) throws(SQLError) in try SQLClock(now) }
        let handle = try Self.open(failing: "could not open an in-memory SQLite database", clock: clock)
        connection = handle
        snapshot = nil
        self.clock = clock
        try Self.configure(handle)
        post.install(on: handle)
    }

    /// A new database file at `file` (any file there is removed first), to store a table in and
    /// keep: no journal and no syncing, since a file that is cut short is thrown away, never
    /// read (its maker renames it into place only once it is whole). `copyTable(_:from:)`
    /// reads it into a build's database.
    public init(creatingFile file: URL) throws(SQLError) {
        try? FileManager.default.removeItem(at: file)
        let handle = try Self.open(failing: "could not create the database file `\(file.path)`", path: file.path)
        connection = handle
        snapshot = nil
        clock = nil
        try Self.configure(handle)
        post.install(on: handle)
        try execute("PRAGMA journal_mode = OFF")
        try execute("PRAGMA synchronous = OFF")
    }

    /// A reader: a new connection whose main schema is `snapshot`, read-only, and with the
    /// files of `attachments` attached as they were to the database the snapshot is of.
    init(reading snapshot: SQLSnapshot, attachments: [(schema: String, uri: String)], clock: SQLClock?) throws(SQLError) {
        let handle = try Self.open(failing: "could not open a reader of the database", clock: clock)
        connection = handle
        self.snapshot = snapshot
        self.clock = clock
        try Self.configure(handle)
        post.install(on: handle)
        // Read-only: SQLite never writes the snapshot's bytes, which every reader shares.
        let flagsRead = UInt32(SQLITE_DESERIALIZE_READONLY)
        guard sqlite3_deserialize(handle, "main", snapshot.bytes, snapshot.size, snapshot.size, flagsRead) == SQLITE_OK else {
            throw SQLError(.sql, "could not open a reader of the database: \(String(cString: sqlite3_errmsg(handle)))")
        }
        for (schema, uri) in attachments {
            try attachFile(uri: uri, as: schema)
        }
        // Pages are read where they lie in the snapshot, not copied into each reader's cache.
        try execute("PRAGMA mmap_size = \(snapshot.size)")
        try execute("PRAGMA query_only = 1")
    }

    /// SQLite's settings for the whole process, made before SQLite is first used (a
    /// connection opens, or a clock is registered): it does not count the memory it holds
    /// (`SQLITE_CONFIG_MEMSTATUS` off). Counting takes one lock of the process on every
    /// allocation of every connection, and readers on several threads queued on it: 20,000
    /// queries on two threads waited for it 10,000 times; and `sqlite3_hard_heap_limit64`,
    /// which needs it, bounds the whole process, the loaded tables and every reader at once.
    /// A query's memory is bounded instead by a budget of its thread in front of SQLite's
    /// allocator (`CSQLiteLimits`), which counts without a lock.
    static let processSettings: Void = {
        _ = ttsite_sqlite3_config_memstatus(0)
        let budget = ttsite_sqlite3_memory_budget_install()
        precondition(budget == SQLITE_OK, "SQLite was used before its process settings were made")
    }()

    /// A new in-memory connection (or one to a new file at `path`), its own mutexes off
    /// (`SQLDatabase`'s lock serialises it); an error starting with `failing` when SQLite
    /// cannot open one.
    private static func open(failing: String, path: String? = nil, clock: SQLClock? = nil) throws(SQLError) -> OpaquePointer {
        _ = processSettings
        var handle: OpaquePointer?
        let flags =
            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | (path == nil ? SQLITE_OPEN_MEMORY | SQLITE_OPEN_URI : 0) | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path ?? ":memory:", &handle, flags, clock?.name)
        guard status == SQLITE_OK, let handle else {
            let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close_v2(handle)
            throw SQLError(.sql, "\(failing): \(message)")
        }
        return handle
    }

    /// Extensions cannot be loaded, the defensive mode is on, attached schemas are not trusted.
    private static func configure(_ handle: OpaquePointer) throws(SQLError) {
        for (option, on) in [
            (SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0), (SQLITE_DBCONFIG_DEFENSIVE, 1), (SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0),
        ] {
            guard ttsite_sqlite3_db_config_flag(handle, option, Int32(on)) == SQLITE_OK else {
                throw SQLError(.sql, "could not configure the database: \(String(cString: sqlite3_errmsg(handle)))")
            }
        }
        // printf() past the length limit is an error, not NULL (`CSQLiteLimits`).
        guard ttsite_sqlite3_checked_printf(handle) == SQLITE_OK else {
            throw SQLError(.sql, "could not configure the database: \(String(cString: sqlite3_errmsg(handle)))")
        }
    }

    deinit {
        // The statements first: the connection closes when the last is finalised, and a
        // reader's snapshot is freed only after that.
        statements.removeAll()
        sqlite3_close_v2(connection)
    }

    // MARK: - Statements of our own (no guard on duty, no limits)

    /// Runs SQL that ttsite wrote itself.
    func execute(_ sql: String) throws(SQLError) {
        let status = sqlite3_exec(connection, sql, nil, nil, nil)
        guard status == SQLITE_OK else { throw lastError(sql: sql) }
    }

    /// The first statement of `sql`, or nil when `sql` holds none (only blanks and comments).
    func prepare(_ sql: String) throws(SQLError) -> SQLStatement? {
        var handle: OpaquePointer?
        var tail = 0
        let status = sql.utf8CString.withUnsafeBufferPointer { text in
            var end: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v2(connection, text.baseAddress, Int32(text.count), &handle, &end)
            if let end, let base = text.baseAddress { tail = end - base }
            return status
        }
        guard status == SQLITE_OK else {
            sqlite3_finalize(handle)
            throw lastError(sql: sql)
        }
        return handle.map { SQLStatement($0, tail: tail) }
    }

    /// SQLite's last error, with the offset of the token it stopped at when there is one.
    func lastError(sql: String? = nil) -> SQLError {
        let message = String(cString: sqlite3_errmsg(connection))
        let offset = sqlite3_error_offset(connection)
        return SQLError(.sql, message, offset: sql != nil && offset >= 0 ? Int(offset) : nil)
    }

    func withLock<T>(_ body: () throws(SQLError) -> T) throws(SQLError) -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A clock of SQL's own: a VFS that is SQLite's default one but for the time, which is always
/// `now` (`CSQLiteClock`). Registered for as long as a connection may use it: every
/// connection that does holds it.
final class SQLClock: @unchecked Sendable {
    let name: String
    private let vfs: UnsafeMutablePointer<sqlite3_vfs>

    private static let counter = Counter()

    init(_ now: Date) throws(SQLError) {
        _ = SQLDatabase.processSettings
        name = "ttsite-clock-\(Self.counter.next())"
        let milliseconds = Int64((now.timeIntervalSince1970 * 1000).rounded(.down))
        guard let vfs = ttsite_clock_vfs_register(name, milliseconds) else {
            throw SQLError(.sql, "could not set SQL's clock to the build's time")
        }
        self.vfs = vfs
    }

    deinit {
        ttsite_clock_vfs_unregister(vfs)
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}

/// `"name"`: an identifier quoted for SQL, whatever it holds.
func quotedIdentifier(_ name: String) -> String {
    "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\""
}
