import DataTables
import Foundation
import ValueTransformers

extension MySQLColumn {
    /// Appends the value of `text`, the server's text for it (which must be followed by a NUL
    /// byte, as the client library keeps it: `strtod` reads numbers in place), to the batch, as
    /// SQLite stores it. `scratch` holds a rewritten value's bytes.
    public func append(
        _ text: UnsafeBufferPointer<UInt8>, to batch: inout RowBatch, column: Int, unheld: inout UnheldMySQLValues,
        scratch: inout [UInt8]
    ) {
        switch reader {
        case .text:
            batch.appendText(text)
        case .integer, .unsigned:
            // Anything the server writes for an integer column that is no Int64 (a BIGINT
            // UNSIGNED from 2⁶³, a DECIMAL's digits) is a number too.
            if let number = NumberText.integer(text) { batch.appendInteger(number) } else { batch.appendReal(NumberText.real(text)) }
        case .real:
            batch.appendReal(NumberText.real(text))
        case .boolean:
            switch NumberText.integer(text) {
            case 0: batch.appendInteger(0)
            case 1: batch.appendInteger(1)
            case .some:
                unheld.add("other than 0 and 1 stored as 1 (true)", column: column)
                batch.appendInteger(1)
            case nil:
                unheld.add("that are no number stored as NULL", column: column)
                batch.appendNull()
            }
        case .bit:
            batch.appendInteger(Self.bits(text) == 0 ? 0 : 1)
        case .bits:
            let bits = Self.bits(text)
            if let number = Int64(exactly: bits) { batch.appendInteger(number) } else { batch.appendReal(Double(bits)) }
        case .year:
            if let year = NumberText.integer(text), year != 0 {
                batch.appendInteger(year)
            } else {
                unheld.add("`\(String(decoding: text, as: UTF8.self))` stored as NULL", column: column)
                batch.appendNull()
            }
        case .date:
            if let problem = text.count == 10 ? Self.dateProblem(text, length: 10) : "that are no date" {
                unheld.add(problem + " stored as NULL", column: column)
                batch.appendNull()
            } else {
                batch.appendText(text)
            }
        case .instantUTC, .wallClock(nil):
            if let problem = Self.stored(text, into: &scratch) {
                unheld.add(problem + " stored as NULL", column: column)
                batch.appendNull()
            } else {
                scratch.withUnsafeBufferPointer { batch.appendText($0) }
            }
        case .wallClock(let zone?):
            switch Self.wallClock(text) {
            case .success(let written): batch.append(.dateTime(written.date(zoneless: .timeZone(zone))))
            case .failure(let problem):
                unheld.add(problem.what + " stored as NULL", column: column)
                batch.appendNull()
            }
        case .binary:
            Self.hex(text, into: &scratch)
            scratch.withUnsafeBufferPointer { batch.appendText($0) }
        }
    }

    /// A `BIT(n)` value, which the server sends as its bytes, most significant first.
    static func bits(_ text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        text.suffix(8).reduce(0) { $0 << 8 | UInt64($1) }
    }

    /// `\x` and the bytes in lower-case hex, as PostgreSQL writes a `bytea`.
    static func hex(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(2 + bytes.count * 2)
        output.append(UInt8(ascii: "\\"))
        output.append(UInt8(ascii: "x"))
        for byte in bytes {
            output.append(digits[Int(byte >> 4)])
            output.append(digits[Int(byte & 0xF)])
        }
    }

    /// Why a value is no date the table can hold, for the warning; nil for a date of the
    /// calendar from year 1 to 9999. `length` is where the date ends: 10, or 19 and more for
    /// a date and time.
    static func dateProblem(_ text: UnsafeBufferPointer<UInt8>, length: Int) -> String? {
        guard text.count >= 10, isDigits(text, 0..<4), isDigits(text, 5..<7), isDigits(text, 8..<10), text[4] == UInt8(ascii: "-"),
            text[7] == UInt8(ascii: "-")
        else { return "that are no date" }
        let year = number(text, 0..<4)
        let month = number(text, 5..<7)
        let day = number(text, 8..<10)
        if year == 0, month == 0, day == 0 {
            return length == 10 ? "`0000-00-00`" : "`0000-00-00 00:00:00`"
        }
        if month == 0 || day == 0 { return "with a zero month or day" }
        if year == 0 { return "outside the years 1–9999" }
        guard WrittenDate(year: year, month: month, day: day) != nil else { return "that are no day of the calendar" }
        return nil
    }

    /// `YYYY-MM-DD HH:MM:SS[.f…]` → `YYYY-MM-DDTHH:MM:SS[.fff[fff]]Z` in `output`, the instant as
    /// the table stores it (whole seconds without a fraction, milliseconds when they hold all
    /// of it, else microseconds); else why it cannot be.
    static func stored(_ text: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> String? {
        if let problem = dateTimeProblem(text) { return problem }
        var fraction = text.count > 20 ? text.count - 20 : 0
        while fraction > 0, text[19 + fraction] == UInt8(ascii: "0") { fraction -= 1 }
        let width = fraction == 0 ? 0 : fraction <= 3 ? 3 : 6
        output.removeAll(keepingCapacity: true)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: text[0..<19]))
        output[10] = UInt8(ascii: "T")
        if width > 0 {
            output.append(UInt8(ascii: "."))
            for index in 0..<width { output.append(index < fraction ? text[20 + index] : UInt8(ascii: "0")) }
        }
        output.append(UInt8(ascii: "Z"))
        return nil
    }

    /// Why a value is no date and time the table can hold; nil for `YYYY-MM-DD HH:MM:SS`, then
    /// nothing or `.` and 1 to 6 digits, of a day of the calendar and a time of the day.
    static func dateTimeProblem(_ text: UnsafeBufferPointer<UInt8>) -> String? {
        if let problem = dateProblem(text, length: 19) { return problem }
        guard text.count >= 19, text[10] == UInt8(ascii: " "), text[13] == UInt8(ascii: ":"), text[16] == UInt8(ascii: ":"),
            isDigits(text, 11..<13), isDigits(text, 14..<16), isDigits(text, 17..<19),
            text.count == 19 || text.count >= 21 && text.count <= 26 && text[19] == UInt8(ascii: ".") && isDigits(text, 20..<text.count)
        else { return "that are no date and time" }
        guard number(text, 11..<13) < 24, number(text, 14..<16) < 60, number(text, 17..<19) < 60 else {
            return "that are no time of the day"
        }
        return nil
    }

    /// Why a wall-clock value cannot be read, for the warning.
    struct Unheld: Error {
        let what: String
    }

    /// The fields of a `DATETIME`, or why it has none.
    static func wallClock(_ text: UnsafeBufferPointer<UInt8>) -> Result<WrittenDate, Unheld> {
        if let problem = dateTimeProblem(text) { return .failure(Unheld(what: problem)) }
        var nanoseconds = 0
        if text.count > 20 {
            nanoseconds = number(text, 20..<text.count)
            for _ in 0..<(9 - (text.count - 20)) { nanoseconds *= 10 }
        }
        let written = WrittenDate(
            year: number(text, 0..<4), month: number(text, 5..<7), day: number(text, 8..<10), hour: number(text, 11..<13),
            minute: number(text, 14..<16), second: number(text, 17..<19), nanosecond: nanoseconds)
        return written.map { .success($0) } ?? .failure(Unheld(what: "that are no day of the calendar"))
    }

    private static func number(_ text: UnsafeBufferPointer<UInt8>, _ places: Range<Int>) -> Int {
        places.reduce(0) { $0 * 10 + Int(text[$1] &- UInt8(ascii: "0")) }
    }

    private static func isDigits(_ text: UnsafeBufferPointer<UInt8>, _ places: Range<Int>) -> Bool {
        places.allSatisfy { text[$0] &- UInt8(ascii: "0") < 10 }
    }
}
