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

    public init(_ name: String, _ type: ColumnType) {
        self.name = name
        self.type = type
    }
}
