import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Report blocks in Markdown (```` ```ttsite … ```` ): each kind, in both languages, inside a
/// list and a quote, escaped, and every mistake an error naming the page and line. The
/// quality gates run Nu and axe over the example site's page with every block.
@Suite struct ReportBlocksTests {
    static let people = #"""
        {"results":[
         {"name":{"first":"Anna","last":"Alpha"},"dob":{"date":"1990-11-24"},"nat":"DE",\#
        "login":{"uuid":"00000000-0000-4000-8000-00000000000a"}},
         {"name":{"first":"<script>alert(1)</script>","last":"Beta"},"dob":{"date":"1980-03-05"},"nat":"US",\#
        "login":{"uuid":"00000000-0000-4000-8000-00000000000b"}},
         {"name":{"first":"Cora","last":"Gamma"},"dob":{"date":"1970-12-30"},"nat":"DE",\#
        "login":{"uuid":"00000000-0000-4000-8000-00000000000c"}}
        ]}
        """#
    static let scenario = #"""
        {"named":"trip","nameEn":"The trip","nameDe":"Die Reise","unit":"km","start":0,"end":100,
         "events":[{"start":10,"textEn":"Left <b>home</b>","textDe":"Aufbruch"},{"start":90,"textEn":"Arrived",\#
        "textDe":"Ankunft","major":true}]}
        """#

    static func site(page: String, german: String = "Hallo.") throws -> TestSite {
        try TestSite(
            PeopleSite.text(
                people, title: "Blocks", config: "scenarios:\n  - file: Content/data/trip.json",
                files: """
                    -- Content/data/trip.json --
                    \(scenario)
                    -- Content/report.md --
                    ---
                    title: Report
                    ---
                    \(page)
                    -- Content/report.de.md --
                    ---
                    title: Bericht
                    ---
                    \(german)
                    """))
    }

    /// The part of a page between its `<article>` tags.
    static func article(_ html: String) -> String {
        guard let start = html.range(of: "<article"), let end = html.range(of: "</article>") else { return html }
        return String(html[start.lowerBound..<end.upperBound])
    }

    /// 2026-11-22 in Berlin: Anna's birthday in 2 days, Cora's in 38; Beta born in March.
    @Test func everyKindRendersInBothLanguages() throws {
        let blocks = """
            ```ttsite upcoming-birthdays days=14
            ```

            ```ttsite people month=3
            ```

            ```ttsite people nationality=de
            ```

            ```ttsite counter of=birthdays-this-month
            ```

            ```ttsite age-histogram
            ```

            ```ttsite timeline named="trip"
            ```
            """
        let site = try Self.site(page: blocks, german: blocks)
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let english = Self.article(try site.read("report/index.html"))
        #expect(english.contains(#"<a class="person-name" href="../people/anna-alpha/index.html">Anna Alpha</a>"#))
        #expect(!english.contains("Cora Gamma</a><span"))  // 38 days away: not in the next 14
        #expect(english.contains("<caption>Birthdays in March</caption>"))
        #expect(english.contains("&lt;script&gt;alert(1)&lt;/script&gt; Beta") && !english.contains("<script>alert"))
        #expect(english.contains("<caption>Nationality: Germany</caption>"))
        // November's birthdays: Anna's alone (Beta's is in March, Cora's in December).
        #expect(english.contains(#"data-to="1""#) && english.contains("birthday this month"))
        #expect(english.contains(#"<h2 id="age-chart-"#))
        #expect(english.contains(#"<a href="../scenarios/trip/index.html">The trip</a>"#))
        #expect(english.contains("Left <b>home</b>") == false && english.contains("Left"))
        let german = Self.article(try site.read("de/report/index.html"))
        #expect(german.contains("<caption>Geburtstage im März</caption>"))
        #expect(german.contains("<caption>Staatsangehörigkeit: Deutschland</caption>"))
        #expect(german.contains("Geburtstag in diesem Monat"))
        #expect(german.contains(#"<a href="../../de/scenarios/trip/index.html">Die Reise</a>"#))
        // The counter brings its script.
        #expect(try site.read("report/index.html").contains("assets/counter."))
    }

    @Test func blocksInAListAndAQuoteAndRawHTMLStaysOmitted() throws {
        let page = """
            - ```ttsite counter of=people
              ```

            > ```ttsite counter of=timelines
            > ```

            <b>raw</b>
            """
        let site = try Self.site(page: page)
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let html = Self.article(try site.read("report/index.html"))
        #expect(
            html.contains(#"<li><p class="report-block counter-block">"#)
                || html.contains(#"<li>\#n<p class="report-block counter-block">"#))
        #expect(html.contains("<blockquote>\n<p class=\"report-block counter-block\">"))
        #expect(html.contains(#"data-to="3""#) && html.contains(#"data-to="1""#))
        #expect(html.contains("<!-- raw HTML omitted -->raw") && !html.contains("<b>raw</b>"))
    }

    /// A space, or several, between the fence and the word (CommonMark's info string is the
    /// same): the block is rendered, not shown as code.
    @Test(arguments: ["``` ttsite people month=3", "~~~   ttsite people month=3", "```ttsite\tpeople\tmonth=3"])
    func aBlockMayHaveSpacesAfterItsFence(line: String) throws {
        let fence = String(line.prefix(3))
        let site = try Self.site(page: "\(line)\n\(fence)")
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        let html = Self.article(try site.read("report/index.html"))
        #expect(!html.contains("<code"), "\(html)")
        #expect(html.contains("<table class=\"report-table\">") && html.contains("Beta</a>"), "Beta was born in March")
    }

    /// A country no one of the site's people is from shows the table's empty state.
    @Test func aNationalityWithNobodyShowsTheEmptyTable() throws {
        let site = try Self.site(page: "```ttsite people nationality=jp\n```")
        defer { site.remove() }
        try site.build(now: "2026-11-22T08:00:00Z")
        #expect(try site.read("report/index.html").contains("<td colspan=\"3\">There is nobody on the list yet.</td>"))
    }

    @Test(
        arguments: [
            (
                "```ttsite\n```", 4,
                "a `ttsite` block names what it shows: one of `upcoming-birthdays`, `people`, `counter`, `age-histogram`, `timeline`"
            ),
            ("Text.\n\n```ttsite calendar\n```", 6, "there is no report block `calendar`; the blocks are `upcoming-birthdays`"),
            ("```ttsite upcoming-birthdays days=0\n```", 4, "`days` must be a whole number from 1 to 366, found `0`"),
            ("```ttsite upcoming-birthdays weeks=2\n```", 4, "`upcoming-birthdays` takes `days=`, found `weeks`"),
            ("```ttsite people month=13\n```", 4, "`month` must be a whole number from 1 to 12, found `13`"),
            ("```ttsite people\n```", 4, "`people` takes one of `month=` (1 to 12) or `nationality=` (such as `DE`)"),
            (
                "```ttsite people nationality=DEU\n```", 4,
                "`nationality` must be a country's two-letter code (ISO 3166) such as `DE`, found `DEU`; the site's people have `DE`, `US`"
            ),
            (
                "```ttsite people nationality=XX\n```", 4,
                "`nationality` must be a country's two-letter code (ISO 3166) such as `DE`, found `XX`; the site's people have `DE`, `US`"
            ),
            ("```ttsite upcoming-birthdays days=7 days=300\n```", 4, "`days` is given twice (`days=7` and `days=300`); give it once"),
            (
                "``` ttsite people month=3 nationality=DE\n```", 4,
                "`people` takes one of `month=` (1 to 12) or `nationality=` (such as `DE`)"
            ),
            (
                "```ttsite counter of=cats\n```", 4,
                "`counter` needs `of=` one of `people`, `timelines`, `events`, `birthdays-this-month`, found `cats`"
            ),
            ("```ttsite age-histogram bins=5\n```", 4, "`age-histogram` takes no arguments, found `bins`"),
            ("```ttsite timeline named=moon\n```", 4, "no scenario is named `moon`; some that are: `trip`"),
            ("```ttsite timeline named=\"moon\n```", 4, "a quote in the block's line is not closed"),
            ("```ttsite counter people\n```", 4, "`people` is not an argument; write `name=value`"),
        ] as [(String, Int, String)])
    func mistakesNameThePageAndLine(page: String, line: Int, message: String) throws {
        let site = try Self.site(page: page)
        defer { site.remove() }
        #expect {
            try site.build(now: "2026-11-22T08:00:00Z")
        } throws: { error in
            let text = (error as? BuildError)?.description ?? "\(error)"
            return text.hasPrefix("Content/report.md:\(line): ") && text.contains(message)
        }
    }

    /// On a page with inputs, the blocks of people and timelines read no input: each is
    /// rendered once for the answers at one depth (`BlockMemo`), and every answer's text is
    /// what it renders alone, byte for byte, with the same links.
    @Test func blocksOfPeopleOnAPageWithInputsAreRenderedOnceADepth() throws {
        let blocks = [
            "```ttsite upcoming-birthdays days=14", "```ttsite people month=3", "```ttsite counter of=people",
            "```ttsite age-histogram", "```ttsite timeline named=trip",
        ]
        let page = """
            ```ttsite query born
            SELECT count(*) AS born FROM people WHERE nationality = :nat
            ```

            ```ttsite input name=nat options=DE,US,FR label="Nationality"
            ```

            ```ttsite value data=born column=born label="born there"
            ```

            \(blocks.map { $0 + "\n```" }.joined(separator: "\n\n"))
            """
        let site = try Self.site(page: page)
        defer { site.remove() }
        let (_, kept) = try Site.build(site.options(), keepingPlan: true)
        let plan = try #require(kept)
        // DE at report/; US and FR at report/nat/us/ and report/nat/fr/.
        let answers = plan.pages.filter { $0.variant != nil && $0.language == "en" }
        #expect(answers.map(\.urlPath).sorted() == ["report/", "report/nat/fr/", "report/nat/us/"])
        let shared = plan.markdown.with(templates: plan.markdown.templates)
        for page in answers {
            let once = try #require(try shared.text(of: page))
            let alone = try #require(try plan.markdown.with(templates: plan.markdown.templates).text(of: page))
            #expect(once.rendered.html == alone.rendered.html, "\(page.urlPath)")
            #expect(once.misses.written == alone.misses.written && !once.misses.written.isEmpty, "\(page.urlPath)")
        }
        #expect(Self.article(try site.read("report/nat/fr/index.html")).contains("Anna Alpha"))
        let lines = page.components(separatedBy: "\n")
        let renders = Dictionary(grouping: shared.blockMemo.keys, by: \.line).mapValues(\.count)
        for block in blocks {
            let line = try #require(lines.firstIndex(of: block)) + 4  // the front matter's three lines, counted from 1
            #expect(renders[line] == 2, "\(block)")
        }
    }

}
