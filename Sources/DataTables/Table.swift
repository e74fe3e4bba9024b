/// Rows of values under named, typed columns, as a source gives them to the database.
/// `forEachRow` may read its source again on every call (a CSV file is parsed twice: once to
/// infer the types, once to store the rows), so that a large file is never held as values.
public protocol RowSource: Sendable {
    var columns: [Column] { get }
    /// Calls `body` with every row in order; each row has one value per column.
    func forEachRow(_ body: ([TableValue]) throws -> Void) throws
    /// The values of each column that were markers of missing values, read as null
    /// (`MissingValues`).
    var missingValues: [MissingValueCount] { get }
    /// What the build should tell about the source's values: a column that numbers no
    /// integer or Double holds made text.
    var warnings: [TableProblem] { get }
}

extension RowSource {
    public var missingValues: [MissingValueCount] { [] }
    public var warnings: [TableProblem] { [] }
}

/// A table held as values: a small source (people, scenarios) or a query's result.
public struct Table: RowSource, Sendable, Hashable {
    public var columns: [Column]
    public var rows: [[TableValue]]
    /// For a table read from a source: its values that were markers of missing values.
    public var missingValues: [MissingValueCount] = []
    public var warnings: [TableProblem] = []

    public init(columns: [Column], rows: [[TableValue]]) {
        self.columns = columns
        self.rows = rows
    }

    public func forEachRow(_ body: ([TableValue]) throws -> Void) throws {
        for row in rows { try body(row) }
    }
}
