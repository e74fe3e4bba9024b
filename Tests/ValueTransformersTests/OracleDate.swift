import Foundation
import Testing

@testable import ValueTransformers

/// One expected date from `Oracle/make_dates.py`: the text, the instant Python computed
/// (whole seconds and nanoseconds) and the fields as written.
struct OracleDate: Sendable, CustomTestStringConvertible {
    let text: String
    let seconds: Int64
    let nanoseconds: Int
    let fields: [Int]
    let offset: Int?
    let zone: String?
    let hasTime: Bool

    init(_ text: String, _ seconds: Int64, _ nanoseconds: Int, _ fields: [Int], offset: Int?, zone: String?, hasTime: Bool) {
        self.text = text
        self.seconds = seconds
        self.nanoseconds = nanoseconds
        self.fields = fields
        self.offset = offset
        self.zone = zone
        self.hasTime = hasTime
    }

    var testDescription: String { "\"\(text)\"" + (zone.map { " in \($0)" } ?? "") }

    var zoneless: ZonelessDates {
        zone.map { .timeZone(TimeZone(identifier: $0)!) } ?? .utc
    }

    /// A `Date` holds about a microsecond at today's timestamps and less far from 1970.
    func expectInstant(_ date: Date, sourceLocation: SourceLocation = #_sourceLocation) {
        let whole = date.timeIntervalSince1970.rounded(.down)
        let expected = Double(seconds) + Double(nanoseconds) / 1e9
        let tolerance = max(1e-6, abs(expected) * 4e-16)
        #expect(
            abs(date.timeIntervalSince1970 - expected) <= tolerance,
            "\(text): got \(whole) s + \(date.timeIntervalSince1970 - whole), expected \(seconds) s + \(nanoseconds) ns",
            sourceLocation: sourceLocation)
    }

    func expectFields(_ written: WrittenDate, sourceLocation: SourceLocation = #_sourceLocation) {
        let day = written.calendarDate
        #expect([day.year, day.month, day.day, written.hour, written.minute, written.second] == fields, sourceLocation: sourceLocation)
        #expect(written.nanosecond == nanoseconds, sourceLocation: sourceLocation)
        #expect(written.utcOffset == offset, sourceLocation: sourceLocation)
        #expect(written.hasTime == hasTime, sourceLocation: sourceLocation)
    }
}

extension Date {
    static let oracleNow = Date(timeIntervalSince1970: TimeInterval(Oracle.now))
}
