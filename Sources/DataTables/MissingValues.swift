/// The texts a CSV or JSON source writes for a value it does not have.
///
/// - The markers pandas (`read_csv`'s `na_values`) and R (`NA`) read as missing, and `-`, are
///   null in a column whose other values are all numbers or all dates (or one whose type is
///   declared as a number or a date): one `NA` among numbers no longer makes the whole column
///   text, which SQLite's `avg()` would count as 0. In any other column they are text: a
///   column of names cannot tell `NA` (Namibia) from a missing value by itself.
/// - Markers declared for a source (`nulls: [NA, "-"]`) are null in every column.
///
/// A marker is the whole field, as written (`NA`, not ` NA`), in its case.
public struct MissingValues: Sendable, Hashable {
    /// pandas' default `na_values` (1.x and 2.x), which include R's `NA`, and `-`.
    public static let standardMarkers = [
        "", "#N/A", "#N/A N/A", "#NA", "-1.#IND", "-1.#QNAN", "-NaN", "-nan", "1.#IND", "1.#QNAN", "<NA>",
        "N/A", "NA", "NULL", "NaN", "None", "n/a", "nan", "null", "-",
    ]

    /// The markers declared for the source, null in every column.
    public var declared: [String]

    private let standardBytes: [[UInt8]]
    private let declaredBytes: [[UInt8]]
    private let longest: Int

    public init(declared: [String] = []) {
        self.declared = declared
        standardBytes = Self.standardMarkers.filter { !$0.isEmpty }.map { Array($0.utf8) }
        declaredBytes = declared.map { Array($0.utf8) }
        longest = (standardBytes + declaredBytes).map(\.count).max() ?? 0
    }

    public static func == (lhs: MissingValues, rhs: MissingValues) -> Bool { lhs.declared == rhs.declared }
    public func hash(into hasher: inout Hasher) { hasher.combine(declared) }

    /// Whether `field` is a marker pandas or R reads as missing.
    func isStandard(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        field.count <= longest && standardBytes.contains { $0.elementsEqual(field) }
    }

    /// Whether `field` is a marker declared for the source.
    func isDeclared(_ field: UnsafeBufferPointer<UInt8>) -> Bool {
        !declaredBytes.isEmpty && field.count <= longest && declaredBytes.contains { $0.elementsEqual(field) }
    }

    /// The column types in which the standard markers are null.
    static func nullsStandardMarkers(_ type: ColumnType) -> Bool {
        switch type {
        case .integer, .real, .date, .dateTime: true
        case .boolean, .text: false
        }
    }
}

/// How many values of a column were markers read as null, and which markers they were.
public struct MissingValueCount: Sendable, Hashable {
    public var column: String
    public var count: Int
    /// The markers found, in the order first found.
    public var markers: [String]

    public init(column: String, count: Int, markers: [String]) {
        self.column = column
        self.count = count
        self.markers = markers
    }

    /// `3 values written "NA" or "-"`: for `ttsite data` and the build's details.
    public var description: String {
        "\(count == 1 ? "1 value" : "\(count) values") written " + markers.map { "\"\($0)\"" }.joined(separator: " or ")
            + " read as missing (null)"
    }
}

/// The markers one column found while its type was inferred.
struct MarkerTally: Sendable {
    struct Found: Sendable {
        var count = 0
        var texts: [String] = []

        mutating func note(_ field: UnsafeBufferPointer<UInt8>) {
            count += 1
            if texts.count < 8 {
                let text = String(decoding: field, as: UTF8.self)
                if !texts.contains(text) { texts.append(text) }
            }
        }

        mutating func merge(_ other: Found) {
            count += other.count
            for text in other.texts where texts.count < 8 && !texts.contains(text) { texts.append(text) }
        }
    }

    /// Standard markers: null only if the column turns out numbers or dates.
    var standard = Found()
    /// Declared markers: null in any column.
    var declared = Found()

    mutating func merge(_ other: MarkerTally) {
        standard.merge(other.standard)
        declared.merge(other.declared)
    }

    /// What was read as null in a column of `type` named `column`; nil when nothing was.
    func count(column: String, type: ColumnType) -> MissingValueCount? {
        let standardNull = MissingValues.nullsStandardMarkers(type)
        let count = declared.count + (standardNull ? standard.count : 0)
        guard count > 0 else { return nil }
        var markers = declared.texts
        if standardNull { markers += standard.texts.filter { !markers.contains($0) } }
        return MissingValueCount(column: column, count: count, markers: markers)
    }
}
