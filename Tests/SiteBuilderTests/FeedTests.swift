import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The feeds: which entries, their ids across days, their escaping and their errors. The
/// quality gates read the built feeds with feedparser and the JSON Feed rules as well.
@Suite struct FeedTests {
    static func site(people: String, config: String = "base_url: https://example.org/r/", pages: String = "") throws -> TestSite {
        try TestSite(PeopleSite.text(people, title: "Feeds", config: config, files: pages))
    }

    static let people = #"""
        {"results":[
         {"name":{"first":"Anna","last":"Alpha"},"dob":{"date":"1990-11-24"},"login":{"uuid":"00000000-0000-4000-8000-00000000000a"}},
         {"name":{"first":"<b>Bert</b> & Co","last":"Beta"},"dob":{"date":"1980-12-01"},\#
        "login":{"uuid":"00000000-0000-4000-8000-00000000000b"}},
         {"name":{"first":"Cora","last":"Gamma"},"dob":{"date":"1970-12-30"},"login":{"uuid":"00000000-0000-4000-8000-00000000000c"}}
        ]}
        """#

    /// The (id, title, summary) of every entry of an Atom feed, read by Foundation's XML parser.
    final class AtomEntries: NSObject, XMLParserDelegate {
        var entries: [(id: String, title: String, summary: String)] = []
        private var current: [String: String]?
        private var text = ""

        static func read(_ data: Data) throws -> [(id: String, title: String, summary: String)] {
            let reader = AtomEntries()
            let parser = XMLParser(data: data)
            parser.delegate = reader
            guard parser.parse() else { throw parser.parserError ?? CocoaError(.fileReadCorruptFile) }
            return reader.entries
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            if name == "entry" { current = [:] }
            text = ""
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) { text += string }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "entry", let entry = current {
                entries.append((entry["id"] ?? "", entry["title"] ?? "", entry["summary"] ?? ""))
                current = nil
            } else if current != nil {
                current?[name] = text
            }
        }
    }

    /// 2026-11-22 in Berlin: Anna in 2 days, Bert in 9, Cora in 38 (outside the 30 days).
    @Test func upcomingBirthdaysKeepTheirIdsFromDayToDay() throws {
        let site = try Self.site(people: Self.people)
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let first = try AtomEntries.read(Data(contentsOf: site.output.appendingPathComponent("people/upcoming.xml")))
        #expect(first.map(\.title) == ["Anna Alpha's birthday", "<b>Bert</b> & Co Beta's birthday"])
        #expect(
            first.map(\.summary) == [
                "Anna Alpha turns 36 in 2 days (24-11-2026).", "<b>Bert</b> & Co Beta turns 46 in 9 days (01-12-2026).",
            ])
        let german = try AtomEntries.read(Data(contentsOf: site.output.appendingPathComponent("de/people/upcoming.xml")))
        #expect(german.first?.summary == "Anna Alpha wird 36 – in 2 Tagen (24-11-2026).")

        try site.build(now: "2026-11-24T08:00:00Z")
        let later = try AtomEntries.read(Data(contentsOf: site.output.appendingPathComponent("people/upcoming.xml")))
        #expect(later.map(\.id) == first.map(\.id))
        #expect(later.first?.summary == "Anna Alpha turns 36 today! (24-11-2026).")
        #expect(Set(first.map(\.id)).count == 2 && first.allSatisfy { $0.id.hasPrefix("urn:uuid:") })
    }

    @Test func theSameNowGivesTheSameBytesAndTheWindowIsConfigurable() throws {
        let site = try Self.site(people: Self.people, config: "base_url: https://example.org/r/\nfeeds: { upcoming_days: 5 }")
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let atom = try Data(contentsOf: site.output.appendingPathComponent("people/upcoming.xml"))
        let json = try Data(contentsOf: site.output.appendingPathComponent("people/upcoming.json"))
        #expect(try AtomEntries.read(atom).map(\.title) == ["Anna Alpha's birthday"])
        try site.build(now: "2026-11-22T08:00:00Z")
        #expect(try Data(contentsOf: site.output.appendingPathComponent("people/upcoming.xml")) == atom)
        #expect(try Data(contentsOf: site.output.appendingPathComponent("people/upcoming.json")) == json)
    }

    @Test func withoutABaseURLThereAreNoFeeds() throws {
        let site = try Self.site(people: Self.people, config: "")
        defer { site.remove() }
        try site.build()
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("people/upcoming.xml").path))
        #expect(!(try site.read("index.html")).contains("application/atom+xml"))
    }

    /// Dated pages, newest first; a page without a date is not in the feed.
    @Test func datedPagesNewestFirst() throws {
        let pages = """
            -- Content/news/old.md --
            ---
            title: Old news
            date: 2026-01-05
            ---
            First *paragraph* &amp; more.

            Second.
            -- Content/news/new.md --
            ---
            title: New news
            date: 2026-11-20T18:00:00+01:00
            description: Said by hand.
            ---
            Body.
            -- Content/about.md --
            ---
            title: Undated
            ---
            Not news.
            """
        let site = try Self.site(people: Self.people, pages: pages)
        defer { site.remove() }
        try site.build()
        let entries = try AtomEntries.read(Data(contentsOf: site.output.appendingPathComponent("atom.xml")))
        #expect(entries.map(\.title) == ["New news", "Old news"])
        #expect(entries.map(\.summary) == ["Said by hand.", "First paragraph & more."])
        #expect(entries.map(\.id) == ["https://example.org/r/news/new/", "https://example.org/r/news/old/"])
        // German has no dated pages: no pages feed there.
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("de/atom.xml").path))
    }

    /// A dated report whose table is split into pages is one entry: its later pages
    /// (`squares/2/`) share its front matter, date and title, and are no news of their own.
    @Test func aSplitTableIsOneEntryOfThePagesFeed() throws {
        let rows = (0..<25).map { "\($0),\($0 * $0)" }.joined(separator: "\n")
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Feeds
            base_url: https://example.org/r/
            data:
              numbers: { file: data/numbers.csv }
            queries: { table_page_size: 10 }
            -- data/numbers.csv --
            n,square
            \(rows)
            -- Content/squares.md --
            ---
            title: Squares
            date: 2026-11-01
            ---
            ```ttsite query squares
            SELECT n, square FROM numbers ORDER BY n
            ```

            ```ttsite table data=squares
            ```
            """)
        defer { site.remove() }
        try site.build()
        #expect(FileManager.default.fileExists(atPath: site.output.appendingPathComponent("squares/3/index.html").path))
        let entries = try AtomEntries.read(Data(contentsOf: site.output.appendingPathComponent("atom.xml")))
        #expect(entries.map(\.id) == ["https://example.org/r/squares/"])
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appendingPathComponent("feed.json")))
        let items = (json as? [String: Any])?["items"] as? [[String: Any]]
        #expect(items?.compactMap { $0["url"] as? String } == ["https://example.org/r/squares/"])
    }

    /// `feeds.limit`: the newest pages alone, in both feeds; 20 unless set; 0 is refused with
    /// its line.
    @Test func aPagesFeedHoldsTheNewestPagesUpToItsLimit() throws {
        let pages = (1...23).map { day in
            "-- Content/news/day-\(day).md --\n---\ntitle: Day \(day)\ndate: 2026-10-\(day < 10 ? "0" : "")\(day)\n---\nOn day \(day).\n"
        }.joined()
        let unlimited = try Self.site(people: Self.people, pages: pages)
        defer { unlimited.remove() }
        try unlimited.build()
        let standard = try AtomEntries.read(Data(contentsOf: unlimited.output.appendingPathComponent("atom.xml")))
        #expect(standard.map(\.title) == (4...23).reversed().map { "Day \($0)" })

        let limited = try Self.site(people: Self.people, config: "base_url: https://example.org/r/\nfeeds: { limit: 2 }", pages: pages)
        defer { limited.remove() }
        try limited.build()
        #expect(
            try AtomEntries.read(Data(contentsOf: limited.output.appendingPathComponent("atom.xml"))).map(\.title) == ["Day 23", "Day 22"])
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: limited.output.appendingPathComponent("feed.json"))) as? [String: Any]
        #expect((json?["items"] as? [[String: Any]])?.compactMap { $0["title"] as? String } == ["Day 23", "Day 22"])

        let refused = try Self.site(people: Self.people, config: "base_url: https://example.org/r/\nfeeds: { limit: 0 }")
        defer { refused.remove() }
        #expect { try refused.build() } throws: {
            "\($0)".contains("ttsite.yml:5") && "\($0)".contains("`feeds.limit` must be a whole number of entries, 1 or more, found 0")
        }
    }

    /// JSON Feed has no `xml:base`: every link of an entry's HTML is absolute, resolved
    /// against the page's URL (hand-made from `https://example.org/r/news/trip/`), in both
    /// feeds; a fragment leads to the page, a link with a scheme stays.
    @Test func linksInEntriesAreAbsolute() throws {
        let pages = """
            -- Content/news/trip.md --
            ---
            title: Trip
            date: 2026-11-20
            ---
            [Report](report.pdf), [about](../../about/), [home](/), [note](#note), [mail](mailto:a@example.org),
            [elsewhere](https://example.com/x?a=1&b=2) and ![a map](map.svg "The map").
            -- Content/news/report.pdf --
            %PDF
            -- Content/news/map.svg --
            <svg xmlns="http://www.w3.org/2000/svg"/>
            -- Content/about.md --
            About.
            """
        let site = try Self.site(people: Self.people, pages: pages)
        defer { site.remove() }
        try site.build()
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appendingPathComponent("feed.json"))) as? [String: Any]
        let item = try #require((json?["items"] as? [[String: Any]])?.first)
        let html = try #require(item["content_html"] as? String)
        let links = HTMLReferences.urls(in: Array(html.utf8))
        #expect(
            links == [
                // `/` is the site's root, written by the page as ../../index.html.
                "https://example.org/r/news/report.pdf", "https://example.org/r/about/", "https://example.org/r/index.html",
                "https://example.org/r/news/trip/#note", "mailto:a@example.org", "https://example.com/x?a=1&b=2",
                "https://example.org/r/news/map.svg",
            ])
        let atom = try String(contentsOf: site.output.appendingPathComponent("atom.xml"), encoding: .utf8)
        #expect(atom.contains("href=&quot;https://example.org/r/news/report.pdf&quot;"))
        #expect(!atom.contains("href=&quot;../"))
    }

    /// `srcset` candidates are URLs too: each is rewritten, its descriptor kept.
    @Test func aSrcsetIsRewrittenCandidateByCandidate() {
        let html =
            #"<picture><source srcset="../a.webp 480w, ../b.webp 960w" type="image/webp"><img src="../a.jpg" alt="x &amp; y"></picture>"#
        let rewritten = SiteFeeds.absoluteLinks(html, base: "https://example.org/r/news/trip/")
        #expect(
            rewritten
                == #"<picture><source srcset="https://example.org/r/news/a.webp 480w, https://example.org/r/news/b.webp 960w" "#
                + #"type="image/webp"><img src="https://example.org/r/news/a.jpg" alt="x &amp; y"></picture>"#
        )
    }

    @Test func anUnreadableDateNamesThePageAndLine() throws {
        let site = try Self.site(people: Self.people, pages: "-- Content/news/bad.md --\n---\ntitle: Bad\ndate: next tuesday\n---\nText.")
        defer { site.remove() }
        #expect {
            try site.build()
        } throws: { error in
            (error as? BuildError)?.description.contains("Content/news/bad.md:3: `date` must be a date such as 2026-11-20") == true
        }
    }

    @Test func idsAreVersion8UUIDsStableForTheSameParts() {
        let id = Feed.uuid(["birthday", "x", "2026"])
        #expect(id == Feed.uuid(["birthday", "x", "2026"]))
        #expect(id != Feed.uuid(["birthday", "x", "2027"]))
        #expect(
            id.range(of: "^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$", options: .regularExpression)
                != nil)
    }
}
