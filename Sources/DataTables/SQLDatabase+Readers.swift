import CSQLite
import Foundation

extension SQLDatabase {
    /// `count` connections that answer queries at the same time: this database and
    /// `count - 1` readers of a snapshot of it. Nil when there is nothing to read (no table
    /// was loaded), or SQLite cannot make the snapshot; then queries go to this database alone.
    ///
    /// How the readers see the tables: the main schema is copied once with
    /// `sqlite3_serialize`, and each reader opens that one copy with `sqlite3_deserialize`,
    /// read-only (`SQLITE_DESERIALIZE_READONLY`, no copy of its own), and reads its pages
    /// where they lie (`mmap_size`), not into a page cache of its own. Then it attaches the
    /// files this database attached, as they were (read-only, immutable), and it is made
    /// `query_only`. So the build's database stays the ordinary in-memory database that
    /// loading writes into (its journal, its memory, its speed unchanged), the readers cost
    /// one copy of the main schema in all, however many there are, and they see its tables
    /// and indexes exactly as they were at this call. A database shared through SQLite's
    /// `memdb` VFS would save that one copy but would make every load write into one growing
    /// block of memory, shared and locked between connections.
    ///
    /// A snapshot: tables loaded or files attached after this call are not in the readers.
    /// Each reader runs a query as this database does (`query`), under the same guard.
    public func readers(_ count: Int) throws(SQLError) -> SQLReaders? {
        guard count > 1 else { return nil }
        let snapshot = try withLock { () throws(SQLError) -> SQLSnapshot? in
            var size: sqlite3_int64 = 0
            guard let bytes = sqlite3_serialize(connection, "main", &size, 0), size > 0 else { return nil }
            return SQLSnapshot(bytes: bytes, size: size)
        }
        guard let snapshot else { return nil }
        let attached = lock.withLock { attachments }
        var connections = [self]
        for _ in 1..<count {
            connections.append(try SQLDatabase(reading: snapshot, attachments: attached, clock: clock))
        }
        return SQLReaders(connections)
    }

    /// The size in bytes of the main schema: what `readers(_:)` copies once.
    public var mainSize: Int {
        lock.withLock { () -> Int in
            guard let statement = try? prepare("SELECT page_count * page_size FROM pragma_page_count, pragma_page_size") else { return 0 }
            guard sqlite3_step(statement.handle) == SQLITE_ROW else { return 0 }
            return Int(statement.integer(0))
        }
    }
}

/// The bytes of a database's main schema (`sqlite3_serialize`), freed when the last reader
/// that reads them is closed.
final class SQLSnapshot: @unchecked Sendable {
    let bytes: UnsafeMutablePointer<UInt8>
    let size: sqlite3_int64

    init(bytes: UnsafeMutablePointer<UInt8>, size: sqlite3_int64) {
        self.bytes = bytes
        self.size = size
    }

    deinit {
        sqlite3_free(bytes)
    }
}

/// Connections that see the same tables, each used by one thread at a time: a query goes to
/// one that is free (`SQLDatabase.readers(_:)`).
public final class SQLReaders: @unchecked Sendable {
    private let connections: [SQLDatabase]
    private let condition = NSCondition()
    private var free: [Int]

    init(_ connections: [SQLDatabase]) {
        self.connections = connections
        free = Array(connections.indices.reversed())
    }

    /// How many connections there are: the database and its readers.
    public var count: Int { connections.count }

    /// `query(_:parameters:limits:)` on a free connection, waiting for one when every
    /// connection is busy.
    public func query(_ sql: String, parameters: [String: TableValue] = [:], limits: SQLLimits = SQLLimits()) throws(SQLError) -> Table {
        let index = take()
        defer { give(index) }
        return try connections[index].query(sql, parameters: parameters, limits: limits)
    }

    /// The connection `index` (0: the database itself), for tests.
    func connection(_ index: Int) -> SQLDatabase {
        connections[index]
    }

    /// `query` on the connection `index` (0: the database itself), for tests.
    func query(on index: Int, _ sql: String, parameters: [String: TableValue] = [:], limits: SQLLimits = SQLLimits()) throws(SQLError)
        -> Table
    {
        try connections[index].query(sql, parameters: parameters, limits: limits)
    }

    private func take() -> Int {
        condition.lock()
        defer { condition.unlock() }
        while free.isEmpty { condition.wait() }
        return free.removeLast()
    }

    private func give(_ index: Int) {
        condition.lock()
        free.append(index)
        condition.signal()
        condition.unlock()
    }
}
