import CivilTime
import Foundation
import TextFormatting

/// A fast, strict ISO 8601 / RFC 3339 reader that never goes through `DateFormatter`.
///
/// Accepts `2013-04-23`, `2013-04-23T16:29`, `2013-04-23T16:29:05`, a fraction of 1–9 digits
/// (`.5`, `.688`, `.123456789`, also with a comma), `T`, `t` or a space between date and time,
/// and a zone `Z`, `z`, `±hh:mm`, `±hhmm` or `±hh`. Rejects dates that do not exist (February 30,
/// month 13, 24:00, 12:61), leap seconds, and anything after the date.
public struct ISO8601DateParser: DateTextParser {
    public let name = "ISO 8601"
    /// Whether `2013-04-23` alone is accepted (as midnight).
    public var allowsDateOnly: Bool

    public init(allowsDateOnly: Bool = true) {
        self.allowsDateOnly = allowsDateOnly
    }

    public func parse(_ text: String) throws(DateTextError) -> WrittenDate {
        try text.withUTF8Bytes { (bytes) throws(DateTextError) -> WrittenDate in
            var scanner = DateScanner(bytes: bytes)
            return try parse(&scanner)
        }
    }

    private func parse(_ s: inout DateScanner) throws(DateTextError) -> WrittenDate {
        if s.isAtEnd { throw DateTextError("the text is empty") }
        guard let year = s.digits(4) else { throw DateTextError("expected a four-digit year at the start") }
        guard s.take(UInt8(ascii: "-")), let month = s.digits(2) else { throw DateTextError("expected \"-MM\" after the year") }
        guard s.take(UInt8(ascii: "-")), let day = s.digits(2) else { throw DateTextError("expected \"-dd\" after the month") }
        if s.isAtEnd {
            guard allowsDateOnly else { throw DateTextError("a time is required") }
            guard let date = WrittenDate(year: year, month: month, day: day, hasTime: false) else {
                throw DateTextError.invalidDay(day, month: month, year: year)
            }
            return date
        }
        guard s.take(UInt8(ascii: "T")) || s.take(UInt8(ascii: "t")) || s.take(UInt8(ascii: " ")) else {
            throw DateTextError("unexpected \"\(s.rest)\" after the date")
        }
        guard let hour = s.digits(2), s.take(UInt8(ascii: ":")), let minute = s.digits(2) else {
            throw DateTextError("expected a time \"HH:mm\" after the date")
        }
        var second = 0
        var nanosecond = 0
        if s.take(UInt8(ascii: ":")) {
            guard let value = s.digits(2) else { throw DateTextError("expected two digits of seconds") }
            second = value
            if s.take(UInt8(ascii: ".")) || s.take(UInt8(ascii: ",")) {
                guard let (fraction, count) = s.digits(upTo: 9) else { throw DateTextError("expected digits after the decimal point") }
                if let next = s.current, next &- 48 < 10 { throw DateTextError("more than nine digits of fractional seconds") }
                nanosecond = fraction * Self.powersOfTen[9 - count]
            }
        }
        let utcOffset = try parseZone(&s)
        guard s.isAtEnd else { throw DateTextError("unexpected \"\(s.rest)\" after the time") }
        guard
            let date = WrittenDate(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second,
                nanosecond: nanosecond, utcOffset: utcOffset
            )
        else {
            throw DateTextError.invalidFields(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffset: utcOffset
            )
        }
        return date
    }

    private func parseZone(_ s: inout DateScanner) throws(DateTextError) -> Int? {
        if s.take(UInt8(ascii: "Z")) || s.take(UInt8(ascii: "z")) { return 0 }
        let sign: Int
        if s.take(UInt8(ascii: "+")) { sign = 1 } else if s.take(UInt8(ascii: "-")) { sign = -1 } else { return nil }
        guard let hours = s.digits(2) else { throw DateTextError("expected a UTC offset ±hh:mm") }
        var minutes = 0
        if s.take(UInt8(ascii: ":")) {
            guard let value = s.digits(2) else { throw DateTextError("expected a UTC offset ±hh:mm") }
            minutes = value
        } else if let value = s.digits(2) {
            minutes = value
        }
        guard hours < 24, minutes < 60 else { throw DateTextError("the UTC offset is out of range") }
        return sign * (hours * 3600 + minutes * 60)
    }

    private static let powersOfTen = [1, 10, 100, 1000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// `2013-04-23T16:29:05Z`, with `.SSS` when the date has a fraction of a second.
    public func format(_ date: Date) -> String { Self.format(date) }

    /// `date` in ISO 8601 at the given offset (`Z` for 0), with `fractionDigits` digits of
    /// fractional seconds, or with milliseconds only when they are not zero when nil.
    public static func format(_ date: Date, utcOffset: Int = 0, fractionDigits: Int? = nil) -> String {
        let shifted = Date(timeIntervalSince1970: date.timeIntervalSince1970 + Double(utcOffset))
        let fields = WrittenDate(utc: shifted)
        var text =
            fields.calendarDate.description + "T" + CFormat.padded(fields.hour, 2)
            + ":" + CFormat.padded(fields.minute, 2) + ":" + CFormat.padded(fields.second, 2)
        let digits = fractionDigits ?? (fields.nanosecond / 1_000_000 == 0 ? 0 : 3)
        if digits > 0 {
            let fraction = CFormat.padded(fields.nanosecond, 9).prefix(min(digits, 9))
            text += "." + fraction
        }
        if utcOffset == 0 { return text + "Z" }
        let minutes = abs(utcOffset) / 60
        return text + (utcOffset < 0 ? "-" : "+") + CFormat.padded(minutes / 60, 2) + ":" + CFormat.padded(minutes % 60, 2)
    }
}
