import CSQLite

/// A page query prepared once and run again: its statement, with what a run would otherwise
/// work out again each time — its parameters' names and its result's columns.
final class PreparedQuery {
    let statement: SQLStatement
    /// The `:name` parameters without the colon, or why the query's parameters are refused.
    let names: Result<[String], SQLError>
    /// The result's columns (typed by their declared types, text where there is none, with
    /// the table column each is) and the declared types, nil for an expression; read once,
    /// on the first run.
    private var known: (columns: [Column], declared: [ColumnType?])?

    init(_ statement: SQLStatement, names: Result<[String], SQLError>) {
        self.statement = statement
        self.names = names
    }

    var columns: (columns: [Column], declared: [ColumnType?]) {
        if let known { return known }
        let count = statement.columnCount
        let declared = (0..<count).map { statement.declaredType($0).flatMap(ColumnType.init(declaredType:)) }
        let columns = (0..<count).map { Column(statement.columnName($0), declared[$0] ?? .text, origin: statement.origin($0)) }
        known = (columns, declared)
        return (columns, declared)
    }
}

/// The queries a connection prepared, by SQL text and the length limit they were prepared
/// under (SQLite checks a literal against it when it prepares and on a statement's first
/// run), for the version of the main schema's content they were prepared on: a table or
/// index made since, or a file attached since, lets them all go, so a kept statement is never
/// prepared again by SQLite behind the checks. At most `capacity` are kept.
struct StatementCache {
    struct Key: Hashable {
        let sql: String
        let length: Int32
    }

    static let capacity = 64
    private var prepared: [Key: PreparedQuery] = [:]
    private var version: UInt32 = 0

    /// The query kept for `key`, if the main schema's content is still at `version`.
    mutating func statement(for key: Key, version: UInt32) -> PreparedQuery? {
        guard version == self.version else {
            removeAll()
            return nil
        }
        return prepared[key]
    }

    mutating func keep(_ query: PreparedQuery, for key: Key, version: UInt32) {
        if version != self.version || prepared.count >= Self.capacity { removeAll() }
        self.version = version
        prepared[key] = query
    }

    mutating func removeAll() {
        prepared.removeAll()
    }

    /// How many queries are kept.
    var count: Int { prepared.count }

    /// How many times SQLite prepared the kept statements again: a statement expires when the
    /// schema changes, or when an authorizer is installed on its connection. None while the
    /// cache does its work.
    var reprepared: Int {
        prepared.values.reduce(0) { $0 + Int(sqlite3_stmt_status($1.statement.handle, SQLITE_STMTSTATUS_REPREPARE, 0)) }
    }
}
