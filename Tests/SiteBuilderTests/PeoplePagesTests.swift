import CivilTime
import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// The people report at a fixed instant. Every expected age and distance below was worked
/// out by hand from the calendar (2026-11-22 in Berlin; 2027 is a common year).
@Suite struct PeoplePagesTests {
    static let people = """
        {"results":[
         {"name":{"title":"Ms","first":"Anna","last":"Alpha"},"dob":{"date":"1990-11-22T23:30:00Z"},"login":{"uuid":"anna-alpha"},
          "email":"anna@example.com","phone":"(555) 123-4567","cell":"0170 999","login2":{"password":"s3cret-pw"},\
        "id":{"name":"SSN","value":"123-45-6789"}},
         {"name":{"first":"Bert","last":"Beta"},"dob":{"date":"1990-11-23"},"login":{"uuid":"bert-beta",\
        "password":"hunter2","sha256":"deadbeefcafe"}},
         {"name":{"first":"Cora","last":"Gamma"},"dob":{"date":"1990-11-21"},"login":{"uuid":"00000000-0000-4000-8000-00000000000c"}},
         {"name":{"first":"Dora","last":"Delta"},"dob":{"date":"2004-02-29"},"login":{"uuid":"dora-delta"}},
         {"name":{"first":"Emil","last":"Epsilon"},"dob":{"date":"2026-11-22"},"login":{"uuid":"00000000-0000-4000-8000-00000000000e"}},
         {"name":{"first":"Finn","last":"Zeta"},"login":{"uuid":"00000000-0000-4000-8000-00000000000f"}}
        ]}
        """

    func makeSite(_ people: String = PeoplePagesTests.people) throws -> TestSite {
        try TestSite(PeopleSite.text(people, title: "People"))
    }

    /// (name, age text, next birthday text) of each row of a people list, in order.
    func rows(_ html: String) -> [(String, String, String)] {
        let pattern =
            #"class="person-name" href="[^"]*">([^<]*)</a>[\s\S]*?class="person-age">([^<]*)</span>"#
            + #"\s*<span class="person-next">(?:<time[^>]*>)?([^<]*)"#
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: html, range: NSRange(html.startIndex..., in: html)).map { match in
            let text = { (i: Int) in String(html[Range(match.range(at: i), in: html)!]) }
            return (text(1), text(2), text(3))
        }
    }

    /// A Markdown page at a person page's address is refused, naming the page, the address
    /// and the record: one would silently overwrite the other.
    @Test func aContentPageAtAPersonsAddressIsRefused() throws {
        let site = try FeedTests.site(people: FeedTests.people, pages: "-- Content/people/anna-alpha.md --\nMine.\n")
        defer { site.remove() }
        #expect { try site.build() } throws: {
            "\($0)".contains(
                "Content/people/anna-alpha.md: its page people/anna-alpha/index.html is also the page made from data for people/anna-alpha")
        }
    }

    @Test func theListIsInBirthdayOrderWithAgesAndDistances() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let english = rows(try site.read("people/index.html"))
        #expect(english.map(\.0) == ["Anna Alpha", "Bert Beta", "Dora Delta", "Cora Gamma", "Emil Epsilon", "Finn Zeta"])
        #expect(english.map(\.1) == ["36 years old", "35 years old", "22 years old", "36 years old", "0 years old", "n/a"])
        #expect(english.map(\.2) == ["today!", "in 1 day", "in 98 days", "in 364 days", "in 365 days", "n/a"])
        let german = rows(try site.read("de/people/index.html"))
        #expect(german.map(\.1) == ["36 Jahre alt", "35 Jahre alt", "22 Jahre alt", "36 Jahre alt", "0 Jahre alt", "k. A."])
        #expect(german.map(\.2) == ["heute!", "in 1 Tag", "in 98 Tagen", "in 364 Tagen", "in 365 Tagen", "k. A."])
    }

    /// The birth date is the calendar date as written: Anna's `1990-11-22T23:30:00Z` is the
    /// 22nd even though it is already the 23rd in Berlin.
    @Test func birthDatesAreNeverShiftedThroughAZone() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let page = try site.read("people/anna-alpha/index.html")
        #expect(page.contains(#"<time datetime="1990-11-22">22-11-1990</time>"#))
    }

    /// Half an hour after midnight in Berlin is still the day before in UTC: "today" is
    /// decided in the site's zone.
    @Test func todayIsDecidedInTheSiteTimeZone() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-21T23:30:00Z")
        #expect(rows(try site.read("people/index.html")).first?.2 == "today!")
        try site.write("title: People\ntime_zone: UTC\npeople:\n  - file: Content/data/people.json\n", to: "ttsite.yml")
        try site.build(now: "2026-11-21T23:30:00Z")
        let utc = rows(try site.read("people/index.html"))
        #expect(utc.first?.0 == "Cora Gamma")
        #expect(utc.first?.2 == "today!")
        #expect(utc.first { $0.0 == "Anna Alpha" }?.2 == "in 1 day")
    }

    @Test func aPersonPageHasTheAgeAsACounterWithTheFinalValueInTheHTML() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let page = try site.read("people/bert-beta/index.html")
        #expect(
            page.contains(
                #"<span class="counter" data-counter="" data-from="0" data-to="35" data-duration="1.5" data-easing="easeOut" "#
                    + #"data-decimals="0" data-format="{value}">35</span>"#
            ))
        #expect(page.contains(#"<script src="../../assets/counter."#) && page.contains("defer></script>"))
        #expect(!page.contains("<script>"))
        // Neighbours in birthday order: Anna before, Dora after.
        #expect(page.contains(#"rel="prev" href="../../people/anna-alpha/index.html""#))
        #expect(page.contains(#"rel="next" href="../../people/dora-delta/index.html""#))
    }

    @Test func noPersonalFieldReachesTheOutput() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let secrets = ["anna@example.com", "123-4567", "0170 999", "s3cret-pw", "123-45-6789", "SSN", "hunter2", "deadbeefcafe"]
        for (path, bytes) in try snapshot(of: site.output) {
            let text = String(decoding: bytes, as: UTF8.self)
            for secret in secrets {
                #expect(!text.contains(secret), "\(secret) in \(path)")
            }
        }
    }

    @Test func aHostileNameIsTextEverywhere() throws {
        let hostile =
            #"{"results":[{"name":{"title":"<b>Dr</b>","first":"<script>alert(1)</script>","#
            + #""last":"O'Brien & Søn\" onmouseover=\"x"},"dob":{"date":"1980-01-01"}}]}"#
        let site = try makeSite(hostile)
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        for (path, bytes) in try snapshot(of: site.output) where path.hasSuffix(".html") {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(!text.contains("<script>alert"), "\(path)")
            #expect(!text.contains("<b>Dr"), "\(path)")
            #expect(!text.contains("\" onmouseover"), "\(path)")
        }
        let list = try site.read("people/index.html")
        #expect(list.contains("&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Brien &amp; Søn&quot; onmouseover=&quot;x"))
    }

    @Test func theAgeChartCountsDecades() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let list = try site.read("people/index.html")
        // Ages 36, 35, 22, 36, 0 and one unknown: 0–9: 1, 10–19: 0, 20–29: 1, 30–39: 3.
        for row in ["<td>0–9</td><td>1</td>", "<td>10–19</td><td>0</td>", "<td>20–29</td><td>1</td>", "<td>30–39</td><td>3</td>"] {
            #expect(list.contains(row), "\(row)")
        }
        #expect(list.contains("1 without a known date of birth"))
        // Drawn by the chart engine, in its two frames.
        #expect(list.contains(#"<svg class="chart column-chart wide" viewBox="0 0 640 360" role="img""#))
        #expect(list.contains(#"<svg class="chart column-chart narrow" viewBox="0 0 320 260" role="img""#))
    }

    @Test func theHomePageCountsAndListsTheNext30Days() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let home = try site.read("index.html")
        #expect(home.contains(#"data-to="6" data-duration="1.5" data-easing="easeOut" data-decimals="0" data-format="{value}">6</span>"#))
        let upcoming = String(home[home.range(of: #"<h2 id="upcoming-title">"#)!.upperBound...])
        #expect(upcoming.contains("Anna Alpha") && upcoming.contains("Bert Beta"))
        #expect(!upcoming.contains("Dora Delta"))
    }

    /// Fifteen people with birthdays on Nov 23 … Dec 7 (1 to 15 days after 2026-11-22): the
    /// home page lists the first twelve and says how many more there are, linked to a month page.
    @Test func theHomePageListsAtMostTwelveUpcomingBirthdays() throws {
        let records = (1...15).map { day in
            let date = day <= 8 ? "1990-11-\(22 + day)" : String(format: "1990-12-%02d", day - 8)
            return #"{"name":{"first":"P\#(day)","last":"Q"},"dob":{"date":"\#(date)"}}"#
        }
        let site = try makeSite(#"{"results":["# + records.joined(separator: ",") + "]}")
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let home = try site.read("index.html")
        let upcoming = String(home[home.range(of: #"<h2 id="upcoming-title">"#)!.upperBound...])
        #expect(upcoming.components(separatedBy: #"class="person-name""#).count - 1 == 12)
        #expect(upcoming.contains(">P12 Q<") && !upcoming.contains(">P13 Q<"))
        // The link goes to the month where the left-out birthdays begin: P13's, December 5.
        #expect(upcoming.contains(#"<a href="people/by-month/12/index.html">… and 3 more in the next 30 days</a>"#))
    }

    @Test func everyLinkOfTheReportResolves() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let (checked, broken) = try LinkChecker(folder: site.output).check()
        #expect(checked > 100)
        #expect(broken.isEmpty, "\(broken)")
    }

    /// A `slug:` in `Content/people.md` moves the people list, and every link to it: the
    /// home page's, each person page's "All people" and the menu (the route table knows
    /// where the list is; links used to be spelled `people/index.html`).
    @Test func aSlugInTheListPageMovesTheListAndEveryLinkToIt() throws {
        let site = try makeSite()
        defer { site.remove() }
        try site.write("---\ntitle: Our team\nslug: team\n---\nEveryone.", to: "Content/people.md")
        try site.write("---\ntitle: Unser Team\nslug: leute\n---\nAlle.", to: "Content/people.de.md")
        try site.build(now: "2026-11-22T08:00:00Z")
        #expect(try site.read("team/index.html").contains("Our team"))
        #expect(try site.read("de/leute/index.html").contains("Unser Team"))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("people/index.html").path))
        #expect(try site.read("index.html").contains(#"href="team/index.html""#))
        #expect(try site.read("people/anna-alpha/index.html").contains(#"href="../../team/index.html""#))
        #expect(try site.read("de/people/anna-alpha/index.html").contains(#"href="../../../de/leute/index.html""#))
        let (checked, broken) = try LinkChecker(folder: site.output).check()
        #expect(checked > 100)
        #expect(broken.isEmpty, "\(broken)")
    }
}

/// Ten people at 2026-11-22 in Berlin, in English and German (`Fixtures/people-site`), against
/// pages read through by hand: order, ages, distances (Feb 29 → Feb 28 in 98 days; born today
/// → in 365 days; no date → n/a), month names per language, slugs from names
/// (`jurgen-gross`), neighbours, the counter and the chart, a month page (three days of
/// November, two people on the 22nd in name order), the people without a birth date, and a
/// letter of the German name index (Gamma before Groß).
@Suite struct PeopleGoldenTests {
    static let pages = [
        "people/index.html", "de/people/index.html", "people/2/index.html", "de/people/3/index.html",
        "people/by-month/11/index.html", "people/by-month/unknown/index.html", "de/people/by-name/g/index.html",
        "people/anna-alpha/index.html",
        "people/dora-delta/index.html",
        "de/people/dora-delta/index.html",
    ]

    @Test(arguments: pages)
    func pageMatchesTheGoldenCopy(_ path: String) throws {
        let site = try TestSite(fixture: "people-site")
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        try Golden.check(Data(site.read(path).utf8), path: path, in: "people-golden")
    }
}
