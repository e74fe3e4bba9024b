import CivilTime
import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// `people/birthdays.ics` of built sites. The expected calendar below was written by hand
/// from RFC 5545 (3.6.1 VEVENT, 3.8.5.3 RRULE, 3.3.4 DATE, 3.3.5 DATE-TIME in UTC, 3.3.11
/// TEXT escaping) and RFC 7986 (NAME, SOURCE, REFRESH-INTERVAL); the independent check of
/// the dates calendar apps compute from it is the Python suite in `Tests/Calendar/`.
@Suite struct BirthdayCalendarTests {
    static let people = """
        {"results":[
         {"name":{"first":"Dora","last":"Delta"},"dob":{"date":"2004-02-29"},"login":{"uuid":"00000000-0000-4000-8000-00000000000D"}},
         {"name":{"first":"Finn","last":"Zeta"},"login":{"uuid":"00000000-0000-4000-8000-00000000000f"}},
         {"name":{"first":"Ute","last":"Later"},"dob":{"date":"2030-01-01"},"login":{"uuid":"00000000-0000-4000-8000-000000000020"}},
         {"name":{"title":"Ms","first":"Anna","last":"Alpha"},"dob":{"date":"1990-11-22T23:30:00Z"},\
        "login":{"uuid":"00000000-0000-4000-8000-00000000000a"}}
        ]}
        """

    func makeSite(people: String = BirthdayCalendarTests.people, config: String = "base_url: https://example.org/sub") throws -> TestSite {
        try TestSite(PeopleSite.text(people, title: #"'Fixture, Co; "Test"'"#, config: config))
    }

    /// Anna (uuid …0a) before Dora (…0D, lower-cased into her id) although the source lists
    /// Dora first; Finn (no date of birth) and Ute (born after --now) have no event.
    static let expected = [
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "PRODID:-//ttsite//Birthday calendar//EN",
        "CALSCALE:GREGORIAN",
        "METHOD:PUBLISH",
        #"NAME:Fixture\, Co\; "Test""#,
        #"X-WR-CALNAME:Fixture\, Co\; "Test""#,
        "SOURCE:https://example.org/sub/people/birthdays.ics",
        "REFRESH-INTERVAL;VALUE=DURATION:P1D",
        "X-PUBLISHED-TTL:P1D",
        "BEGIN:VEVENT",
        "UID:birthday-00000000-0000-4000-8000-00000000000a@ttsite",
        "DTSTAMP:20261122T080000Z",
        "DTSTART;VALUE=DATE:19901122",
        "DTEND;VALUE=DATE:19901123",
        "RRULE:FREQ=YEARLY",
        "SUMMARY:Anna Alpha's birthday",
        "URL:https://example.org/sub/people/anna-alpha/",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:birthday-00000000-0000-4000-8000-00000000000d@ttsite",
        "DTSTAMP:20261122T080000Z",
        "DTSTART;VALUE=DATE:20040229",
        "DTEND;VALUE=DATE:20040301",
        "RRULE:FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=-1",
        "SUMMARY:Dora Delta's birthday",
        "URL:https://example.org/sub/people/dora-delta/",
        "TRANSP:TRANSPARENT",
        "END:VEVENT",
        "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()

    @Test func theCalendarIsTheOneWrittenByHand() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        #expect(try site.read("people/birthdays.ics") == Self.expected)
    }

    /// The same `--now` gives the same bytes, whatever the order of the records; another
    /// `--now` changes only DTSTAMP.
    @Test func uidsAndBytesDependOnNeitherTheOrderNorTheDay() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let first = try site.read("people/birthdays.ics")
        let reversed = Self.reversedRecords(Self.people)
        #expect(reversed.firstRange(of: "Anna")!.lowerBound < reversed.firstRange(of: "Dora")!.lowerBound)
        try site.write(reversed, to: "Content/data/people.json")
        try site.build(now: "2026-11-22T08:00:00Z")
        #expect(try site.read("people/birthdays.ics") == first)

        try site.build(now: "2027-03-01T12:00:00+01:00")
        let later = try site.read("people/birthdays.ics")
        #expect(later == first.replacingOccurrences(of: "DTSTAMP:20261122T080000Z", with: "DTSTAMP:20270301T110000Z"))
    }

    /// The records of a `{"results":[…]}` document, one per line, in reverse order.
    static func reversedRecords(_ document: String) -> String {
        let lines = document.split(separator: "\n").map(String.init)
        let records = lines.dropFirst().dropLast().map { $0.hasSuffix(",") ? String($0.dropLast()) : $0 }
        return lines.first! + "\n" + records.reversed().joined(separator: ",\n") + "\n" + lines.last!
    }

    @Test func withoutABaseURLThereIsNoAbsoluteAddress() throws {
        let site = try makeSite(config: "")
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let calendar = try site.read("people/birthdays.ics")
        #expect(!calendar.contains("URL:"))
        #expect(!calendar.contains("SOURCE:"))
        #expect(calendar.components(separatedBy: "BEGIN:VEVENT").count == 3)
        let page = try site.read("people/index.html")
        #expect(!page.contains("webcal:"))
        #expect(page.contains(#"<a href="../people/birthdays.ics" type="text/calendar">iCalendar file</a>"#))
    }

    @Test func thePeoplePagesLinkTheCalendarInEveryLanguage() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        #expect(
            try site.read("people/index.html").contains(
                #"<p class="calendar-links">Birthday calendar: <a href="webcal://example.org/sub/people/birthdays.ics">Subscribe</a> · "#
                    + #"<a href="../people/birthdays.ics" type="text/calendar">iCalendar file</a></p>"#
            ))
        #expect(
            try site.read("de/people/index.html").contains(
                #"<p class="calendar-links">Geburtstagskalender: <a href="webcal://example.org/sub/people/birthdays.ics">Abonnieren</a> · "#
                    + #"<a href="../../people/birthdays.ics" type="text/calendar">iCalendar-Datei</a></p>"#
            ))
        // The relative links lead to the file (the link checker resolves them on disk).
        let (checked, broken) = try LinkChecker(folder: site.output, sitePath: "/sub/").check()
        #expect(checked > 20)
        #expect(broken.isEmpty, "\(broken)")
        // One calendar for the site: none under de/.
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("de/people/birthdays.ics").path))
    }

    /// A site whose people sources hold nobody still has the calendar (a subscribed address
    /// must not vanish); a site without people sources has neither calendar nor people page.
    @Test func theCalendarComesWithPeopleSourcesOnly() throws {
        let empty = try makeSite(people: #"{"results":[]}"#)
        defer { empty.remove() }
        try empty.build()
        let calendar = try empty.read("people/birthdays.ics")
        #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n") && calendar.hasSuffix("X-PUBLISHED-TTL:P1D\r\nEND:VCALENDAR\r\n"))
        #expect(!calendar.contains("VEVENT"))

        let none = try TestSite(
            """
            -- ttsite.yml --
            title: No people
            -- Content/index.md --
            Hello.
            """)
        defer { none.remove() }
        try none.build()
        #expect(!FileManager.default.fileExists(atPath: none.output.appendingPathComponent("people").path))
    }

    /// Summaries in the default language: German when the site is German first.
    @Test func theSummaryUsesTheDefaultLanguage() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Geburtstage
            languages: [de, en]
            people:
              - file: Content/data/people.json
            -- Content/data/people.json --
            [{"name":{"first":"Anna","last":"Alpha"},"dob":{"date":"1990-11-22"}},
             {"name":{},"dob":{"date":"1991-01-02"},"login":{"uuid":"x"}}]
            """)
        defer { site.remove() }
        try site.build()
        let calendar = try site.read("people/birthdays.ics")
        #expect(calendar.contains("\r\nSUMMARY:Geburtstag von Anna Alpha\r\n"))
        #expect(calendar.contains("\r\nSUMMARY:Geburtstag\r\n"))
    }

    /// Two records with one uuid are two people to the pages (their slugs differ), so they get
    /// two events with different UIDs.
    @Test func sharedIdsStillGiveUniqueUIDs() throws {
        let site = try makeSite(
            people: """
                [{"name":{"first":"Anna","last":"One"},"dob":{"date":"1990-11-22"},"login":{"uuid":"same"}},
                 {"name":{"first":"Anna","last":"Two"},"dob":{"date":"1991-11-22"},"login":{"uuid":"same"}}]
                """)
        defer { site.remove() }
        try site.build()
        let uids = try site.read("people/birthdays.ics").components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") }
        #expect(uids.count == 2)
        #expect(Set(uids).count == 2)
        #expect(uids.first == "UID:birthday-same@ttsite")
    }

    /// Long and non-Latin names fold at 75 octets without splitting a character, and TEXT
    /// escaping survives the fold.
    @Test func longNamesAreFoldedAndEscaped() throws {
        let site = try makeSite(
            people: """
                [{"name":{"first":"Ζωή-Αικατερίνη","last":"Παπαδοπούλου, \\"Jr.\\"; back\\\\slash 山田太郎 🎂"},\
                "dob":{"date":"1980-06-15"},"login":{"uuid":"long"}}]
                """)
        defer { site.remove() }
        try site.build()
        let calendar = try site.read("people/birthdays.ics")
        for line in calendar.components(separatedBy: "\r\n") {
            #expect(line.utf8.count <= 75, "\(line)")
            #expect(!line.contains("\n") && !line.contains("\r"))
        }
        let unfolded = calendar.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("\r\nSUMMARY:" + #"Ζωή-Αικατερίνη Παπαδοπούλου\, "Jr."\; back\\slash 山田太郎 🎂's birthday"# + "\r\n"))
        #expect(calendar.count > unfolded.count)
    }

    /// DATE-TIME in UTC from instants with an offset and before 1970, worked out by hand.
    @Test(arguments: [
        ("2026-11-22T08:00:00Z", "20261122T080000Z"),
        ("2027-02-28T23:30:00+01:00", "20270228T223000Z"),
        ("1969-12-31T23:59:59Z", "19691231T235959Z"),
        ("2024-02-29T00:00:00.750Z", "20240229T000000Z"),
    ])
    func stampsAreUTC(_ instant: String, _ expected: String) {
        #expect(CivilText.iCalendarUTC(Instant.parse(instant)!) == expected)
    }

    @Test(arguments: [
        ("https://example.org/sub/", "webcal://example.org/sub/people/birthdays.ics"),
        ("http://example.org/", "webcal://example.org/people/birthdays.ics"),
        ("https://example.org:8443/r%C3%BCck/", "webcal://example.org:8443/r%C3%BCck/people/birthdays.ics"),
    ])
    func webcalKeepsHostPortAndPath(_ base: String, _ expected: String) {
        #expect(Routes.webcalCalendar(baseURL: URL(string: base)!) == expected)
    }
}
