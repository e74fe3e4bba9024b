import CSQLite

extension SQLDatabase {
    /// Stores every row of `rows` as the new table `name` of the main schema, with the
    /// columns' names and declared types (`ColumnType.sqlType`), and returns how many rows
    /// it stored. All rows go in one transaction through one prepared INSERT; when anything
    /// fails the table is gone again. An error thrown by `rows` (a `TableProblem` with its
    /// line and column) comes out unchanged; a name already used is a `SQLError` `.name`.
    @discardableResult
    public func load(_ name: String, _ rows: some RowSource) throws -> Int {
        lock.lock()
        defer { lock.unlock() }
        let columns = rows.columns
        try checkNewTable(name, columns)
        try execute("BEGIN")
        var committed = false
        defer { if !committed { try? execute("ROLLBACK") } }
        let table = "main." + quotedIdentifier(name)
        let definitions = columns.map { quotedIdentifier($0.name) + " " + $0.type.sqlType }
        do {
            try execute("CREATE TABLE \(table) (\(definitions.joined(separator: ", ")))")
        } catch {
            throw SQLError(.name, "could not create the table `\(name)`: \(error.message)")
        }
        let placeholders = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        guard let insert = try prepare("INSERT INTO \(table) VALUES (\(placeholders))") else {
            throw SQLError(.sql, "could not prepare the rows' INSERT into `\(name)`")
        }
        var writer = RowWriter(insert)
        try rows.forEachRow { values in
            guard values.count == columns.count else {
                throw TableProblem("row \(writer.count + 1) of `\(name)` has \(values.count) values for \(columns.count) columns")
            }
            guard writer.write(values) else {
                throw SQLError(.sql, "could not store row \(writer.count + 1) of `\(name)`: \(lastError().message)")
            }
        }
        try execute("COMMIT")
        committed = true
        return writer.count
    }

    /// Gives the column `column` of the table `table` (of the main schema) an index, so that
    /// a query picking rows by that column searches instead of reading every row. SQLite makes
    /// such an index by itself only within one statement; a query run once per page made from
    /// a row needs one that lasts. The index's name, `table(column)`, cannot be a table's.
    public func createIndex(on table: String, column: String) throws(SQLError) {
        lock.lock()
        defer { lock.unlock() }
        let name = quotedIdentifier("\(table)(\(column))")
        do {
            try execute("CREATE INDEX main.\(name) ON \(quotedIdentifier(table)) (\(quotedIdentifier(column)))")
        } catch {
            throw SQLError(.name, "could not index the column `\(column)` of `\(table)`: \(error.message)")
        }
    }

    /// A table name that is new, not reserved by SQLite, and a column list SQLite can hold.
    private func checkNewTable(_ name: String, _ columns: [Column]) throws(SQLError) {
        guard !name.isEmpty, !name.contains("\0") else { throw SQLError(.name, "a table name cannot be empty or hold a NUL character") }
        guard !name.lowercased().hasPrefix("sqlite_") else {
            throw SQLError(.name, "the table name `\(name)` is reserved: SQLite keeps names starting with `sqlite_` for itself")
        }
        guard !columns.isEmpty else { throw SQLError(.name, "the table `\(name)` has no columns") }
        if let bad = columns.first(where: { $0.name.contains("\0") }) {
            throw SQLError(.name, "a column name of `\(name)` holds a NUL character: `\(bad.name)`")
        }
        guard let existing = try prepare("SELECT name FROM main.sqlite_schema WHERE name = ?1 COLLATE NOCASE") else { return }
        existing.bind(.text(name), at: 1)
        if sqlite3_step(existing.handle) == SQLITE_ROW {
            let used = existing.text(0) ?? name
            throw SQLError(.name, "the table name `\(name)` is already used" + (used == name ? "" : " (by `\(used)`: SQLite's names ignore case)"))
        }
    }
}

/// Binds a row's values to the prepared INSERT and steps it.
///
/// Texts are bound `SQLITE_STATIC`, without a copy by SQLite: every text of a row (dates
/// written as text too) is appended to one byte buffer, the buffer is bound where it lies,
/// and the statement is stepped while the buffer cannot move. The buffer keeps its capacity
/// from row to row, so a row costs no allocation beyond the text of its dates.
struct RowWriter {
    private let statement: SQLStatement
    private var buffer: [UInt8] = []
    /// Column (1-based), start and length in `buffer` of each text of the row.
    private var texts: [(column: Int32, start: Int, count: Int)] = []
    private(set) var count = 0

    init(_ statement: SQLStatement) {
        self.statement = statement
        buffer.reserveCapacity(4096)
    }

    /// False when SQLite did not store the row.
    mutating func write(_ values: [TableValue]) -> Bool {
        let handle = statement.handle
        buffer.removeAll(keepingCapacity: true)
        // One byte first, so that the buffer has an address even when every text is empty.
        buffer.append(0)
        texts.removeAll(keepingCapacity: true)
        for (index, value) in values.enumerated() {
            let column = Int32(index + 1)
            switch value {
            case .null: sqlite3_bind_null(handle, column)
            case .integer(let number): sqlite3_bind_int64(handle, column, number)
            case .real(let number): sqlite3_bind_double(handle, column, number)
            case .boolean(let flag): sqlite3_bind_int64(handle, column, flag ? 1 : 0)
            case .date(let date): append(date.description, column)
            case .dateTime(let instant): append(SQLText.instant(instant), column)
            case .text(let text): append(text, column)
            }
        }
        let status = buffer.withUnsafeBufferPointer { bytes in
            let base = UnsafeRawPointer(bytes.baseAddress!).assumingMemoryBound(to: CChar.self)
            for text in texts {
                sqlite3_bind_text(handle, text.column, base + text.start, Int32(clamping: text.count), nil)
            }
            return sqlite3_step(handle)
        }
        sqlite3_reset(handle)
        guard status == SQLITE_DONE else { return false }
        count += 1
        return true
    }

    private mutating func append(_ text: String, _ column: Int32) {
        let start = buffer.count
        buffer.append(contentsOf: text.utf8)
        texts.append((column, start, buffer.count - start))
    }
}
