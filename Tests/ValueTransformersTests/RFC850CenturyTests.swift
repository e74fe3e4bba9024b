import CivilTime
import Foundation
import Testing

@testable import ValueTransformers

/// Two-digit years of RFC 850 dates read in the century their weekday names. The weekdays of
/// the candidate dates were worked out by hand and checked with Python's `datetime`
/// (`date(2070, 1, 1).strftime("%A")` is Wednesday, 1970's Thursday; 6 November 1994 a
/// Sunday, 2094 a Saturday, 1894 a Tuesday; 29 February 2000 a Tuesday, and 2100 has none).
/// Python's `email.utils.parsedate_to_datetime` reads the same fields but pivots at
/// 69, whatever the weekday: it gives 1970 for both of the first two rows.
@Suite("RFC 850 centuries")
struct RFC850CenturyTests {
    /// 23 November 2026: RFC 9110 reads 00–76 as 2000–2076 and 77–99 as 1977–1999.
    let now = Date(timeIntervalSince1970: 1_795_392_000)

    @Test(arguments: [
        ("Thursday, 01-Jan-70 00:00:00 GMT", 1970, false),  // RFC 9110 says 2070, a Wednesday
        ("Wednesday, 01-Jan-70 00:00:00 GMT", 2070, false),
        ("Sunday, 06-Nov-94 08:49:37 GMT", 1994, false),
        ("Saturday, 06-Nov-94 08:49:37 GMT", 2094, false),  // the other century, after a past year
        ("Monday, 06-Nov-94 08:49:37 GMT", 1994, true),  // neither: RFC 9110, and a note
        ("Tuesday, 06-Nov-94 08:49:37 GMT", 1994, true),  // 1894 fits, but it is no candidate
        ("Tuesday, 29-Feb-00 12:00:00 GMT", 2000, false),
        ("Monday, 29-Feb-00 12:00:00 GMT", 2000, true),  // only 2000 has the day at all
        ("Thursday, 01-Jan-1970 00:00:00 GMT", 1970, false),  // four digits are taken as written
    ])
    func theWeekdayChoosesTheCentury(text: String, year: Int, noted: Bool) throws {
        let sink = NoteSink()
        let date = try TransformationNotes.$sink.withValue(sink) { try HTTPDateParser(.rfc850, now: now).parse(text) }
        #expect(date.calendarDate.year == year)
        #expect(sink.notes.isEmpty == !noted, "\(sink.notes)")
    }

    @Test func theNoteNamesTheCandidatesAndTheRule() throws {
        let sink = NoteSink()
        _ = try TransformationNotes.$sink.withValue(sink) { try HTTPDateParser(.rfc850, now: now).parse("Monday, 06-Nov-94 08:49:37 GMT") }
        #expect(sink.notes == ["Monday is not the weekday of 6 Nov in 1994 or 2094; read as 1994, as RFC 9110 says"])
    }

    @Test func aJSONReaderKeepsTheDateAndWarns() throws {
        let document = JSONDocument(
            try JSONValue(parsing: Data(#"{"dob": "Monday, 06-Nov-94 08:49:37 GMT", "seen": "Thursday, 01-Jan-70 00:00:00 GMT"}"#.utf8)))
        let dates = try CompoundTransformer.dates(now: now)
        let born = document.root["dob"].writtenDate(using: dates)
        let seen = document.root["seen"].date(using: dates)
        #expect(born?.calendarDate == CalendarDate(year: 1994, month: 11, day: 6))
        #expect(seen == Date(timeIntervalSince1970: 0))
        #expect(
            document.problems.all.map(\.description) == [
                #"dob: "Monday, 06-Nov-94 08:49:37 GMT": "#
                    + #"Monday is not the weekday of 6 Nov in 1994 or 2094; read as 1994, as RFC 9110 says"#
            ])
    }

    @Test func withoutASinkTheNoteIsDropped() throws {
        #expect(try HTTPDateParser(.rfc850, now: now).parse("Monday, 06-Nov-94 08:49:37 GMT").calendarDate.year == 1994)
    }
}
