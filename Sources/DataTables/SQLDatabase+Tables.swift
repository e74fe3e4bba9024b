import CSQLite

extension SQLDatabase {
    /// Every table: the main schema's first, in the order they were loaded, then each
    /// attached file's, in the order it was attached and its tables were created. SQLite's
    /// own tables (`sqlite_…`) are left out, and so are views.
    public func tables() throws(SQLError) -> [TableSummary] {
        try withLock { () throws(SQLError) -> [TableSummary] in
            var summaries: [TableSummary] = []
            for schema in try ["main"] + schemas() {
                let quotedSchema = quotedIdentifier(schema)
                let sql =
                    "SELECT name FROM \(quotedSchema).sqlite_schema WHERE type = 'table' "
                    + "AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY rowid"
                guard let list = try prepare(sql) else { continue }
                var names: [String] = []
                while sqlite3_step(list.handle) == SQLITE_ROW { names.append(list.text(0) ?? "") }
                for name in names {
                    summaries.append(
                        TableSummary(
                            schema: schema == "main" ? nil : schema, name: name,
                            columns: try columns(of: name, in: schema),
                            rowCount: try rowCount(of: quotedSchema + "." + quotedIdentifier(name))
                        ))
                }
            }
            return summaries
        }
    }

    private func columns(of table: String, in schema: String) throws(SQLError) -> [Column] {
        guard let info = try prepare("SELECT name, type FROM pragma_table_info(?1, ?2) ORDER BY cid") else { return [] }
        info.bind(.text(table), at: 1)
        info.bind(.text(schema), at: 2)
        var columns: [Column] = []
        while sqlite3_step(info.handle) == SQLITE_ROW {
            columns.append(Column(info.text(0) ?? "", ColumnType(declaredType: info.text(1) ?? "") ?? .text))
        }
        return columns
    }

    private func rowCount(of table: String) throws(SQLError) -> Int {
        guard let count = try prepare("SELECT count(*) FROM \(table)") else { return 0 }
        let status = sqlite3_step(count.handle)
        guard status == SQLITE_ROW else { throw Self.isDamage(status) ? damagedFileError(lastError()) : lastError() }
        return Int(count.integer(0))
    }
}
