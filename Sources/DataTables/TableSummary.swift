/// A table of the build's database, as `SQLDatabase.tables()` lists it.
public struct TableSummary: Sendable, Hashable {
    /// The schema of an attached file; nil for a table of the main schema.
    public var schema: String?
    public var name: String
    /// The columns with the types their declared types give (see `ColumnType(declaredType:)`);
    /// a column declared without a type is `text`.
    public var columns: [Column]
    public var rowCount: Int

    public init(schema: String?, name: String, columns: [Column], rowCount: Int) {
        self.schema = schema
        self.name = name
        self.columns = columns
        self.rowCount = rowCount
    }

    /// `sales`, or `archive.sales`: how a query names it.
    public var qualifiedName: String {
        schema.map { $0 + "." + name } ?? name
    }
}
