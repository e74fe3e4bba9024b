import CSQLite

/// A prepared statement, finalised when it is released.
final class SQLStatement {
    let handle: OpaquePointer
    /// The byte offset in the SQL text where the first statement ends: what follows is a
    /// further statement, or blanks and comments.
    let tail: Int

    init(_ handle: OpaquePointer, tail: Int) {
        self.handle = handle
        self.tail = tail
    }

    deinit {
        sqlite3_finalize(handle)
    }

    /// `:name` and the other forms SQLite allows, as written; nil for a bare `?`.
    var parameterNames: [String?] {
        let count = sqlite3_bind_parameter_count(handle)
        guard count > 0 else { return [] }
        return (1...count).map { index in sqlite3_bind_parameter_name(handle, index).map { String(cString: $0) } }
    }

    var columnCount: Int { Int(sqlite3_column_count(handle)) }

    func columnName(_ index: Int) -> String {
        sqlite3_column_name(handle, Int32(index)).map { String(cString: $0) } ?? "column \(index + 1)"
    }

    /// The declared type of a result column that is a column of a table, as written in its
    /// `CREATE TABLE`; nil for an expression.
    func declaredType(_ index: Int) -> String? {
        sqlite3_column_decltype(handle, Int32(index)).map { String(cString: $0) }
    }

    /// The column of a table of the main schema that a result column is, as it is; nil for an
    /// expression and for a column of an attached database.
    func origin(_ index: Int) -> Column.Origin? {
        let column = Int32(index)
        guard let database = sqlite3_column_database_name(handle, column), String(cString: database) == "main",
            let table = sqlite3_column_table_name(handle, column), let name = sqlite3_column_origin_name(handle, column)
        else { return nil }
        return Column.Origin(table: String(cString: table), column: String(cString: name))
    }

    /// The one integer of a `SELECT count(*)`.
    func integer(_ index: Int) -> Int64 { sqlite3_column_int64(handle, Int32(index)) }

    func text(_ index: Int) -> String? {
        guard let bytes = sqlite3_column_text(handle, Int32(index)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(index)))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }
}
