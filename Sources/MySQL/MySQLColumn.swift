import DataTables
import Foundation
import ValueTransformers

/// A column of a MariaDB or MySQL result: its name, its type in the server (the protocol's
/// field type, `MYSQL_TYPE_…`, with its flags, length, scale and character set) and the table
/// type and value reader that follow from it.
///
/// | MariaDB, MySQL | table type | stored as |
/// |---|---|---|
/// | `TINYINT` … `BIGINT`, `BIGINT UNSIGNED` up to 2⁶³ − 1 | integer | the number |
/// | `BIGINT UNSIGNED` from 2⁶³ | integer column | the nearest double |
/// | `DECIMAL(p, 0)` with p ≤ 18 | integer | the number |
/// | other `DECIMAL`, `FLOAT`, `DOUBLE` | real | the nearest double |
/// | `TINYINT(1)` (`BOOL`), `BIT(1)` | boolean | 0 or 1 (any other number as 1, with a note) |
/// | `BIT(n)` | integer | the bits as an unsigned number |
/// | `YEAR` | integer | the year; `0000` is NULL |
/// | `DATE` | date | `YYYY-MM-DD`; `0000-00-00`, a zero month or day, an invalid date are NULL |
/// | `TIMESTAMP` | datetime | `YYYY-MM-DDTHH:MM:SS[.fff[fff]]Z`, in UTC (the connection's zone) |
/// | `DATETIME` | datetime | the same, read as the site's `time_zone` |
/// | `BINARY`, `VARBINARY`, `BLOB` (the `binary` character set), `GEOMETRY` | text | `\x` and the bytes in hex |
/// | `TIME`, `ENUM`, `SET`, `JSON`, `CHAR`, `VARCHAR`, `TEXT` and every other type | text | the server's text |
///
/// A value the table cannot hold as written (a zero date) is NULL, and counted for a warning:
/// never a wrong date.
public struct MySQLColumn: Sendable {
    public let name: String
    /// The protocol's field type (`MYSQL_TYPE_LONG` is 3, `MYSQL_TYPE_NEWDECIMAL` 246).
    public let fieldType: UInt32
    let reader: Reader

    enum Reader: Sendable, Equatable {
        case integer, real, boolean, bits, year, date, binary, text
        /// A `BIT(1)`: one byte, 0 or 1.
        case bit
        /// An integer that may be beyond `Int64` (`BIGINT UNSIGNED`).
        case unsigned
        /// Written in UTC (the connection's `time_zone`).
        case instantUTC
        /// Written without a zone: read in the site's time zone (nil for UTC).
        case wallClock(TimeZone?)
    }

    public var type: ColumnType {
        switch reader {
        case .integer, .unsigned, .bits, .year: .integer
        case .real: .real
        case .boolean, .bit: .boolean
        case .date: .date
        case .instantUTC, .wallClock: .dateTime
        case .binary, .text: .text
        }
    }

    /// The protocol's field types ttsite reads as more than text.
    enum FieldType {
        static let decimal: UInt32 = 0
        static let tiny: UInt32 = 1
        static let short: UInt32 = 2
        static let long: UInt32 = 3
        static let float: UInt32 = 4
        static let double: UInt32 = 5
        static let timestamp: UInt32 = 7
        static let longLong: UInt32 = 8
        static let int24: UInt32 = 9
        static let date: UInt32 = 10
        static let dateTime: UInt32 = 12
        static let year: UInt32 = 13
        static let newDate: UInt32 = 14
        static let varChar: UInt32 = 15
        static let bit: UInt32 = 16
        static let newDecimal: UInt32 = 246
        static let tinyBlob: UInt32 = 249
        static let mediumBlob: UInt32 = 250
        static let longBlob: UInt32 = 251
        static let blob: UInt32 = 252
        static let varString: UInt32 = 253
        static let string: UInt32 = 254
        static let geometry: UInt32 = 255
    }

    /// The field's flags ttsite reads (`UNSIGNED_FLAG`, `ENUM_FLAG`, `SET_FLAG`).
    static let unsignedFlag: UInt32 = 32
    static let enumFlag: UInt32 = 256
    static let setFlag: UInt32 = 2048
    /// The character set of bytes that are no text (`binary`).
    static let binaryCharset: UInt32 = 63

    /// `length` is the field's display width (a `DECIMAL`'s digits with its sign and point),
    /// `decimals` its scale, `charset` the number of its character set (`charsetnr`).
    public init(name: String, fieldType: UInt32, flags: UInt32, length: Int, decimals: Int, charset: UInt32, timeZone: TimeZone) {
        self.name = name
        self.fieldType = fieldType
        let unsigned = flags & Self.unsignedFlag != 0
        switch fieldType {
        case FieldType.tiny where length == 1: reader = .boolean
        case FieldType.tiny, FieldType.short, FieldType.long, FieldType.int24: reader = .integer
        case FieldType.longLong: reader = unsigned ? .unsigned : .integer
        case FieldType.float, FieldType.double: reader = .real
        case FieldType.decimal, FieldType.newDecimal:
            let precision = length - (decimals > 0 ? 1 : 0) - (unsigned ? 0 : 1)
            reader = decimals == 0 && precision <= 18 ? .integer : .real
        case FieldType.bit: reader = length == 1 ? .bit : .bits
        case FieldType.year: reader = .year
        case FieldType.date, FieldType.newDate: reader = .date
        case FieldType.timestamp: reader = .instantUTC
        case FieldType.dateTime:
            let utc = timeZone.secondsFromGMT() == 0 && timeZone.nextDaylightSavingTimeTransition == nil
            reader = .wallClock(utc ? nil : timeZone)
        case FieldType.geometry: reader = .binary
        case FieldType.tinyBlob, FieldType.mediumBlob, FieldType.longBlob, FieldType.blob, FieldType.varString, FieldType.string,
            FieldType.varChar:
            let binary = charset == Self.binaryCharset && flags & (Self.enumFlag | Self.setFlag) == 0
            reader = binary ? .binary : .text
        default: reader = .text
        }
    }
}

/// Values the table cannot hold as the server wrote them, counted by column for a warning.
public struct UnheldMySQLValues: Sendable {
    /// By column index: what was met, and what became of it, and how often.
    private(set) var counts: [Int: [String: Int]] = [:]

    public init() {}

    /// `what` is the value and its fate: "`0000-00-00` stored as NULL".
    mutating func add(_ what: String, column: Int) {
        counts[column, default: [:]][what, default: 0] += 1
    }

    /// "column `born`: 3 values `0000-00-00` stored as NULL".
    public func notes(columns: [MySQLColumn]) -> [String] {
        counts.keys.sorted().flatMap { column in
            counts[column]!.sorted { $0.key < $1.key }.map { what, count in
                "column `\(columns[column].name)`: \(count) value\(count == 1 ? "" : "s") \(what)"
            }
        }
    }
}
