import CSQLite
import CivilTime
import Foundation
import TextFormatting
import ValueTransformers

// How table values are written into SQLite and read back out of it.
//
// Dates are text, so that SQLite's date functions work on them: a date `2024-02-29`, an
// instant `2024-02-29T13:05:09Z` in UTC, with `.123` or `.123456` only when it has a
// fraction of a second. Booleans are the integers 0 and 1. A BLOB has no table value of its
// own: it is read as the upper-case hex text SQLite's `hex()` writes, so that `hex(x)` and
// `x` give the same text, nothing is lost, and its size counts twice towards the byte limit.

extension ColumnType {
    /// The column type of a declared SQLite type, by SQLite's affinity rules (section 3.1 of
    /// "Datatypes In SQLite") after the names SQLite has no affinity for: `BOOL…` → boolean,
    /// `DATETIME…`/`TIMESTAMP…` → datetime, `DATE…` → date; then a name containing `INT` →
    /// integer, `CHAR`/`CLOB`/`TEXT` → text, `REAL`/`FLOA`/`DOUB` → real, any other name
    /// (`NUMERIC`, `DECIMAL(10,2)`) → real. Nil for no declared type, or `BLOB`: the values'
    /// storage classes decide.
    init?(declaredType: String) {
        let name = declaredType.uppercased().trimmingCharacters(in: .whitespaces)
        if name.isEmpty || name.contains("BLOB") { return nil }
        if name.hasPrefix("BOOL") {
            self = .boolean
        } else if name.hasPrefix("DATETIME") || name.hasPrefix("TIMESTAMP") {
            self = .dateTime
        } else if name.hasPrefix("DATE") {
            self = .date
        } else if name.contains("INT") {
            self = .integer
        } else if name.contains("CHAR") || name.contains("CLOB") || name.contains("TEXT") {
            self = .text
        } else {
            self = .real
        }
    }
}

enum SQLText {
    /// SQLite copies a value bound with this destructor before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// `2024-02-29T13:05:09Z`, `…09.5Z` → `…09.500Z`, `…09.000123Z` → `…09.000123Z`: whole
    /// seconds without a fraction, milliseconds when they hold all of it, else microseconds
    /// (the precision a `Date` keeps at today's timestamps).
    static func instant(_ date: Date) -> String {
        var bytes: [UInt8] = []
        appendInstant(date, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `date` as `CalendarDate.description` writes it, `2024-02-29`.
    static func appendISO(_ date: CalendarDate, to bytes: inout [UInt8]) {
        CFormat.appendPadded(date.year, 4, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CFormat.appendPadded(date.month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        CFormat.appendPadded(date.day, 2, to: &bytes)
    }

    /// Appends `instant(date)`'s text, without making strings: a loaded table writes one per
    /// cell of a date-time column.
    static func appendInstant(_ date: Date, to bytes: inout [UInt8]) {
        let fields = WrittenDate(utc: date)
        appendISO(fields.calendarDate, to: &bytes)
        bytes.append(UInt8(ascii: "T"))
        CFormat.appendPadded(fields.hour, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        CFormat.appendPadded(fields.minute, 2, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        CFormat.appendPadded(fields.second, 2, to: &bytes)
        let nanoseconds = fields.nanosecond
        if nanoseconds != 0 {
            bytes.append(UInt8(ascii: "."))
            if nanoseconds % 1_000_000 == 0 {
                CFormat.appendPadded(nanoseconds / 1_000_000, 3, to: &bytes)
            } else {
                CFormat.appendPadded(nanoseconds / 1000, 6, to: &bytes)
            }
        }
        bytes.append(UInt8(ascii: "Z"))
    }

    static let parser = ISO8601DateParser()

    /// The date of a `YYYY-MM-DD` text, nil for anything else.
    static func date(_ text: String) -> CalendarDate? {
        guard let written = try? parser.parse(text), !written.hasTime else { return nil }
        return written.calendarDate
    }

    /// The instant of an ISO 8601 text (a zoneless one, as SQLite's `datetime()` writes, is
    /// UTC; a date alone is its midnight in UTC), nil for anything else.
    static func instant(_ text: String) -> Date? {
        guard let written = try? parser.parse(text) else { return nil }
        return written.date(zoneless: .utc)
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    /// Upper-case hex, as SQLite's `hex()` writes it.
    static func hex(_ bytes: UnsafeRawBufferPointer) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 2) { output in
            for (index, byte) in bytes.enumerated() {
                output[2 * index] = hexDigits[Int(byte >> 4)]
                output[2 * index + 1] = hexDigits[Int(byte & 0x0F)]
            }
            return bytes.count * 2
        }
    }
}

extension SQLStatement {
    /// Binds one value to a parameter (1-based), copied by SQLite.
    func bind(_ value: TableValue, at index: Int32) {
        switch value {
        case .null: sqlite3_bind_null(handle, index)
        case .integer(let number): sqlite3_bind_int64(handle, index, number)
        case .real(let number): sqlite3_bind_double(handle, index, number)
        case .boolean(let flag): sqlite3_bind_int64(handle, index, flag ? 1 : 0)
        case .date(let date): sqlite3_bind_text(handle, index, date.description, -1, SQLText.transient)
        case .dateTime(let instant): sqlite3_bind_text(handle, index, SQLText.instant(instant), -1, SQLText.transient)
        case .text(let text): bindText(text, at: index)
        }
    }

    private func bindText(_ text: String, at index: Int32) {
        var text = text
        text.withUTF8 { bytes in
            // A text may hold NUL bytes: its length, not a terminator, says where it ends.
            // An empty buffer has no address, and a NULL pointer would bind NULL, not "".
            guard let start = bytes.baseAddress else {
                sqlite3_bind_text(handle, index, "", 0, SQLText.transient)
                return
            }
            let text = UnsafeRawPointer(start).assumingMemoryBound(to: CChar.self)
            sqlite3_bind_text(handle, index, text, Int32(clamping: bytes.count), SQLText.transient)
        }
    }

    /// The value of a result column (0-based) of the current row, as its declared type says
    /// when it has one; `bytes` grows by the length of a text or the hex of a blob.
    func value(_ index: Int32, declared: ColumnType?, bytes: inout Int) -> TableValue {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_INTEGER:
            let number = sqlite3_column_int64(handle, index)
            switch declared {
            case .boolean where number == 0 || number == 1: return .boolean(number == 1)
            case .real: return .real(Double(number))
            default: return .integer(number)
            }
        case SQLITE_FLOAT:
            return .real(sqlite3_column_double(handle, index))
        case SQLITE_TEXT:
            let count = Int(sqlite3_column_bytes(handle, index))
            bytes += count
            let text =
                sqlite3_column_text(handle, index).map {
                    String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
                } ?? ""
            switch declared {
            case .date: return SQLText.date(text).map(TableValue.date) ?? .text(text)
            case .dateTime: return SQLText.instant(text).map(TableValue.dateTime) ?? .text(text)
            default: return .text(text)
            }
        case SQLITE_BLOB:
            let count = Int(sqlite3_column_bytes(handle, index))
            bytes += 2 * count
            guard let start = sqlite3_column_blob(handle, index) else { return .text("") }
            return .text(SQLText.hex(UnsafeRawBufferPointer(start: start, count: count)))
        default:
            return .null
        }
    }

    /// The size in bytes of a text or blob value before it is read (a `zeroblob(n)` is not
    /// made until it is read), 0 for any other value.
    func size(_ index: Int32) -> Int {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_TEXT: Int(sqlite3_column_bytes(handle, index))
        case SQLITE_BLOB: 2 * Int(sqlite3_column_bytes(handle, index))
        default: 0
        }
    }
}
