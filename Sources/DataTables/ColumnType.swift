/// What a column of a table holds. Inferred from every value of a column (`TypeInference`),
/// or declared per column in `ttsite.yml`.
public enum ColumnType: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    case integer
    case real
    case boolean
    /// A calendar date, stored in SQLite as `YYYY-MM-DD` text, so that its date functions work.
    case date
    /// An instant, stored in SQLite as `YYYY-MM-DDTHH:MM:SSZ` text (UTC).
    case dateTime = "datetime"
    case text

    public var description: String { rawValue }

    /// The declared type of the column in SQLite: the storage class follows from it (SQLite's
    /// type affinity), and a query's result reads its column types back from it.
    public var sqlType: String {
        switch self {
        case .integer: "INTEGER"
        case .real: "REAL"
        case .boolean: "BOOLEAN"
        case .date: "DATE"
        case .dateTime: "DATETIME"
        case .text: "TEXT"
        }
    }
}

/// A column of a table: its name as the header, the JSON key or SQLite gave it, and its type.
public struct Column: Sendable, Hashable {
    public var name: String
    public var type: ColumnType
    /// The column of a table of the build's database (its main schema) that a query's result
    /// column is, as it is: `SELECT birth_date AS born FROM people` keeps `people.birth_date`,
    /// through subqueries and views, as SQLite's column metadata tells it. Nil for an
    /// expression, a column of an attached file, and the columns of a table as it is read.
    /// A table made in code may give its columns theirs, so that a row of it and a query's
    /// result write a column's values alike.
    public var origin: Origin?

    /// A table's column, by the names SQLite knows them by.
    public struct Origin: Sendable, Hashable, CustomStringConvertible {
        public let table: String
        public let column: String

        public init(table: String, column: String) {
            self.table = table
            self.column = column
        }

        public var description: String { table + "." + column }
    }

    public init(_ name: String, _ type: ColumnType, origin: Origin? = nil) {
        self.name = name
        self.type = type
        self.origin = origin
    }
}
