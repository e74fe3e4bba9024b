/// How to read a CSV file: the `data:` source's options in `ttsite.yml`.
public struct CSVOptions: Sendable, Hashable {
    /// The byte between fields: `,` (the default), `;`, a tab or `|`. Any ASCII character
    /// but a quote, CR, LF or NUL.
    public var delimiter: UInt8
    /// Whether the first row names the columns; without it they are `column_1`, `column_2` …
    public var hasHeader: Bool
    /// Declared column types, by column name (as the header gives it, after it was made
    /// unique, or `column_N`). A declared type is checked against every value instead of being
    /// inferred; a declared `text` keeps every value as written.
    public var types: [String: ColumnType]
    /// The markers of missing values (`MissingValues`): the standard ones, and those the
    /// source declares (`nulls:`).
    public var missing: MissingValues

    public init(
        delimiter: UInt8 = UInt8(ascii: ","), hasHeader: Bool = true, types: [String: ColumnType] = [:],
        missing: MissingValues = MissingValues()
    ) {
        self.delimiter = delimiter
        self.hasHeader = hasHeader
        self.types = types
        self.missing = missing
    }

    /// Why `delimiter` cannot separate fields, or nil when it can.
    var delimiterProblem: String? {
        let quote = UInt8(ascii: "\"")
        let cr = UInt8(ascii: "\r")
        let lf = UInt8(ascii: "\n")
        if delimiter >= 0x80 { return "the delimiter must be one ASCII character (byte \(delimiter) is part of a longer UTF-8 character)" }
        if [quote, cr, lf, 0].contains(delimiter) {
            return "the delimiter cannot be a quote, a line break or NUL"
        }
        return nil
    }
}
