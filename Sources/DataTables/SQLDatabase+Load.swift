import CSQLite
import CivilTime
import Foundation

extension SQLDatabase {
    /// Stores every row of `rows` as the new table `name` of the main schema, with the
    /// columns' names and declared types (`ColumnType.sqlType`), and returns how many rows
    /// it stored. All rows go in one transaction through prepared INSERTs of many rows each
    /// (`BatchInserter`); when anything fails the table is gone again. An error thrown by
    /// `rows` (a `TableProblem` with its line and column) comes out unchanged; a name already
    /// used is a `SQLError` `.name`. A CSV table's rows go straight from its bytes to SQLite
    /// (`CSVTable.insertRows`), without a `TableValue` per cell.
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
        var inserter = try BatchInserter(into: table, columns: columns.count, database: self)
        let failure = { (rows: ClosedRange<Int>) in
            SQLError(
                .sql,
                "could not store row\(rows.count == 1 ? " \(rows.lowerBound)" : "s \(rows.lowerBound)–\(rows.upperBound)") of `\(name)`: "
                    + self.lastError().message)
        }
        let count: Int
        if let csv = rows as? CSVTable {
            count = try csv.insertRows(&inserter, failure: failure)
        } else if let batched = rows as? any BatchedRowSource {
            try batched.forEachBatch { batch in
                guard batch.values == batch.rows * columns.count else {
                    throw TableProblem("a batch of `\(name)` has \(batch.values) values for \(batch.rows) rows of \(columns.count) columns")
                }
                guard inserter.insert(batch.storage, text: nil) else { throw failure(inserter.failedRows) }
            }
            count = inserter.count
        } else {
            var batch = ValueBatch()
            var seen = 0
            try rows.forEachRow { values in
                seen += 1
                guard values.count == columns.count else {
                    throw TableProblem("row \(seen) of `\(name)` has \(values.count) values for \(columns.count) columns")
                }
                batch.append(values)
                if batch.rows == inserter.rowsPerBatch {
                    guard inserter.insert(batch, text: nil) else { throw failure(inserter.failedRows) }
                    batch.reset()
                }
            }
            guard inserter.insert(batch, text: nil) else { throw failure(inserter.failedRows) }
            count = inserter.count
        }
        try execute("COMMIT")
        committed = true
        return count
    }

    /// Gives the table `table` (of the main schema) an index on `columns`, so that a query
    /// picking rows by the first of them searches instead of reading every row. SQLite makes
    /// such an index by itself only within one statement; a query run once per page made from
    /// a row needs one that lasts. The columns after the first order the rows of one value of
    /// it (`ORDER BY` them needs no sort), and a query that reads only the index's columns
    /// (a covering index) never reads the table. The index's name, `table(a,b)`, cannot be a
    /// table's.
    public func createIndex(on table: String, columns: [String]) throws(SQLError) {
        lock.lock()
        defer { lock.unlock() }
        let name = quotedIdentifier("\(table)(\(columns.joined(separator: ",")))")
        let list = columns.map(quotedIdentifier).joined(separator: ", ")
        do {
            try execute("CREATE INDEX main.\(name) ON \(quotedIdentifier(table)) (\(list))")
        } catch {
            let named =
                columns.count == 1 ? "the column `\(columns[0])`" : "the columns " + columns.map { "`\($0)`" }.joined(separator: ", ")
            throw SQLError(.name, "could not index \(named) of `\(table)`: \(error.message)")
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
            throw SQLError(
                .name, "the table name `\(name)` is already used" + (used == name ? "" : " (by `\(used)`: SQLite's names ignore case)"))
        }
    }
}

extension SQLDatabase {
    /// Copies the table `name` of the SQLite file `file` (one `SQLDatabase(creatingFile:)`
    /// wrote) into the main schema under the same name, its columns' declared types kept, and
    /// returns its columns and its row count. SQLite copies the rows' records as they are, without decoding
    /// them (its transfer optimisation: `INSERT INTO t SELECT * FROM f.t` into an empty table
    /// of the same shape). The file is read-only and let go again afterwards.
    public func copyTable(_ name: String, from file: URL) throws -> (columns: [Column], rows: Int) {
        lock.lock()
        defer { lock.unlock() }
        try Self.checkDatabaseFile(file.path)
        let schema = "copy_source"
        do {
            try attachFile(uri: "file:" + Self.percentEncoded(file.path) + "?mode=ro", as: schema)
        } catch {
            throw SQLError(.file, "could not read `\(file.path)` as a SQLite database: \(error.message)")
        }
        defer { try? execute("DETACH DATABASE \(schema)") }
        // In a function of its own, so the statement is finalised before the DETACH.
        func declared() throws(SQLError) -> [(name: String, type: String)] {
            guard let list = try prepare("SELECT name, type FROM pragma_table_info(?1, '\(schema)') ORDER BY cid") else { return [] }
            list.bind(.text(name), at: 1)
            var columns: [(name: String, type: String)] = []
            while sqlite3_step(list.handle) == SQLITE_ROW { columns.append((list.text(0) ?? "", list.text(1) ?? "")) }
            return columns
        }
        let found = try declared()
        let definitions = found.map { quotedIdentifier($0.name) + " " + $0.type }
        let columns = found.map { Column($0.name, ColumnType(declaredType: $0.type) ?? .text) }
        guard !definitions.isEmpty else { throw SQLError(.file, "`\(file.path)` holds no table `\(name)`") }
        try checkNewTable(name, columns)
        let table = "main." + quotedIdentifier(name)
        try execute("BEGIN")
        var committed = false
        defer { if !committed { try? execute("ROLLBACK") } }
        try execute("CREATE TABLE \(table) (\(definitions.joined(separator: ", ")))")
        try execute("INSERT INTO \(table) SELECT * FROM \(schema).\(quotedIdentifier(name))")
        let count = Int(sqlite3_changes64(connection))
        try execute("COMMIT")
        committed = true
        return (columns, count)
    }
}
