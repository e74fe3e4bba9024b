import CivilTime
import Foundation
import Testing

@testable import ValueTransformers

@Suite("Date parsers against the Python oracle")
struct DateParserTests {
    @Test("ISO 8601 valid texts", arguments: Oracle.iso8601)
    func iso8601(expected: OracleDate) throws {
        let written = try ISO8601DateParser().parse(expected.text)
        expected.expectFields(written)
        expected.expectInstant(written.date())
        let transformer = DateTransformer(ISO8601DateParser())
        expected.expectInstant(try transformer.transform(expected.text, to: Date.self))
    }

    @Test("ISO 8601 without zone, read in a time zone", arguments: Oracle.iso8601Zoneless)
    func iso8601Zoneless(expected: OracleDate) throws {
        let transformer = DateTransformer(ISO8601DateParser(), zoneless: expected.zoneless)
        expected.expectInstant(try transformer.transform(expected.text, to: Date.self))
        expected.expectFields(try transformer.transform(expected.text, to: WrittenDate.self))
    }

    @Test("ISO 8601 invalid texts are rejected", arguments: Oracle.iso8601Invalid)
    func iso8601Invalid(text: String) {
        #expect(throws: DateTextError.self) { try ISO8601DateParser().parse(text) }
        let error = #expect(throws: TransformationError.self) {
            try DateTransformer(ISO8601DateParser()).transform(text, to: Date.self)
        }
        #expect(error?.reason == .badInput)
    }

    @Test("ISO 8601 date-only can be refused")
    func dateOnlyRefused() {
        #expect(throws: DateTextError("a time is required")) { try ISO8601DateParser(allowsDateOnly: false).parse("2013-04-23") }
    }

    @Test(
        "Rejection reasons name the problem",
        arguments: [
            ("2013-02-30", "February 2013 has no day 30"),
            ("2013-13-01", "month 13 does not exist"),
            ("2013-04-23T24:61", "hour 24 does not exist"),
            ("2013-04-23T12:61", "minute 61 does not exist"),
            ("2013-04-23T12:00:00Zjunk", "unexpected \"junk\" after the time"),
            ("", "the text is empty"),
        ])
    func reasons(text: String, reason: String) {
        #expect(throws: DateTextError(reason)) { try ISO8601DateParser().parse(text) }
    }

    @Test("HTTP dates (RFC 1123, RFC 850, asctime)", arguments: Oracle.http)
    func http(style: String, expected: OracleDate) throws {
        let parser = HTTPDateParser(Self.style(style), now: .oracleNow)
        let written = try parser.parse(expected.text)
        expected.expectFields(written)
        expected.expectInstant(written.date())
    }

    @Test("Invalid HTTP dates are rejected", arguments: Oracle.httpInvalid)
    func httpInvalid(style: String, text: String) {
        #expect(throws: DateTextError.self) { try HTTPDateParser(Self.style(style), now: .oracleNow).parse(text) }
    }

    @Test(
        "HTTP dates are written in the canonical form",
        arguments: [
            (HTTPDateParser.Style.rfc1123, "Sun, 06 Nov 1994 08:49:37 GMT"),
            (.rfc850, "Sunday, 06-Nov-94 08:49:37 GMT"),
            (.asctime, "Sun Nov  6 08:49:37 1994"),
        ])
    func httpFormat(style: HTTPDateParser.Style, text: String) throws {
        let parser = HTTPDateParser(style, now: .oracleNow)
        #expect(parser.format(Date(timeIntervalSince1970: 784_111_777)) == text)
        #expect(try parser.parse(text).date() == Date(timeIntervalSince1970: 784_111_777))
    }

    @Test("Custom patterns", arguments: Oracle.patterns)
    func patterns(pattern: String, expected: OracleDate) throws {
        let written = try DatePattern(pattern, now: .oracleNow).parse(expected.text)
        expected.expectFields(written)
        expected.expectInstant(written.date())
    }

    @Test("Invalid texts for custom patterns are rejected", arguments: Oracle.patternsInvalid)
    func patternsInvalid(pattern: String, text: String) throws {
        let parser = try DatePattern(pattern, now: .oracleNow)
        #expect(throws: DateTextError.self) { try parser.parse(text) }
    }

    /// A field of 19 or more letters read 19 digits into an Int and stopped the process (found
    /// by fuzzing: `Fuzz/regressions/dates/`).
    @Test(
        "Patterns that cannot make a date are refused",
        arguments: [
            "HH:mm", "dd.MM.yyyy QQQ", "yyyy-MM-dd hh:mm", "'open", "yyyy-MM-dddddddddddddddddddddd", "yyyyyyyyyy-MM-dd",
        ])
    func badPatterns(pattern: String) {
        #expect(throws: DateTextError.self) { try DatePattern(pattern) }
    }

    @Test(
        "Patterns write dates",
        arguments: [
            ("dd.MM.yyyy", "06.11.1994"),
            ("EEEE, d MMMM yyyy 'at' h:mm a", "Sunday, 6 November 1994 at 8:49 AM"),
            ("yyyy-MM-dd'T'HH:mm:ss.SSSXXX", "1994-11-06T08:49:37.250Z"),
            ("yyyyMMddHHmmssZ", "19941106084937+0000"),
        ])
    func patternFormat(pattern: String, text: String) throws {
        #expect(try DatePattern(pattern).format(Date(timeIntervalSince1970: 784_111_777.25)) == text)
    }

    @Test("UNIX time", arguments: Oracle.unix)
    func unix(text: String, seconds: Int64, nanoseconds: Int) throws {
        let expected = OracleDate(text, seconds, nanoseconds, [], offset: 0, zone: nil, hasTime: true)
        let transformer = UNIXTimeTransformer()
        expected.expectInstant(try transformer.transform(text, to: Date.self))
        expected.expectInstant(try transformer.transform(Double(text)!, to: Date.self))
        expected.expectInstant(try transformer.transform(JSONValue(parsing: text).anyValue, to: Date.self))
        let written = try transformer.transform(text, to: WrittenDate.self)
        #expect(written.date() == Date(timeIntervalSince1970: Double(text)!))
    }

    @Test("Invalid UNIX times are rejected", arguments: Oracle.unixInvalid)
    func unixInvalid(text: String) {
        let error = #expect(throws: TransformationError.self) { try UNIXTimeTransformer().transform(text, to: Date.self) }
        #expect(error?.reason == .badInput)
    }

    @Test("UNIX time in milliseconds")
    func milliseconds() throws {
        let transformer = UNIXTimeTransformer(unit: .milliseconds)
        #expect(try transformer.transform(1_378_767_519_181, to: Date.self) == Date(timeIntervalSince1970: 1_378_767_519.181))
        #expect(try transformer.transform(Date(timeIntervalSince1970: 1.5), to: Int.self) == 1500)
    }

    @Test("Proleptic Gregorian: 1000-03-01 is the instant Python gives, unlike Foundation's .gregorian")
    func prolepticGregorian() throws {
        // Python: datetime(1000, 3, 1, tzinfo=timezone.utc).timestamp() == -30605126400.0
        let date = try DateTransformer(ISO8601DateParser()).transform("1000-03-01", to: Date.self)
        #expect(date.timeIntervalSince1970 == -30_605_126_400)
        #expect(CalendarDate(date, in: TimeZone(identifier: "UTC")!) == CalendarDate(year: 1000, month: 3, day: 1))
    }

    @Test(
        "ISO 8601 writes what it reads",
        arguments: [
            (0.0, 0, nil as Int?, "1970-01-01T00:00:00Z"),
            (700_067_596.688, 0, nil, "1992-03-08T15:13:16.688Z"),
            (700_067_596.688, 7200, nil, "1992-03-08T17:13:16.688+02:00"),
            (-14_182_940, -18000, 0, "1969-07-20T15:17:40-05:00"),
            (1_366_734_545.123456, 0, 6, "2013-04-23T16:29:05.123456Z"),
            (-30_605_126_400, 0, nil, "1000-03-01T00:00:00Z"),
        ])
    func isoFormat(seconds: Double, offset: Int, digits: Int?, text: String) throws {
        let date = Date(timeIntervalSince1970: seconds)
        #expect(ISO8601DateParser.format(date, utcOffset: offset, fractionDigits: digits) == text)
        #expect(try ISO8601DateParser().parse(text).date() == date)
    }

    static func style(_ name: String) -> HTTPDateParser.Style {
        switch name {
        case "rfc1123": .rfc1123
        case "rfc850": .rfc850
        default: .asctime
        }
    }
}
