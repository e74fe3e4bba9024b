import CivilTime
import Foundation
import TextFormatting

/// The three date formats of HTTP (RFC 9110 §5.6.7), read by hand, strictly, in English:
///
/// - `.rfc1123`: `Sun, 06 Nov 1994 08:49:37 GMT` (also without the weekday or the seconds, with
///   a one-digit day, or a zone `UT`, `UTC`, `Z` or `±hhmm` as RFC 5322 allows)
/// - `.rfc850`: `Sunday, 06-Nov-94 08:49:37 GMT`. A two-digit year has two readings: RFC
///   9110's (more than 50 years after `now` is the most recent past year with those digits)
///   and the same year a century the other way (before it when it is still to come, after it
///   when it is past). The one whose date falls on the weekday written is taken, RFC 9110's
///   first; when the weekday fits neither, RFC 9110's stands and the reading carries a note
///   (`TransformationNotes`), which a JSON reader reports as a warning.
/// - `.asctime`: `Sun Nov  6 08:49:37 1994`, always UTC
///
/// Elsewhere the weekday name must be a weekday name but is not checked against the date.
public struct HTTPDateParser: DateTextParser {
    public enum Style: Sendable, Hashable {
        case rfc1123
        case rfc850
        case asctime
    }

    public let style: Style
    /// The instant two-digit years are judged from; nil means the clock at parse time.
    public let now: Date?

    public init(_ style: Style, now: Date? = nil) {
        self.style = style
        self.now = now
    }

    public var name: String {
        switch style {
        case .rfc1123: "RFC 1123"
        case .rfc850: "RFC 850"
        case .asctime: "asctime"
        }
    }

    public func parse(_ text: String) throws(DateTextError) -> WrittenDate {
        try text.withUTF8Bytes { (bytes) throws(DateTextError) -> WrittenDate in
            var scanner = DateScanner(bytes: bytes)
            if scanner.isAtEnd { throw DateTextError("the text is empty") }
            switch style {
            case .rfc1123: return try parseRFC1123(&scanner)
            case .rfc850: return try parseRFC850(&scanner)
            case .asctime: return try parseAsctime(&scanner)
            }
        }
    }

    private func parseRFC1123(_ s: inout DateScanner) throws(DateTextError) -> WrittenDate {
        if let byte = s.current, byte &- 48 >= 10 {
            try weekday(&s, full: false)
            guard s.take(UInt8(ascii: ",")), s.take(UInt8(ascii: " ")) else { throw DateTextError("expected \", \" after the weekday") }
        }
        guard let (day, _) = s.digits(upTo: 2), s.take(UInt8(ascii: " ")) else { throw DateTextError("expected the day of the month") }
        let month = try self.month(&s)
        guard s.take(UInt8(ascii: " ")), let year = s.digits(4), s.take(UInt8(ascii: " ")) else {
            throw DateTextError("expected a four-digit year after the month")
        }
        let (hour, minute, second) = try time(&s, secondsOptional: true)
        guard s.take(UInt8(ascii: " ")) else { throw DateTextError("expected a zone such as GMT after the time") }
        let offset = try zone(&s)
        return try finish(&s, year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    private func parseRFC850(_ s: inout DateScanner) throws(DateTextError) -> WrittenDate {
        let weekday = try self.weekday(&s, full: true)
        guard s.take(UInt8(ascii: ",")), s.take(UInt8(ascii: " ")) else { throw DateTextError("expected \", \" after the weekday") }
        guard let day = s.digits(2), s.take(UInt8(ascii: "-")) else { throw DateTextError("expected a two-digit day") }
        let month = try self.month(&s)
        guard s.take(UInt8(ascii: "-")), let (digits, count) = s.digits(upTo: 4), count == 2 || count == 4 else {
            throw DateTextError("expected a two-digit year after the month")
        }
        let year = count == 4 ? digits : Self.century(of: digits, month: month, day: day, weekday: weekday, now: now ?? Date())
        guard s.take(UInt8(ascii: " ")) else { throw DateTextError("expected a time after the date") }
        let (hour, minute, second) = try time(&s, secondsOptional: false)
        guard s.take(UInt8(ascii: " ")) else { throw DateTextError("expected a zone such as GMT after the time") }
        let offset = try zone(&s)
        return try finish(&s, year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: offset)
    }

    private func parseAsctime(_ s: inout DateScanner) throws(DateTextError) -> WrittenDate {
        try weekday(&s, full: false)
        guard s.take(UInt8(ascii: " ")) else { throw DateTextError("expected a space after the weekday") }
        let month = try self.month(&s)
        guard s.take(UInt8(ascii: " ")) else { throw DateTextError("expected a space after the month") }
        _ = s.take(UInt8(ascii: " "))
        guard let (day, _) = s.digits(upTo: 2), s.take(UInt8(ascii: " ")) else { throw DateTextError("expected the day of the month") }
        let (hour, minute, second) = try time(&s, secondsOptional: false)
        guard s.take(UInt8(ascii: " ")), let year = s.digits(4) else { throw DateTextError("expected a four-digit year after the time") }
        return try finish(&s, year: year, month: month, day: day, hour: hour, minute: minute, second: second, offset: 0)
    }

    /// The year of a two-digit RFC 850 date: RFC 9110's, or the other century's when only
    /// that one's date falls on `weekday`; RFC 9110's with a note when neither does (or the
    /// day exists in neither).
    static func century(of twoDigits: Int, month: Int, day: Int, weekday: Int, now: Date) -> Int {
        let rule = expandTwoDigitYear(twoDigits, now: now)
        let other = rule > WrittenDate(utc: now).calendarDate.year ? rule - 100 : rule + 100
        func fits(_ year: Int) -> Bool { CalendarDate(year: year, month: month, day: day)?.weekday == weekday }
        if fits(rule) { return rule }
        if fits(other) { return other }
        let name = EnglishNames.weekdayNames[weekday]
        let month = EnglishNames.monthAbbreviations[month - 1]
        TransformationNotes.record(
            "\(name) is not the weekday of \(day) \(month) in \(min(rule, other)) or \(max(rule, other)); read as \(rule), as RFC 9110 says"
        )
        return rule
    }

    /// RFC 9110 §5.6.7: a year more than 50 years in the future is the most recent past one.
    static func expandTwoDigitYear(_ twoDigits: Int, now: Date) -> Int {
        let currentYear = WrittenDate(utc: now).calendarDate.year
        var year = currentYear - currentYear % 100 + twoDigits
        if year > currentYear + 50 { year -= 100 } else if year + 100 <= currentYear + 50 { year += 100 }
        return year
    }

    /// The weekday named, 0 for Sunday, as `CalendarDate.weekday` counts.
    @discardableResult
    private func weekday(_ s: inout DateScanner, full: Bool) throws(DateTextError) -> Int {
        let word = s.word()
        let names = (full ? EnglishNames.weekdayNames : EnglishNames.weekdayAbbreviations).map { $0.lowercased() }
        guard let index = names.firstIndex(of: word) else {
            throw DateTextError(word.isEmpty ? "expected a weekday name" : "\"\(word)\" is not a weekday name")
        }
        return index
    }

    private func month(_ s: inout DateScanner) throws(DateTextError) -> Int {
        let word = s.word()
        guard let index = EnglishNames.monthAbbreviations.firstIndex(where: { $0.lowercased() == word }) else {
            throw DateTextError(word.isEmpty ? "expected a month name" : "\"\(word)\" is not a month name")
        }
        return index + 1
    }

    private func time(_ s: inout DateScanner, secondsOptional: Bool) throws(DateTextError) -> (Int, Int, Int) {
        guard let hour = s.digits(2), s.take(UInt8(ascii: ":")), let minute = s.digits(2) else {
            throw DateTextError("expected a time HH:mm:ss")
        }
        if s.take(UInt8(ascii: ":")), let second = s.digits(2) { return (hour, minute, second) }
        guard secondsOptional, s.current != UInt8(ascii: ":") else { throw DateTextError("expected a time HH:mm:ss") }
        return (hour, minute, 0)
    }

    private func zone(_ s: inout DateScanner) throws(DateTextError) -> Int {
        if s.current == UInt8(ascii: "+") || s.current == UInt8(ascii: "-") {
            let sign = s.take(UInt8(ascii: "-")) ? -1 : 1
            _ = s.take(UInt8(ascii: "+"))
            guard let hours = s.digits(2), let minutes = s.digits(2), minutes < 60 else {
                throw DateTextError("expected a zone ±hhmm")
            }
            return sign * (hours * 3600 + minutes * 60)
        }
        let word = s.word()
        guard ["gmt", "ut", "utc", "z"].contains(word) else {
            throw DateTextError(word.isEmpty ? "expected a zone such as GMT" : "unknown zone \"\(word.uppercased())\"")
        }
        return 0
    }

    private func finish(
        _ s: inout DateScanner, year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int, offset: Int
    ) throws(DateTextError) -> WrittenDate {
        guard s.isAtEnd else { throw DateTextError("unexpected \"\(s.rest)\" at the end") }
        guard
            let date = WrittenDate(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffset: offset
            )
        else {
            throw DateTextError.invalidFields(
                year: year, month: month, day: day, hour: hour, minute: minute, second: second, utcOffset: offset
            )
        }
        return date
    }

    /// `date` in this style, in GMT.
    public func format(_ date: Date) -> String {
        let fields = WrittenDate(utc: Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down)))
        let day = fields.calendarDate
        let time = [fields.hour, fields.minute, fields.second].map { CFormat.padded($0, 2) }.joined(separator: ":")
        let month = EnglishNames.monthAbbreviations[day.month - 1]
        let year = CFormat.padded(day.year, 4)
        let dayText = CFormat.padded(day.day, 2)
        switch style {
        case .rfc1123:
            return "\(EnglishNames.weekdayAbbreviations[day.weekday]), \(dayText) \(month) \(year) \(time) GMT"
        case .rfc850:
            return "\(EnglishNames.weekdayNames[day.weekday]), \(dayText)-\(month)-\(year.suffix(2)) \(time) GMT"
        case .asctime:
            let spaced = day.day < 10 ? " \(day.day)" : String(day.day)
            return "\(EnglishNames.weekdayAbbreviations[day.weekday]) \(month) \(spaced) \(time) \(year)"
        }
    }
}
