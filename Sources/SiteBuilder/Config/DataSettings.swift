import DataSources
import DataTables

/// A table source of `data:` in `ttsite.yml`: a CSV or JSON file (or URL) that becomes one
/// table of the build's database under its name, or a SQLite database file whose every
/// table is read as `NAME.table`.
public struct TableSource: Sendable, Equatable {
    public enum Format: String, Sendable, CaseIterable {
        case csv, json, sqlite
    }

    /// The table's name in SQL (`missions`), or the schema of a SQLite file's tables.
    public var name: String
    public var location: DataSources.SourceLocation
    public var format: Format
    /// CSV: the byte between fields (`,` by default; `;`, tab and `|` are common).
    public var delimiter = UInt8(ascii: ",")
    /// CSV: whether the first row names the columns (else they are `column_1` …).
    public var header = true
    /// JSON: where the array of rows is (`$.results`); nil when the document is the array.
    public var jsonPath: String?
    /// Column types declared by name; the others are inferred from their values.
    public var types: [String: ColumnType] = [:]
    /// Texts that mark a missing value in any column (`nulls: [NA, "-"]`), besides the ones
    /// read so among numbers and dates (`MissingValues`).
    public var nulls: [String] = []
    /// The indexes of the table (`index:`), each its columns: so that a query picking rows by
    /// the first (`WHERE entity = :name`, once per page made from a row) does not read the
    /// whole table; the others order its rows, or hold all the query reads.
    public var indexed: [[String]] = []
    /// The line of `ttsite.yml` that names the source.
    public var line: Int?

    public init(name: String, location: DataSources.SourceLocation, format: Format) {
        self.name = name
        self.location = location
        self.format = format
    }
}

/// The limits every query of a build runs under (`queries:` in `ttsite.yml`), and how long a
/// table block's page may be.
public struct QuerySettings: Sendable, Equatable {
    /// The longest one query may run, in seconds.
    public var seconds = 10.0
    /// The most rows one query may return.
    public var rows = 100_000
    /// The most bytes one query's result may hold: 32 a value, and its text.
    public var bytes = 100 * 1024 * 1024
    /// The most rows a `ttsite table` block shows on one page; a longer result is split
    /// into pages (`2/`, `3/` …).
    public var tablePageSize = 1_000

    public init() {}

    var limits: SQLLimits {
        var limits = SQLLimits()
        limits.seconds = seconds
        limits.rows = rows
        limits.bytes = bytes
        return limits
    }
}

/// The limits of a page's inputs (`inputs:` in `ttsite.yml`): every combination of their
/// options is a page of its own, built ahead.
public struct InputSettings: Sendable, Equatable {
    /// The most variants (combinations of options) one page may have.
    public var maxVariants = 1_000

    public init() {}
}
