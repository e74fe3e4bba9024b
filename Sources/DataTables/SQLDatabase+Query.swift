import CSQLite
import CSQLiteLimits
import TextFormatting

extension SQLDatabase {
    /// Runs one read-only statement and returns its result as a table. `:name` parameters
    /// are bound from `parameters` (names without the colon; parameters the statement does
    /// not use are ignored, so a caller may pass the same set to every query).
    ///
    /// Refused: anything that writes, attaches, or changes the connection; more than one
    /// statement; a parameter written `?`, `?1`, `@x` or `$x`. Stopped: a query running
    /// longer than `limits.seconds`, returning more than `limits.rows` rows, or more than
    /// `limits.bytes` bytes of values: each value's own size, and its text's or blob's. No
    /// single value SQLite makes while running the query may be longer either.
    ///
    /// The statement is prepared once per SQL text (and length limit) and connection, with
    /// every check below, and run again with new parameters (`StatementCache`): the guard, the
    /// length limit and the row, byte and time limits are put in place for each run.
    public func query(_ sql: String, parameters: [String: TableValue] = [:], limits: SQLLimits = SQLLimits()) throws(SQLError) -> Table {
        try withLock { () throws(SQLError) -> Table in
            try guarded(limits, sql: sql) { (guardian, length) throws(SQLError) -> Table in
                let prepared = try preparedQuery(sql, guardian, length: length)
                let statement = prepared.statement
                defer {
                    sqlite3_reset(statement.handle)
                    sqlite3_clear_bindings(statement.handle)
                }
                try bind(parameters, to: prepared)
                return try collect(prepared, guardian)
            }
        }
    }

    /// The `:name` parameters `sql` binds, without the colon, in the order they first appear.
    public func parameterNames(in sql: String) throws(SQLError) -> [String] {
        try withLock { () throws(SQLError) -> [String] in
            try guarded(SQLLimits(), sql: sql) { (guardian, length) throws(SQLError) -> [String] in
                try preparedQuery(sql, guardian, length: length).names.get()
            }
        }
    }

    /// Runs `body` with a guard on duty (for the authorizer and the progress handler), the
    /// watchdog on `sql` (`QueryWatchdog`) and the length limit (passed to `body`) in place.
    private func guarded<T>(_ limits: SQLLimits, sql: String, _ body: (QueryGuard, Int32) throws(SQLError) -> T) throws(SQLError) -> T {
        let guardian = QueryGuard(limits)
        post.onDuty = guardian
        QueryWatchdog.shared.watch(guardian, connection: connection, sql: sql)
        defer { QueryWatchdog.shared.release(guardian) }
        let length = sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, -1)
        let limit = Int32(clamping: max(1, min(limits.bytes, Int(length))))
        sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, limit)
        ttsite_sqlite3_budget_begin(Self.memoryBudget(limits))
        defer {
            ttsite_sqlite3_budget_end()
            sqlite3_limit(connection, SQLITE_LIMIT_LENGTH, length)
            post.onDuty = nil
        }
        return try body(guardian, limit)
    }

    /// What SQLite may allocate for one query, beyond what it held before: twice the byte
    /// limit (a row of values being made, and what makes them: `hex(zeroblob(n))` holds both)
    /// and 64 MiB for its statements, sorts and caches. With the result's own values (at most
    /// the byte limit) a query holds at most about three times the limit.
    static func memoryBudget(_ limits: SQLLimits) -> sqlite3_int64 {
        let bytes = sqlite3_int64(clamping: limits.bytes)
        return bytes > (.max - (64 << 20)) / 2 ? .max : bytes * 2 + (64 << 20)
    }

    /// The prepared query of `sql` from the cache, or prepared now under the guard and the
    /// length limit `length` and kept. Only a statement that passed every check is kept; SQL
    /// that fails one is prepared, and fails, again each time it is asked for.
    private func preparedQuery(_ sql: String, _ guardian: QueryGuard, length: Int32) throws(SQLError) -> PreparedQuery {
        let key = StatementCache.Key(sql: sql, length: length)
        if let known = statements.statement(for: key, version: dataVersion) {
            // Prepared read-only; asked again, as it costs nothing.
            guard sqlite3_stmt_readonly(known.statement.handle) != 0 else {
                throw SQLError(.refused, "the statement would change the database; a query may only read")
            }
            return known
        }
        let statement = try prepareQuery(sql, guardian)
        let prepared = PreparedQuery(statement, names: Result { () throws(SQLError) in try names(of: statement) })
        statements.keep(prepared, for: key, version: dataVersion)
        return prepared
    }

    /// A number that changes whenever the main schema's content (its tables and indexes
    /// too) changes, by this connection or any other: a prepared query is kept for one.
    private var dataVersion: UInt32 {
        var version: UInt32 = 0
        sqlite3_file_control(connection, "main", SQLITE_FCNTL_DATA_VERSION, &version)
        return version
    }

    /// The one statement of `sql`, prepared under the authorizer and checked to be read-only.
    private func prepareQuery(_ sql: String, _ guardian: QueryGuard) throws(SQLError) -> SQLStatement {
        let prepared: SQLStatement?
        do {
            prepared = try prepare(sql)
        } catch {
            throw Self.placed(self.error(error, guardian), in: sql)
        }
        if let refusal = guardian.refusal { throw SQLError(.refused, refusal) }
        guard let statement = prepared else { throw SQLError(.sql, "the query is empty: it holds no SQL statement") }
        if let next = Self.nextStatement(in: sql, after: statement.tail) {
            let offset = sql.utf8.count - next.utf8.count
            let line = SQLError(.refused, "", offset: offset).line(in: sql) ?? 1
            throw SQLError(
                .refused, "a query may hold only one statement; another follows the first: `\(next.prefix(40))` (line \(line))",
                offset: offset)
        }
        guard sqlite3_stmt_readonly(statement.handle) != 0 else {
            throw SQLError(.refused, guardian.schemaWrite ?? "the statement would change the database; a query may only read")
        }
        return statement
    }

    /// What follows the first statement, from its first character that is not a blank, a
    /// semicolon or a comment; nil when nothing does.
    static func nextStatement(in sql: String, after tail: Int) -> Substring? {
        let bytes = Array(sql.utf8)
        var index = min(tail, bytes.count)
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ";") || byte == 0x20 || (0x09...0x0D).contains(byte) {
                index += 1
            } else if byte == UInt8(ascii: "-"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "-") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                index += 2
                while index < bytes.count,
                    !(bytes[index] == UInt8(ascii: "*") && index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "/"))
                {
                    index += 1
                }
                index = min(index + 2, bytes.count)
            } else {
                let utf8 = sql.utf8
                return Substring(utf8[utf8.index(utf8.startIndex, offsetBy: index)...])
            }
        }
        return nil
    }

    /// The error with an offset where SQLite gives none: SQLite 3.40 points at a missing
    /// column or function, but not at a missing table, so the table's name is looked for in
    /// the SQL (its first appearance as a whole word).
    static func placed(_ error: SQLError, in sql: String) -> SQLError {
        let prefix = "no such table: "
        guard error.offset == nil, error.kind == .sql, error.message.hasPrefix(prefix) else { return error }
        let name = error.message.dropFirst(prefix.count).split(separator: ".").last.map(String.init) ?? ""
        var placed = error
        placed.offset = wordOffset(of: name, in: sql)
        return placed
    }

    /// The byte offset of the first appearance of `word` in `text` (ASCII letters in any case)
    /// that is not part of a longer identifier.
    static func wordOffset(of word: String, in text: String) -> Int? {
        let needle = Array(word.utf8).map(lowercased)
        let haystack = Array(text.utf8)
        guard !needle.isEmpty, haystack.count >= needle.count else { return nil }
        let isIdentifier = { (byte: UInt8) in
            byte == UInt8(ascii: "_") || byte == UInt8(ascii: "$") || byte >= 0x80
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lowercased(byte))
        }
        for start in 0...(haystack.count - needle.count) {
            guard zip(haystack[start...], needle).allSatisfy({ lowercased($0) == $1 }) else { continue }
            let end = start + needle.count
            if start > 0, isIdentifier(haystack[start - 1]) { continue }
            if end < haystack.count, isIdentifier(haystack[end]) { continue }
            return start
        }
        return nil
    }

    private static func lowercased(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private func names(of statement: SQLStatement) throws(SQLError) -> [String] {
        var names: [String] = []
        for name in statement.parameterNames {
            guard let name else {
                throw SQLError(.parameter, "the query has a `?` parameter; name every parameter as `:name`")
            }
            guard name.hasPrefix(":") else {
                throw SQLError(.parameter, "the query has the parameter `\(name)`; name every parameter as `:name`")
            }
            names.append(String(name.dropFirst()))
        }
        return names
    }

    private func bind(_ parameters: [String: TableValue], to prepared: PreparedQuery) throws(SQLError) {
        let statement = prepared.statement
        for (index, name) in try prepared.names.get().enumerated() {
            guard let value = parameters[name] else {
                let given = parameters.keys.sorted().map { "`:\($0)`" }
                let list = given.isEmpty ? "no parameters are given" : "given: " + given.joined(separator: ", ")
                throw SQLError(.parameter, "the query uses `:\(name)`, which is not given (\(list))")
            }
            statement.bind(value, at: Int32(index + 1))
        }
    }

    /// Steps through the rows, stopping at the first limit passed.
    private func collect(_ prepared: PreparedQuery, _ guardian: QueryGuard) throws(SQLError) -> Table {
        let statement = prepared.statement
        let limits = guardian.limits
        let (columns, declared) = prepared.columns
        let count = columns.count
        var rows: [[TableValue]] = []
        var bytes = 0
        while true {
            let status = sqlite3_step(statement.handle)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw error(lastError(), guardian, status: status) }
            guard rows.count < limits.rows else { throw Self.rowLimitError(limits) }
            var row: [TableValue] = []
            row.reserveCapacity(count)
            for column in 0..<Int32(count) {
                // Measured before it is read: reading a zeroblob(n) would make its n bytes.
                // Every value counts its own size too, so that 100,000 rows of 200 numbers
                // are stopped like 100,000 rows of long texts.
                bytes += MemoryLayout<TableValue>.stride
                guard bytes + statement.size(column) <= limits.bytes else { throw Self.byteLimitError(limits) }
                row.append(statement.value(column, declared: declared[Int(column)], bytes: &bytes))
            }
            rows.append(row)
            if rows.count % 1024 == 0, guardian.timeIsUp { throw Self.timeLimitError(limits) }
        }
        return ResultTyping.table(columns: columns, declared: declared, rows: rows)
    }

    /// The error of a failed prepare or step, in the guard's terms when one of its checks
    /// caused it.
    private func error(_ error: SQLError, _ guardian: QueryGuard, status: Int32? = nil) -> SQLError {
        if let refusal = guardian.refusal { return SQLError(.refused, refusal) }
        if guardian.timedOut || status == SQLITE_INTERRUPT { return Self.timeLimitError(guardian.limits) }
        if ttsite_sqlite3_budget_exceeded() != 0 { return Self.memoryLimitError(guardian.limits) }
        if status == SQLITE_TOOBIG || error.message == "string or blob too big" { return Self.byteLimitError(guardian.limits) }
        if let status, Self.isDamage(status) { return damagedFileError(error) }
        return error
    }

    /// Whether a step's status says a page of a file could not be read as SQLite's.
    static func isDamage(_ status: Int32) -> Bool {
        status & 0xFF == SQLITE_CORRUPT || status & 0xFF == SQLITE_NOTADB
    }

    /// A query that read a damaged page of an attached file: SQLite says only "database disk
    /// image is malformed", as if the query were at fault. Each attached file's own check
    /// (`PRAGMA quick_check`, up to its first fault) names the damaged one.
    func damagedFileError(_ error: SQLError) -> SQLError {
        // The check is ttsite's, not the query's: no guard is on duty while it runs.
        let onDuty = post.onDuty
        post.onDuty = nil
        defer { post.onDuty = onDuty }
        var damaged: [(file: String, fault: String)] = []
        if let list = try? prepare("SELECT name, file FROM pragma_database_list WHERE name NOT IN ('main', 'temp') ORDER BY seq") {
            while sqlite3_step(list.handle) == SQLITE_ROW {
                guard let schema = list.text(0), let file = list.text(1) else { continue }
                let check = try? prepare("PRAGMA \(quotedIdentifier(schema)).quick_check(1)")
                let fault: String? =
                    if let check {
                        sqlite3_step(check.handle) == SQLITE_ROW ? check.text(0) ?? "" : lastError().message
                    } else {
                        lastError().message
                    }
                // "*** in database f ***" heads the fault: the file is named anyway.
                if let fault, fault != "ok" {
                    damaged.append(
                        (file, fault.split(whereSeparator: \.isNewline).filter { !$0.hasPrefix("*** in database") }.joined(separator: "; "))
                    )
                }
            }
        }
        guard !damaged.isEmpty else { return error }
        let files = damaged.map { "`\($0.file)` (\($0.fault))" }.joined(separator: " and ")
        return SQLError(
            .file,
            "the database file \(files) is damaged: SQLite read a page of it that it cannot make sense of "
                + "(\(error.message)); restore the file from a copy, or make it again")
    }

    static func timeLimitError(_ limits: SQLLimits) -> SQLError {
        SQLError(.timeLimit, "the query ran longer than \(SQLError.seconds(limits.seconds)) (the time limit)")
    }

    static func rowLimitError(_ limits: SQLLimits) -> SQLError {
        SQLError(.rowLimit, "the query returned more than \(limits.rows.groupedForMessages) rows (the row limit)")
    }

    static func memoryLimitError(_ limits: SQLLimits) -> SQLError {
        SQLError(
            .byteLimit,
            "the query took more memory than the byte limit allows: SQLite may use twice its \(limits.bytes.groupedForMessages) bytes "
                + "(and 64 MiB) to make a result's values")
    }

    static func byteLimitError(_ limits: SQLLimits) -> SQLError {
        SQLError(.byteLimit, "the query's values came to more than \(limits.bytes.groupedForMessages) bytes (the byte limit)")
    }
}
