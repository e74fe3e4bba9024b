import Foundation
import TestSupport
import Testing
import TextFormatting

@testable import SiteBuilder

/// A value from data is text wherever a page's Markdown writes it (`{{row.notes}}`,
/// `{{#data.q}}{{notes}}{{/data.q}}`): never an image, link, heading, code block, report
/// block or raw HTML, even where the site lets its authors write raw HTML (issue 50). The
/// expected HTML is cmark's for the value as plain text, worked out by hand: cmark escapes
/// only `& < > "` in text.
@Suite struct DataAsTextTests {
    /// Each hostile value, and the HTML it must read as inside a paragraph.
    static let values: [(note: String, csv: String, html: String)] = [
        ("image", "![t](https://attacker.example/p.png)", "![t](https://attacker.example/p.png)"),
        ("link", "[x](javascript:alert(1))", "[x](javascript:alert(1))"),
        ("heading", "# Not a heading", "# Not a heading"),
        ("html", "<img src=x onerror=alert(1)>", "&lt;img src=x onerror=alert(1)&gt;"),
        ("autolink", "https://attacker.example and www.attacker.example", "https://attacker.example and www.attacker.example"),
        ("emphasis", "*a* and __b__ and ~~c~~", "*a* and __b__ and ~~c~~"),
        ("entity", "Fish &amp; Chips & co", "Fish &amp;amp; Chips &amp; co"),
        ("code", "    indented `code`", "    indented `code`"),
        ("block", "\"one\n```ttsite query x\nSELECT 1\n```\n\n# two\"", "one\n```ttsite query x\nSELECT 1\n```\n\n# two"),
    ]

    static func site(page: String, file: String = "Content/index.md") throws -> TestSite {
        let rows = values.map { "\($0.note),\($0.csv)" }.joined(separator: "\n")
        return try TestSite(
            """
            -- ttsite.yml --
            title: Notes
            markdown: { unsafe_html: true }
            data:
              notes: { file: data/notes.csv }
            -- data/notes.csv --
            note,text
            \(rows)
            -- \(file) --
            \(page)
            """)
    }

    @Test func aRowsValueIsTextOnItsPage() throws {
        let site = try Self.site(
            page: """
                ---
                rows: all
                ---
                ```ttsite query all
                SELECT note, text FROM notes
                ```

                {{row.text}}

                Said: {{row.text}}
                """, file: "Content/n/[note].md")
        defer { site.remove() }
        try site.build()
        for value in Self.values {
            let html = DataReportTests.article(try site.read("n/\(value.note)/index.html"))
            #expect(html.contains("<p>\(value.html)</p>"), "\(value.note): \(html)")
            #expect(html.contains("<p>Said: \(value.html)</p>"), "\(value.note): \(html)")
            #expect(
                !html.contains("<img") && !html.contains("<a ") && !html.contains("<h1>Not") && !html.contains("<pre")
                    && !html.contains("<em>") && !html.contains("<del>") && !html.contains("<table"), "\(value.note): \(html)")
        }
    }

    @Test func aResultsValuesAreTextInASection() throws {
        let site = try Self.site(
            page: """
                ```ttsite query all
                SELECT note, text FROM notes
                ```

                {{#data.all}}
                - {{note}}: {{text}}
                {{/data.all}}

                | note | text |
                |------|------|
                {{#data.all}}
                | {{note}} | {{text}} |
                {{/data.all}}

                <p title="{{#data.all}}{{note}}={{text}};{{/data.all}}">The notes.</p>
                """)
        defer { site.remove() }
        try site.build()
        let html = DataReportTests.article(try site.read("index.html"))
        for value in Self.values {
            #expect(html.contains("<li>\(value.note): \(value.html)</li>"), "\(value.note): \(html)")
            // A `|` in a value is no cell's end.
            #expect(html.contains("<td>\(value.note)</td>\n<td>\(value.html)</td>"), "\(value.note): \(html)")
        }
        #expect(
            !html.contains("<img") && !html.contains("<a ") && !html.contains("<h1>") && !html.contains("<pre")
                && !html.contains("<em>") && !html.contains("<del>"), "\(html)")
        // In the raw HTML an author wrote, the value is references the browser reads as it.
        #expect(html.components(separatedBy: "<tr>").count == Self.values.count + 2)
        let title = try #require(html.range(of: #"<p title="image=&#33;&#91;t&#93;&#40;https&#58;&#47;&#47;"#))
        #expect(html[title.upperBound...].hasPrefix("attacker&#46;example&#47;p&#46;png&#41;;link="))
    }

    /// A row page's title made from its row was escaped twice: `AT&T O'Brien` read
    /// `AT&amp;T O&#39;Brien` in the tab, the heading, the feeds and the rows' search index.
    @Test func aRowsTitleIsEscapedOnce() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Firms
            base_url: https://example.org/
            data:
              firms: { file: data/firms.csv }
            -- data/firms.csv --
            firm,city
            AT&T O'Brien <1>,Dallas
            -- Content/index.md --
            ```ttsite query all
            SELECT firm, city FROM firms
            ```

            ```ttsite table data=all link=firm
            ```
            -- Content/f/[firm].md --
            ---
            title: "{{row.firm}} of {{row.city}}"
            rows: all
            ---
            ```ttsite query all
            SELECT firm, city FROM firms
            ```

            In {{row.city}}.
            """)
        defer { site.remove() }
        try site.build()
        let files = try snapshot(of: site.output)
        let page = try #require(files.keys.first { $0.hasPrefix("f/") && $0.hasSuffix("/index.html") })
        let html = try site.read(page)
        #expect(html.contains("<title>AT&amp;T O&#39;Brien &lt;1&gt; of Dallas"), "\(html)")
        #expect(html.contains(">AT&amp;T O&#39;Brien &lt;1&gt; of Dallas</h1>"), "\(html)")
        let search = try #require(files.first { $0.key.hasPrefix("assets/rows-search.firm.en.") }?.value)
        // JSON inside a script: the text itself, `<` as `\u003c`.
        #expect(String(decoding: search, as: UTF8.self).contains(#"["AT&T O'Brien \u003c1> of Dallas","#))
        for (file, bytes) in files where [".html", ".xml", ".json", ".js"].contains(where: file.hasSuffix) {
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(
                !text.contains("&amp;amp;") && !text.contains("&amp;#39;") && !text.contains("&amp;lt;") && !text.contains("&#38;amp;"),
                "\(file)")
        }
    }

    /// `description: "{{row.x}}"` on a row page was published as written: every text of a
    /// row page's front matter is filled from its row (as text, escaped once where it is
    /// written), in lists and maps too; a text that reads anything else is an error.
    @Test func everyFrontMatterTextOfARowPageIsFilledFromItsRow() throws {
        let files = """
            -- ttsite.yml --
            title: Firms
            data:
              firms: { file: data/firms.csv }
            -- data/firms.csv --
            firm,city
            AT&T O'Brien <1>,Dallas
            -- Content/f/[firm].md --
            ---
            title: "{{row.firm}}"
            description: "{{row.firm}}, a firm of {{row.city}}"
            rows: all
            extra: { place: ["{{row.city}}", "Texas"] }
            ---
            ```ttsite query all
            SELECT firm, city FROM firms
            ```

            In {{row.city}}. {{#page.extra.place}}[{{.}}]{{/page.extra.place}}
            """
        let site = try TestSite(files)
        defer { site.remove() }
        try site.build()
        let page = try #require(try snapshot(of: site.output).keys.first { $0.hasPrefix("f/") && $0.hasSuffix("/index.html") })
        let html = try site.read(page)
        #expect(html.contains(#"<meta name="description" content="AT&amp;T O&#39;Brien &lt;1&gt;, a firm of Dallas">"#), "\(html)")
        #expect(html.contains(#"<meta property="og:description" content="AT&amp;T O&#39;Brien &lt;1&gt;, a firm of Dallas">"#), "\(html)")
        #expect(!html.contains("{{"))
        // The nested text is filled too, for the page's text and its templates.
        #expect(html.contains("In Dallas. [Dallas][Texas]"), "\(html)")

        let other = try TestSite(
            files.replacingOccurrences(
                of: #"description: "{{row.firm}}, a firm of {{row.city}}""#,
                with: #"description: "{{row.firm}} · {{site.title}}""#))
        defer { other.remove() }
        #expect(
            throws: BuildError(
                .content,
                "the front matter's `description` reads `{{site.title}}`, but a row page's front matter is filled "
                    + "from its row alone (`{{row.COLUMN}}`); write other texts without braces", in: "Content/f/[firm].md", line: 3)
        ) {
            try other.build()
        }
    }

    /// A C0 control character in a value (here BEL, and a form feed) reached the HTML raw,
    /// and in a title made the Atom feed malformed for every reader: it is U+FFFD in every
    /// output, as the charts' SVG writes it.
    @Test func controlCharactersAreReplacedInEveryOutput() throws {
        let site = try TestSite(
            """
            -- ttsite.yml --
            title: Firms
            base_url: https://example.org/
            data:
              firms: { file: data/firms.csv }
            -- data/firms.csv --
            firm,city
            Bell\u{7}Co,Form\u{C}feed
            -- Content/index.md --
            ```ttsite query all
            SELECT firm, city FROM firms
            ```

            ```ttsite table data=all link=firm
            ```
            -- Content/f/[firm].md --
            ---
            title: "{{row.firm}}"
            date: 2026-11-01
            rows: all
            ---
            ```ttsite query all
            SELECT firm, city FROM firms
            ```

            In {{row.city}}.
            """)
        defer { site.remove() }
        try site.build()
        let files = try snapshot(of: site.output)
        let feed = try #require(files["atom.xml"])
        #expect(try FeedTests.AtomEntries.read(feed).map(\.title) == ["Bell\u{FFFD}Co"])
        let page = try #require(files.first { $0.key.hasPrefix("f/") && $0.key.hasSuffix("/index.html") }?.value)
        #expect(String(decoding: page, as: UTF8.self).contains("<p>In Form\u{FFFD}feed.</p>"))
        for (file, bytes) in files where [".html", ".xml", ".json", ".js"].contains(where: file.hasSuffix) {
            #expect(!bytes.contains { $0 < 0x20 && ![0x09, 0x0A, 0x0D].contains($0) }, "\(file)")
        }
    }

    /// The escaping itself, against the characters CommonMark says a backslash may escape
    /// (its section 2.4: ASCII punctuation) and the breaks and leading spaces that start blocks.
    @Test func everyPunctuationCharacterIsAReference() {
        let punctuation = "!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"
        let expected = punctuation.unicodeScalars.map { "&#\($0.value);" }.joined()
        #expect(MarkdownEscaping.escape(punctuation) == expected)
        #expect(MarkdownEscaping.escape("  a b\r\nc\u{0} \t") == "&#32;&#32;a b&#13;&#10;c\u{FFFD}&#32;&#9;")
        #expect(MarkdownEscaping.escape("Zoë 3") == "Zoë 3")
        #expect(MarkdownEscaping.escape("a\u{1}b\u{1F}c") == "a\u{FFFD}b\u{FFFD}c")
        #expect(HTMLEscaping.escape("a\u{0}b\u{7}c\td\ne\u{B}<") == "a\u{FFFD}b\u{FFFD}c\td\ne\u{FFFD}&lt;")
    }
}
