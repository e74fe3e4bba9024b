import DataTables
import Foundation
import ValueTransformers

/// A column of a PostgreSQL result: its name, its type in the server (by OID, the number
/// `pg_type` knows it by) and the table type and value reader that follow from it.
///
/// | PostgreSQL | table type | stored as |
/// |---|---|---|
/// | `smallint`, `integer`, `bigint`, `oid` | integer | the number |
/// | `numeric(p, 0)` with p ≤ 18 | integer | the number |
/// | other `numeric`, `real`, `double precision` | real | the nearest double; `NaN` is NULL |
/// | `boolean` | boolean | 0 or 1 |
/// | `date` | date | `YYYY-MM-DD`; `±infinity` and years outside 1–9999 are NULL |
/// | `timestamp with time zone` | datetime | `YYYY-MM-DDTHH:MM:SS[.fff[fff]]Z`, in UTC |
/// | `timestamp` (without time zone) | datetime | the same, read as the site's `time_zone` |
/// | arrays | text | JSON: `{1,NULL}` → `[1,null]` |
/// | `json`, `jsonb`, text and every other type | text | the server's text |
public struct PostgresColumn: Sendable {
    public let name: String
    public let oid: UInt32
    let reader: Reader

    enum Reader: Sendable {
        case integer, real, boolean, date, text
        /// Written in UTC (the session's `TimeZone`), with its `+00`.
        case instantUTC
        /// Written without a zone, in a site whose time zone is UTC.
        case wallClockUTC
        /// Written without a zone: read in the site's time zone.
        case wallClock(TimeZone)
        case array(ArrayLiteral.Element)
    }

    public var type: ColumnType {
        switch reader {
        case .integer: .integer
        case .real: .real
        case .boolean: .boolean
        case .date: .date
        case .instantUTC, .wallClockUTC, .wallClock: .dateTime
        case .text, .array: .text
        }
    }

    /// `typmod` is the column's type modifier (`PQfmod`): a numeric's precision and scale.
    public init(name: String, oid: UInt32, typmod: Int32, timeZone: TimeZone) {
        self.name = name
        self.oid = oid
        switch oid {
        case 20, 21, 23, 26: reader = .integer
        case 700, 701: reader = .real
        case 1700:
            // typmod is ((precision << 16) | scale) + 4, or -1 for `numeric` without them.
            let precision = typmod >= 4 ? (typmod - 4) >> 16 : 0
            let scale = typmod >= 4 ? (typmod - 4) & 0xFFFF : -1
            reader = scale == 0 && precision <= 18 ? .integer : .real
        case 16: reader = .boolean
        case 1082: reader = .date
        case 1184: reader = .instantUTC
        case 1114:
            reader =
                timeZone.secondsFromGMT() == 0 && timeZone.nextDaylightSavingTimeTransition == nil ? .wallClockUTC : .wallClock(timeZone)
        default: reader = ArrayLiteral.element(ofArrayType: oid).map(Reader.array) ?? .text
        }
    }
}

/// Values the table cannot hold as the server wrote them, counted by column for a warning.
public struct UnheldValues: Sendable {
    /// By column index: what was met and how often.
    private(set) var counts: [Int: [String: Int]] = [:]

    public init() {}

    mutating func add(_ what: String, column: Int) {
        counts[column, default: [:]][what, default: 0] += 1
    }

    /// "column `valid_to`: 3 values `infinity` stored as NULL".
    public func notes(columns: [PostgresColumn]) -> [String] {
        counts.keys.sorted().flatMap { column in
            counts[column]!.sorted { $0.key < $1.key }.map { what, count in
                "column `\(columns[column].name)`: \(count) value\(count == 1 ? "" : "s") \(what) stored as NULL"
            }
        }
    }
}

extension PostgresColumn {
    /// Appends the value of `text`, the server's text for it (which must be followed by a NUL
    /// byte, as libpq keeps it: `strtod` reads numbers in place), to the batch, as SQLite stores it.
    /// `scratch` holds a rewritten instant's bytes.
    public func append(
        _ text: UnsafeBufferPointer<UInt8>, to batch: inout RowBatch, column: Int, unheld: inout UnheldValues, scratch: inout [UInt8]
    ) {
        switch reader {
        case .text:
            batch.appendText(text)
        case .integer:
            // A numeric(p, 0) column has at most 18 digits; anything else the server writes for
            // an integer is a number too.
            if let number = NumberText.integer(text) { batch.appendInteger(number) } else { batch.appendReal(NumberText.real(text)) }
        case .real:
            let number = NumberText.real(text)
            if number.isNaN {
                unheld.add("`NaN`", column: column)
                batch.appendNull()
            } else {
                batch.appendReal(number)
            }
        case .boolean:
            batch.appendInteger(text.first == UInt8(ascii: "t") ? 1 : 0)
        case .date:
            if text.count == 10, Self.isDate(text) {
                batch.appendText(text)
            } else {
                unheld.add(Self.unheldDate(text), column: column)
                batch.appendNull()
            }
        case .instantUTC, .wallClockUTC:
            // A timestamptz's text ends in its zone, `+00`; a timestamp's has none.
            let zoned: Bool
            if case .instantUTC = reader { zoned = true } else { zoned = false }
            if zoned ? Self.instant(text, into: &scratch) : Self.stored(text, into: &scratch) {
                scratch.withUnsafeBufferPointer { batch.appendText($0) }
            } else {
                unheld.add(Self.unheldDate(text), column: column)
                batch.appendNull()
            }
        case .wallClock(let zone):
            if let written = Self.wallClock(text) {
                batch.append(.dateTime(written.date(zoneless: .timeZone(zone))))
            } else {
                unheld.add(Self.unheldDate(text), column: column)
                batch.appendNull()
            }
        case .array(let element):
            batch.append(.text(ArrayLiteral.json(text, element: element)))
        }
    }

    /// `2024-05-01 12:34:56.5+00` → `2024-05-01T12:34:56.500Z` in `output`: the instant as
    /// the table stores it (whole seconds without a fraction, milliseconds when they hold all
    /// of it, else microseconds). False for `infinity` and for years outside 1–9999 (`… BC`,
    /// `10000-…`).
    static func instant(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        guard text.count >= 22, text[text.count - 3] == UInt8(ascii: "+"), text[text.count - 2] == UInt8(ascii: "0"),
            text[text.count - 1] == UInt8(ascii: "0")
        else { return false }
        return stored(UnsafeBufferPointer(rebasing: text[0..<(text.count - 3)]), into: &output)
    }

    /// `YYYY-MM-DD HH:MM:SS[.f…]` → its `T…Z` form in `output`; false for any other shape.
    static func stored(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        guard isDateTime(text) else { return false }
        let fraction = max(0, text.count - 20)
        let width = fraction == 0 ? 0 : fraction <= 3 ? 3 : 6
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[0..<19]))
        output[10] = UInt8(ascii: "T")
        if width > 0 {
            output.append(UInt8(ascii: "."))
            for index in 0..<width { output.append(index < fraction ? text[20 + index] : UInt8(ascii: "0")) }
        }
        output.append(UInt8(ascii: "Z"))
        return true
    }

    /// The fields of a `timestamp` without time zone, nil for `infinity` and years outside
    /// 1–9999.
    static func wallClock(_ text: UnsafeBufferPointer<UInt8>) -> WrittenDate? {
        guard isDateTime(text) else { return nil }
        func number(_ range: Range<Int>) -> Int {
            range.reduce(0) { $0 * 10 + Int(text[$1] &- UInt8(ascii: "0")) }
        }
        var nanoseconds = 0
        if text.count > 20 {
            nanoseconds = number(20..<text.count)
            for _ in 0..<(9 - (text.count - 20)) { nanoseconds *= 10 }
        }
        return WrittenDate(
            year: number(0..<4), month: number(5..<7), day: number(8..<10), hour: number(11..<13),
            minute: number(14..<16), second: number(17..<19), nanosecond: nanoseconds)
    }

    /// What a date the table cannot hold was, for the warning.
    private static func unheldDate(_ text: UnsafeBufferPointer<UInt8>) -> String {
        let written = String(decoding: text, as: UTF8.self)
        if written == "infinity" || written == "-infinity" { return "`\(written)`" }
        return "outside the years 1–9999"
    }

    /// `YYYY-MM-DD` at the start of `text`, of a year from 1 to 9999: the server writes 1 BC
    /// as `0001-… BC` and year 10000 with five digits, and neither fits this shape.
    static func isDate(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        text.count >= 10 && isDigits(text, 0..<4) && isDigits(text, 5..<7) && isDigits(text, 8..<10) && text[4] == UInt8(ascii: "-")
            && text[7] == UInt8(ascii: "-")
            && !(text[0] == UInt8(ascii: "0") && text[1] == UInt8(ascii: "0") && text[2] == UInt8(ascii: "0")
                && text[3] == UInt8(ascii: "0"))
    }

    /// `YYYY-MM-DD HH:MM:SS`, then nothing or `.` and 1 to 6 digits: a date and time of the
    /// server's ISO style, its zone taken off.
    static func isDateTime(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        guard isDate(text), text.count >= 19, text[10] == UInt8(ascii: " "), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
            isDigits(text, 11..<13), isDigits(text, 14..<16), isDigits(text, 17..<19)
        else { return false }
        return text.count == 19 || text.count >= 21 && text.count <= 26 && text[19] == UInt8(ascii: ".") && isDigits(text, 20..<text.count)
    }

    private static func isDigits(_ text: UnsafeBufferPointer<UInt8>, _ places: Range<Int>) -> Bool {
        places.allSatisfy { text[$0] &- UInt8(ascii: "0") < 10 }
    }
}
