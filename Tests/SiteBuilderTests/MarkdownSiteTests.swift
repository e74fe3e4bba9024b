import Foundation
import Testing

@testable import SiteBuilder

/// GitHub's Markdown on a site: the table of contents (block and `page.toc`) on a site
/// without people, `markdown.extensions`, notes in the page's language, and the ids of notes
/// in the feeds. The markup itself is tested in `MarkdownTests`; the example site's
/// `notes` page goes through Nu, axe and the browser suite.
@Suite struct MarkdownSiteTests {
    static let page = """
        ---
        title: Notes
        date: 2026-11-20
        ---
        Intro[^1].

        ```ttsite toc
        ```

        ## First part

        ### Detail

        #### Deeper

        ## Second part

        [^1]: The note.
        """

    static func site(config: String = "", page: String = page, files: String = "") throws -> TestSite {
        try TestSite(
            """
            -- ttsite.yml --
            title: Notes
            base_url: https://example.org/r/
            languages: [en, de]
            \(config)
            -- Content/index.md --
            Hello.
            -- Content/notes.md --
            \(page)
            -- Content/notes.de.md --
            ---
            title: Notizen
            ---
            Text[^a].

            [^a]: Die Notiz.
            -- Templates/with-toc.mustache --
            {{<base}}{{$main}}<aside>{{{page.toc}}}</aside>{{{page.content}}}{{/main}}{{/base}}
            \(files)
            """)
    }

    /// The block lists h2 and h3, nested as they stand, each a link to its heading's id.
    @Test func theTocBlockListsTheHeadingsOnASiteWithoutPeople() throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.build()
        let html = try site.read("notes/index.html")
        #expect(
            html.contains(
                """
                <nav class="toc" aria-label="Contents">
                <ol>
                <li><a href="#first-part">First part</a>
                <ol>
                <li><a href="#detail">Detail</a></li>
                </ol>
                </li>
                <li><a href="#second-part">Second part</a></li>
                </ol>
                </nav>
                """))
        for id in ["first-part", "detail", "deeper", "second-part"] {
            #expect(html.contains(#"id="\#(id)""#))
        }
        #expect(!html.contains(##"<li><a href="#deeper">"##))
    }

    @Test func aTemplateShowsTheTocOfItsPage() throws {
        let site = try Self.site(page: Self.page.replacingOccurrences(of: "title: Notes", with: "title: Notes\nlayout: with-toc"))
        defer { site.remove() }
        try site.build()
        let html = try site.read("notes/index.html")
        #expect(html.contains(#"<aside><nav class="toc" aria-label="Contents">"#))
        // A page without headings has no `page.toc`: the section is empty.
        let german = try site.read("de/notes/index.html")
        #expect(!german.contains("class=\"toc\""))
    }

    @Test func theBlockTakesOtherLevels() throws {
        let site = try Self.site(page: Self.page.replacingOccurrences(of: "```ttsite toc", with: "```ttsite toc levels=3-4"))
        defer { site.remove() }
        try site.build()
        let html = try site.read("notes/index.html")
        #expect(html.contains(##"<li><a href="#detail">Detail</a>"##))
        #expect(html.contains(##"<li><a href="#deeper">Deeper</a></li>"##))
        #expect(!html.contains(##"<li><a href="#first-part">"##))
    }

    @Test(arguments: [
        ("```ttsite toc levels=0-3", "`levels` takes heading levels from 1 to 6, such as `2-4` or `2`, found `0-3`"),
        ("```ttsite toc levels=4-2", "found `4-2`"),
        ("```ttsite toc depth=2", "`toc` takes `levels=`, found `depth`"),
    ])
    func aBadTocBlockNamesThePageAndLine(fence: String, message: String) throws {
        let site = try Self.site(page: Self.page.replacingOccurrences(of: "```ttsite toc", with: fence))
        defer { site.remove() }
        #expect {
            try site.build()
        } throws: { error in
            let text = (error as? BuildError)?.description ?? "\(error)"
            return text.hasPrefix("Content/notes.md:7: ") && text.contains(message)
        }
    }

    /// Notes carry the words of the page's language.
    @Test func notesSpeakThePagesLanguage() throws {
        let site = try Self.site()
        defer { site.remove() }
        try site.build()
        let german = try site.read("de/notes/index.html")
        #expect(german.contains(#"<section class="footnotes" data-footnotes aria-label="Fußnoten">"#))
        #expect(german.contains(#"aria-label="Zurück zum Text""#))
        let english = try site.read("notes/index.html")
        #expect(english.contains(#"aria-label="Back to text""#))
        #expect(english.contains(#"<li id="fn:1">"#))
    }

    /// `markdown.extensions: []` is CommonMark alone: pipes and `[^1]` stay text.
    @Test func withoutExtensionsPagesAreCommonMark() throws {
        let site = try Self.site(config: "markdown: { extensions: [] }", page: "| a |\n|:-:|\n| 1 |\n\nText[^1].\n\n[^1]: Note.\n")
        defer { site.remove() }
        try site.build()
        let html = try site.read("notes/index.html")
        #expect(html.contains("<p>| a |\n|:-:|\n| 1 |</p>"))
        // Without footnotes, `[^1]: Note.` is a link reference definition, as CommonMark says.
        #expect(html.contains("<p>Text<a href=\"Note.\">^1</a>.</p>"))
        #expect(!html.contains("<table"))
        #expect(!html.contains("footnotes"))
    }

    /// Two pages of one feed with the same note: each entry's notes have ids of their own,
    /// and the links between a note and its reference stay within the entry.
    @Test func feedEntriesDoNotShareNoteIds() throws {
        let other = "-- Content/other.md --\n---\ntitle: Other\ndate: 2026-11-21\n---\nMore[^1].\n\n[^1]: Another note.\n"
        let site = try Self.site(files: other)
        defer { site.remove() }
        try site.build()
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: site.output.appendingPathComponent("feed.json"))) as? [String: Any]
        let items = try #require(json?["items"] as? [[String: Any]])
        let entries = items.compactMap { $0["content_html"] as? String }
        #expect(entries.count == 2)
        let ids = entries.map { html in html.components(separatedBy: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) } }
        #expect(ids.allSatisfy { $0.count == 2 && $0.allSatisfy { $0.hasPrefix("fn:p") || $0.hasPrefix("fnref:p") } })
        #expect(Set(ids[0]).isDisjoint(with: ids[1]))
        for (html, own) in zip(entries, ids) {
            // The reference leads to the note in the same entry, the note back to it.
            let note = try #require(own.first { $0.hasPrefix("fn:") })
            #expect(html.contains("href=\"#\(note)\""))
        }
        // The page itself keeps the short ids.
        #expect(try site.read("other/index.html").contains(#"<li id="fn:1">"#))
    }
}
