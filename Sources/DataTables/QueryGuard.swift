import CSQLite

/// What keeps a page's query read-only and within its limits while SQLite prepares and
/// runs it: SQLite's authorizer, which refuses every action but reading, and its progress
/// handler, which interrupts the query when its time is up. On duty for one query (`Post`):
/// the database's own statements (loading tables, attaching files) run without one.
final class QueryGuard {
    let limits: SQLLimits
    let deadline: ContinuousClock.Instant
    /// The first action the authorizer refused, in words.
    private(set) var refusal: String?
    /// A write to SQLite's schema table that the authorizer let through, in words. SQLite asks
    /// about one before the statement that makes it (`DROP TABLE` first asks to delete from
    /// `sqlite_master`), and when a query first reads a pragma function (`pragma_table_info`)
    /// without writing anything: the statement that follows is refused with its own words,
    /// and one that really writes is not read-only, so it is refused with these.
    private(set) var schemaWrite: String?
    /// The progress handler interrupted the query.
    private(set) var timedOut = false

    /// Pragmas that only describe the schema: what `pragma_table_info('t')` and its
    /// siblings run. Every other pragma can change the connection, or costs a scan.
    static let readingPragmas: Set<String> = [
        "table_info", "table_xinfo", "table_list", "index_list", "index_info", "index_xinfo",
        "foreign_key_list", "database_list", "collation_list", "function_list", "module_list",
        "pragma_list", "compile_options",
    ]

    /// Functions that are never allowed, whatever else the connection's settings say:
    /// `load_extension` loads code, and `fts3_tokenizer` with two arguments (Debian builds
    /// SQLite with it on) installs a C pointer.
    static let refusedFunctions: Set<String> = ["load_extension", "fts3_tokenizer"]

    /// How many virtual machine steps SQLite takes between two looks at the clock.
    static let stepsPerCheck: Int32 = 1000

    init(_ limits: SQLLimits) {
        self.limits = limits
        let seconds = limits.seconds.isFinite ? max(0, min(limits.seconds, 1e9)) : 1e9
        deadline = .now + .nanoseconds(Int64(seconds * 1e9))
    }

    var timeIsUp: Bool { ContinuousClock.now >= deadline }

    /// Where a connection's authorizer and progress handler find the guard of the query
    /// running: both are installed once, when the connection opens, and let everything
    /// through while no guard is on duty. Installing an authorizer expires every statement
    /// prepared on the connection (`sqlite3_set_authorizer`), so one installed for each
    /// query made SQLite prepare every cached statement again on its next step: 20,000
    /// queries of pages made from rows spent a third of their time parsing their SQL.
    final class Post {
        /// The guard of the query running; nil between queries.
        var onDuty: QueryGuard?

        /// The authorizer and the progress handler of `connection`, which must not outlive
        /// the post.
        func install(on connection: OpaquePointer) {
            let context = Unmanaged.passUnretained(self).toOpaque()
            sqlite3_set_authorizer(
                connection,
                { context, action, first, second, schema, _ in
                    // Reading is what every query does, many times a statement: allowed before
                    // any name is made into a String.
                    if action == SQLITE_SELECT || action == SQLITE_READ || action == SQLITE_RECURSIVE { return SQLITE_OK }
                    guard let guardian = Unmanaged<Post>.fromOpaque(context!).takeUnretainedValue().onDuty else { return SQLITE_OK }
                    let text = { (pointer: UnsafePointer<CChar>?) in pointer.map { String(cString: $0) } }
                    if QueryGuard.isSchemaWrite(action, text(first)) {
                        if guardian.schemaWrite == nil {
                            guardian.schemaWrite = QueryGuard.refusal(of: action, text(first), text(second), schema: text(schema))
                        }
                        return SQLITE_OK
                    }
                    guard let reason = QueryGuard.refusal(of: action, text(first), text(second), schema: text(schema)) else {
                        return SQLITE_OK
                    }
                    if guardian.refusal == nil { guardian.refusal = reason }
                    return SQLITE_DENY
                }, context)
            sqlite3_progress_handler(
                connection, QueryGuard.stepsPerCheck,
                { context in
                    guard let guardian = Unmanaged<Post>.fromOpaque(context!).takeUnretainedValue().onDuty, guardian.timeIsUp else {
                        return 0
                    }
                    guardian.timedOut = true
                    return 1
                }, context)
        }
    }

    /// Nil when a read-only query may take the action; otherwise what was refused, in words.
    static func refusal(of action: Int32, _ first: String?, _ second: String?, schema: String?) -> String? {
        let table = { (name: String?) in "`" + qualified(name ?? "", schema: schema) + "`" }
        switch action {
        case SQLITE_SELECT, SQLITE_READ, SQLITE_RECURSIVE:
            return nil
        case SQLITE_FUNCTION:
            let name = (second ?? "").lowercased()
            return refusedFunctions.contains(name) ? "\(name)() is not allowed" : nil
        case SQLITE_PRAGMA:
            let name = (first ?? "").lowercased()
            if readingPragmas.contains(name) { return nil }
            return
                "PRAGMA \(name) is not allowed: "
                + "a query may only read (pragma_table_info and the other pragmas that describe tables are allowed)"
        case SQLITE_INSERT: return "writes are not allowed: INSERT into \(table(first))"
        case SQLITE_UPDATE: return "writes are not allowed: UPDATE of \(table(first))"
        case SQLITE_DELETE: return "writes are not allowed: DELETE from \(table(first))"
        case SQLITE_CREATE_TABLE, SQLITE_CREATE_TEMP_TABLE: return "writes are not allowed: CREATE TABLE \(table(first))"
        case SQLITE_CREATE_INDEX, SQLITE_CREATE_TEMP_INDEX:
            return "writes are not allowed: CREATE INDEX \(table(first)) on \(table(second))"
        case SQLITE_CREATE_VIEW, SQLITE_CREATE_TEMP_VIEW: return "writes are not allowed: CREATE VIEW \(table(first))"
        case SQLITE_CREATE_TRIGGER, SQLITE_CREATE_TEMP_TRIGGER: return "writes are not allowed: CREATE TRIGGER \(table(first))"
        case SQLITE_CREATE_VTABLE: return "writes are not allowed: CREATE VIRTUAL TABLE \(table(first))"
        case SQLITE_DROP_TABLE, SQLITE_DROP_TEMP_TABLE: return "writes are not allowed: DROP TABLE \(table(first))"
        case SQLITE_DROP_INDEX, SQLITE_DROP_TEMP_INDEX: return "writes are not allowed: DROP INDEX \(table(first))"
        case SQLITE_DROP_VIEW, SQLITE_DROP_TEMP_VIEW: return "writes are not allowed: DROP VIEW \(table(first))"
        case SQLITE_DROP_TRIGGER, SQLITE_DROP_TEMP_TRIGGER: return "writes are not allowed: DROP TRIGGER \(table(first))"
        case SQLITE_DROP_VTABLE: return "writes are not allowed: DROP VIRTUAL TABLE \(table(first))"
        case SQLITE_ALTER_TABLE: return "writes are not allowed: ALTER TABLE `\(qualified(second ?? "", schema: first))`"
        case SQLITE_REINDEX: return "writes are not allowed: REINDEX"
        case SQLITE_ANALYZE: return "writes are not allowed: ANALYZE"
        case SQLITE_ATTACH: return "ATTACH is not allowed: a query reads only the tables already in the database"
        case SQLITE_DETACH: return "DETACH is not allowed"
        case SQLITE_TRANSACTION: return "transactions are not allowed: \(first ?? "BEGIN")"
        case SQLITE_SAVEPOINT: return "transactions are not allowed: SAVEPOINT"
        default: return "this statement is not allowed (SQLite's authorizer action \(action))"
        }
    }

    static let schemaTables: Set<String> = ["sqlite_master", "sqlite_schema", "sqlite_temp_master", "sqlite_temp_schema"]

    /// A write to the schema table, or `ANALYZE` making its statistics table: SQLite asks
    /// about `ANALYZE` itself after that.
    static func isSchemaWrite(_ action: Int32, _ table: String?) -> Bool {
        guard let table else { return false }
        if action == SQLITE_CREATE_TABLE { return table.lowercased().hasPrefix("sqlite_stat") }
        guard action == SQLITE_INSERT || action == SQLITE_UPDATE || action == SQLITE_DELETE else { return false }
        return schemaTables.contains(table.lowercased())
    }

    /// `sales`, or `archive.sales` for a table of an attached file.
    static func qualified(_ name: String, schema: String?) -> String {
        guard let schema, schema != "main" else { return name }
        return schema + "." + name
    }
}
