import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import SiteBuilder

/// The built-in page sources and a page of `Content/` that overrides one: every person's (or
/// month's, letter's, timeline's) page takes its front matter and text, read from the record's
/// row, at the addresses the built-in pages have. Every expected value was worked out by hand
/// from the records below and the build's day, 2026-11-28 in Berlin.
@Suite struct PageSourceTests {
    /// Anna (24 Nov 1990: 36), Bert, whose name holds markup and Markdown (1 Dec 1980: 45, his
    /// birthday three days away), Cora (30 Dec 1970: 55).
    static let people = #"""
        {"results":[
         {"name":{"first":"Anna","last":"Alpha"},"dob":{"date":"1990-11-24"},"nat":"DE",\#
        "email":"anna@example.com","login":{"uuid":"00000000-0000-4000-8000-00000000000a","password":"s3cret"}},
         {"name":{"first":"<b>Bert</b> & *Co*","last":"Beta"},"dob":{"date":"1980-12-01"},\#
        "login":{"uuid":"00000000-0000-4000-8000-00000000000b"}},
         {"name":{"first":"Cora","last":"Gamma"},"dob":{"date":"1970-12-30"},"login":{"uuid":"00000000-0000-4000-8000-00000000000c"}}
        ]}
        """#

    static let now = "2026-11-28T12:00:00Z"

    static func site(_ files: String) throws -> TestSite {
        try TestSite(PeopleSite.text(people, title: "Crew", files: files))
    }

    static let personText = """
        -- Content/people/[slug].md --
        ---
        title: "{{row.first_name}} ({{row.age}})"
        description: "{{row.name}} is {{row.age}}"
        ---
        Born {{row.birth_date}}, {{row.nationality}}; {{row.first_name}} lives at `people/` and {{row.slug}}.
        """

    /// The text of the `<div class="prose person-text">` of a page, nil without one.
    func personText(_ html: String) -> String? {
        guard let start = html.range(of: #"<div class="prose person-text">"#) else { return nil }
        return html[start.upperBound...].components(separatedBy: "</div>")[0].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func aPageOfContentGivesEveryPersonsPageItsFrontMatterAndText() throws {
        let site = try Self.site(Self.personText)
        defer { site.remove() }
        let summary = try site.build(now: Self.now)
        #expect(summary.warnings.isEmpty, "\(summary.warnings)")

        let anna = try site.read("people/anna-alpha/index.html")
        #expect(anna.contains("<title>Anna (36) · Crew</title>"))
        #expect(anna.contains(#"<meta name="description" content="Anna Alpha is 36">"#))
        #expect(personText(anna) == "<p>Born 24-11-1990, DE; Anna lives at <code>people/</code> and anna-alpha.</p>")
        // The built-in page is all there: the facts, and the neighbour (Anna's birthday is the
        // last of the three to come: Bert's is on 1 December, Cora's on the 30th).
        #expect(anna.contains(#"<time datetime="1990-11-24">24-11-1990</time>"#))
        #expect(anna.contains(#"<a rel="prev" href="../../people/cora-gamma/index.html">"#))

        // A value from the data is text: neither HTML nor Markdown, in the title and the text.
        let bert = try site.read("people/b-bert-b-co-beta/index.html")
        #expect(bert.contains("<title>&lt;b&gt;Bert&lt;/b&gt; &amp; *Co* (45) · Crew</title>"))
        #expect(
            personText(bert)
                == "<p>Born 01-12-1980, ; &lt;b&gt;Bert&lt;/b&gt; &amp; *Co* lives at <code>people/</code> and b-bert-b-co-beta.</p>")
        #expect(!bert.contains("<em>Co</em>") && !bert.contains("<b>Bert"))

        // Nothing of a record beyond what pages show reaches the page.
        for page in [anna, bert] {
            #expect(!page.contains("anna@example.com") && !page.contains("s3cret") && !page.contains("00000000-0000"))
        }

        // German has no `[slug].de.md`: its pages are the built-in ones, and every address is
        // where it was.
        let german = try site.read("de/people/anna-alpha/index.html")
        #expect(personText(german) == nil)
        #expect(german.contains("<title>Anna Alpha · Crew</title>"))
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("people/[slug]").path))
    }

    /// Without a page of `Content/`, the pages have no text of their own and no empty box for one.
    @Test func theBuiltInPagesShowNoTextBox() throws {
        let site = try Self.site("")
        defer { site.remove() }
        try site.build(now: Self.now)
        let anna = try site.read("people/anna-alpha/index.html")
        #expect(!anna.contains("person-text"))
        #expect(anna.contains("<title>Anna Alpha · Crew</title>"))
    }

    @Test func monthAndLetterPagesTakeTheirTextAndCount() throws {
        let site = try Self.site(
            """
            -- Content/people/by-month/[month].md --
            ---
            title: "{{row.label}}: {{row.people}}"
            ---
            Born in {{row.label}} ({{row.month}}).
            -- Content/people/by-name/[letter].md --
            ---
            title: "Names under {{row.label}}"
            ---
            {{row.people}} under {{row.letter}}.
            """)
        defer { site.remove() }
        try site.build(now: Self.now)
        let november = try site.read("people/by-month/11/index.html")
        #expect(november.contains("<h1>November: 1</h1>"))
        #expect(november.contains("<p>Born in November (11).</p>"))
        let december = try site.read("people/by-month/12/index.html")
        #expect(december.contains("<h1>December: 2</h1>"))
        let beta = try site.read("people/by-name/b/index.html")
        #expect(beta.contains("<h1>Names under B</h1>"))
        #expect(beta.contains("<p>1 under b.</p>"))
    }

    @Test func aTimelineTakesItsText() throws {
        let site = try TestSite(fixture: "scenario-site")
        defer { site.remove() }
        try site.write(
            """
            ---
            description: "{{row.named}}: {{row.events}} events"
            ---
            {{row.events}} events, {{row.major_events}} of them major.
            """, to: "Content/scenarios/[slug].md")
        try site.build(now: Self.now)
        let apollo = try site.read("scenarios/apollo-11/index.html")
        // 1-apollo.json: four events, three of them major.
        #expect(apollo.contains(#"<meta name="description" content="apollo-11: 4 events">"#))
        #expect(apollo.contains("<p>4 events, 3 of them major.</p>"))
        #expect(!(try site.read("de/scenarios/apollo-11/index.html")).contains("events, "))
    }

    /// The mistakes such a page can hold are named with its file and line.
    @Test(arguments: [
        ("---\nslug: folks\n---\nHi.\n", "Content/people/[slug].md:2", "`slug:` would move every page of `people/[slug]`"),
        ("---\ntitle: \"{{site.title}} {{row.name}}\"\n---\nHi.\n", "Content/people/[slug].md:2", "reads `{{site.title}}`"),
        ("Hi.\n\n```ttsite query many\nSELECT 1 AS n\n```\n", "Content/people/[slug].md:3", "runs no query"),
    ])
    func mistakesAreNamed(text: String, place: String, cause: String) throws {
        let site = try Self.site("-- Content/people/[slug].md --\n" + text)
        defer { site.remove() }
        #expect { try site.build(now: Self.now) } throws: { "\($0)".contains(place) && "\($0)".contains(cause) }
    }

    /// A site without `data:` and `queries/` runs no query: a `[column].md` page there is an
    /// error naming its file, not one page published at `things/[name]/` with exit 0.
    @Test(arguments: [
        ("---\nrows: things\n---\n{{row.name}}\n", "Content/things/[name].md:2", "(there is none)"),
        ("{{row.name}}\n", "Content/things/[name].md", "name the query with `rows:`"),
        ("---\nrows: things\n---\n```ttsite query things\nSELECT 'a' AS name\n```\n", "Content/things/[name].md:2", "so no query runs"),
    ])
    func aRowPageOnASiteWithoutTablesIsAnError(text: String, place: String, cause: String) throws {
        let site = try TestSite("-- ttsite.yml --\ntitle: T\n-- Content/index.md --\nHi.\n-- Content/things/[name].md --\n" + text)
        defer { site.remove() }
        #expect { try site.build(now: Self.now) } throws: { "\($0)".contains(place) && "\($0)".contains(cause) }
        #expect(!FileManager.default.fileExists(atPath: site.output.path))
    }

    /// The one rule that places a record's page, for the built-in sources and `[column].md`.
    @Test func aRecordsPageIsItsPatternWithItsSlug() throws {
        let config = SiteConfig(title: "T")
        let builtIn = try RecordPattern(
            page: MadePages.generatedPage("people/[slug]", title: nil, layout: "person", language: "de", urlPath: "de/people/[slug]/"),
            part: "[slug]", config: config, now: Date(timeIntervalSince1970: 0))
        var asked = false
        let page = builtIn.page("anna", title: "Anna") {
            asked = true
            return PageRow(columns: [], values: [])
        }
        #expect(page.urlPath == "de/people/anna/" && page.translationKey == "people/anna" && page.title == "Anna")
        #expect(!asked && page.row == nil, "a built-in page holds no row")
        #expect(!builtIn.carriesRows)
        // Split once and joined for each record, as `replacingEvery` would replace each time.
        for (text, part) in [
            ("people/[slug]/", "[slug]"), ("a/[x]/[x]/", "[x]"), ("[x][x]", "[x]"), ("no part/", "[x]"), ("ä/[x]ü/", "[x]"),
            ("[x", "[x]"), ("", "[x]"),
        ] {
            #expect(
                RecordPattern.pieces(of: text, around: part).joined(separator: "née") == text.replacingEvery(part, with: "née"), "\(text)")
        }
    }
}
