import Testing

@testable import Markdown

/// The wrapper's own markup around cmark-gfm's: tables, footnotes, heading ids and links.
/// Each expected text is cmark-gfm's output (its command-line program, the same library)
/// with the documented rewrite applied by hand.
struct GFMMarkupTests {
    static let slug: @Sendable (String) -> String? = { text in
        let words = text.lowercased().split { !$0.isLetter && !$0.isNumber }
        return words.isEmpty ? nil : words.joined(separator: "-")
    }

    @Test func tablesGetClassesHeaderScopesAndAScrollBox() {
        let html = MarkdownRenderer().html("| Name | Count | Note |\n|:--|--:|---|\n| a | 1 | x |\n")
        #expect(
            html == """
                <div class="table-scroll" tabindex="0"><table>
                <thead>
                <tr>
                <th scope="col" class="align-left">Name</th>
                <th scope="col" class="align-right">Count</th>
                <th scope="col">Note</th>
                </tr>
                </thead>
                <tbody>
                <tr>
                <td class="align-left">a</td>
                <td class="align-right">1</td>
                <td>x</td>
                </tr>
                </tbody>
                </table></div>

                """)
        #expect(!html.contains("align="))
    }

    @Test func withoutTheTableExtensionPipesAreText() {
        let html = MarkdownRenderer(extensions: []).html("| a |\n|---|\n| 1 |\n")
        #expect(html == "<p>| a |\n|---|\n| 1 |</p>\n")
    }

    @Test func footnotesGetPrefixedIdsAndTheLanguagesWords() {
        let renderer = MarkdownRenderer(words: .init(footnotes: "Fußnoten", backToText: "Zurück zum Text", taskDone: "Erledigt"))
        let html = renderer.render("A[^n] and B[^n].\n\n[^n]: Note.\n", ids: .init(prefix: "e3-")).html
        #expect(
            html == """
                <p>A<sup class="footnote-ref"><a href="#fn:e3-n" id="fnref:e3-n" data-footnote-ref>1</a></sup> and \
                B<sup class="footnote-ref"><a href="#fn:e3-n" id="fnref:e3-n-2" data-footnote-ref>1</a></sup>.</p>
                <section class="footnotes" data-footnotes aria-label="Fußnoten">
                <ol>
                <li id="fn:e3-n">
                <p>Note. <a href="#fnref:e3-n" class="footnote-backref" data-footnote-backref aria-label="Zurück zum Text">↩</a> \
                <a href="#fnref:e3-n-2" class="footnote-backref" data-footnote-backref aria-label="Zurück zum Text">\
                ↩<sup class="footnote-ref">2</sup></a></p>
                </li>
                </ol>
                </section>

                """)
    }

    /// Two texts on one page with the same note label do not share an id.
    @Test func twoTextsWithTheSameNoteDoNotShareAnId() {
        let markdown = "Text[^1].\n\n[^1]: Note.\n"
        let first = MarkdownRenderer().render(markdown, ids: .init(prefix: "a-")).html
        let second = MarkdownRenderer().render(markdown, ids: .init(prefix: "b-")).html
        #expect(Set(Self.ids(in: first)).isDisjoint(with: Self.ids(in: second)))
        #expect(Self.ids(in: first) == ["fnref:a-1", "fn:a-1"])
    }

    @Test func aLinkTheAuthorWroteToANoteFollowsIt() {
        let html = MarkdownRenderer().html("Text[^1], see [the note](#fn-1).\n\n[^1]: Note.\n")
        #expect(html.contains(##"<a href="#fn:1">the note</a>"##))
    }

    @Test func headingsGetUniqueIdsAndALinkToThemselves() {
        let markdown = "# Intro\n\n## Intro\n\n## Main\n\nSetext\n------\n\n### *Field* `notes`\n\n## ???\n"
        let rendered = MarkdownRenderer().render(markdown, ids: .init(headingSlug: Self.slug, taken: ["main"]))
        #expect(
            rendered.headings == [
                .init(level: 1, text: "Intro", id: "intro"),
                .init(level: 2, text: "Intro", id: "intro-1"),
                .init(level: 2, text: "Main", id: "main-1"),
                .init(level: 2, text: "Setext", id: "setext"),
                .init(level: 3, text: "Field notes", id: "field-notes"),
                .init(level: 2, text: "???", id: "section"),
            ])
        #expect(
            rendered.html.hasPrefix(
                """
                <h1 id="intro">
                Intro<a class="heading-link" href="#intro" aria-labelledby="intro"></a>
                </h1>
                <h2 id="intro-1">
                """))
        #expect(
            rendered.html.contains(
                """
                <h3 id="field-notes">
                <em>Field</em> <code>notes</code><a class="heading-link" href="#field-notes" aria-labelledby="field-notes"></a>
                </h3>
                """))
    }

    @Test func withoutASlugHeadingsAreAsCommonMarkWritesThem() {
        let rendered = MarkdownRenderer().render("## Notes\n", ids: .init(prefix: "x-"))
        #expect(rendered.html == "<h2>Notes</h2>\n")
        #expect(rendered.headings.isEmpty)
    }

    /// A report block sees the text's headings (a table of contents), and works inside a
    /// footnote as anywhere a block may stand.
    @Test func aBlockSeesTheHeadingsAndWorksInAFootnote() throws {
        let markdown = "## One\n\nText[^1].\n\n## Two\n\n[^1]: See:\n\n    ```ttsite toc\n    ```\n"
        var seen: [MarkdownRenderer.FencedBlock] = []
        let html = try MarkdownRenderer().render(
            markdown, ids: .init(headingSlug: Self.slug), replacingBlocksTagged: "ttsite",
            with: { block in
                seen.append(block)
                return "<nav>\(block.headings.map(\.id).joined(separator: " "))</nav>"
            }
        ).html
        #expect(seen.count == 1)
        #expect(seen.first?.line == 9)
        #expect(html.contains("<li id=\"fn:1\">\n<p>See:</p>\n<nav>one two</nav>\n<a href=\"#fnref:1\""))
    }

    /// A table cell holds inline content alone: a fence there is a code span, shown as code.
    @Test func aFenceInATableCellIsCode() throws {
        var blocks = 0
        let html = try MarkdownRenderer().render(
            "| a |\n|---|\n| ```ttsite toc``` |\n", replacingBlocksTagged: "ttsite",
            with: { _ in
                blocks += 1
                return ""
            }
        ).html
        #expect(blocks == 0)
        #expect(html.contains("<td><code>ttsite toc</code></td>"))
    }

    /// The caller's HTML is put in as it is: a block's own table is not rewritten because the
    /// page also holds a pipe table (an unmatched `</div>` would follow it).
    @Test func aBlocksHTMLIsNotRewrittenBesideAPipeTable() throws {
        let block = "<table class=\"report\">\n<tr><th>x</th><td align=\"right\">1</td></tr>\n</table>\n"
        let html = try MarkdownRenderer().render(
            "| a |\n|---|\n| 1 |\n\n```ttsite people\n```\n", replacingBlocksTagged: "ttsite", with: { _ in block }
        ).html
        #expect(html.hasSuffix("</table></div>\n" + block))
        #expect(html.components(separatedBy: "table-scroll").count == 2)
    }

    /// An image in another's description: both are asked about in document order, the outer
    /// one's description read before anything is replaced (it was freed with the outer image
    /// before the inner one was read).
    @Test func anImageInAnImagesDescriptionIsReplacedToo() {
        var asked: [String] = []
        let html = MarkdownRenderer().render(
            "![a ![b](b.jpg)](a.jpg)\n",
            changingReferences: { reference in
                asked.append("\(reference.text) \(reference.alt)")
                return .html("<picture>\(reference.text)</picture>")
            }, with: { _ in "" }
        ).html
        #expect(asked == ["a.jpg a b", "b.jpg b"])
        #expect(html == "<p><picture>a.jpg</picture></p>\n")
    }

    /// A heading's links are read after its content has moved into the heading with an id.
    @Test func linksInAHeadingAreReadAfterItGetsItsId() {
        var links: [String] = []
        let html = MarkdownRenderer().render(
            "# See www.example.org and [here](x.md)\n", ids: .init(headingSlug: Self.slug),
            changingReferences: { reference in
                links.append(reference.text)
                return .keep
            }, with: { _ in "" }
        ).html
        #expect(links == ["http://www.example.org", "x.md"])
        #expect(html.contains(#"<a href="http://www.example.org">www.example.org</a> and <a href="x.md">here</a>"#))
    }

    @Test func anImageInATableCellIsReplacedLikeAnyOther() {
        let html = MarkdownRenderer().render(
            "| a |\n|---|\n| ![x](p.jpg) |\n",
            changingReferences: { reference in
                reference.kind == .image ? .html("<picture>p</picture>") : .keep
            }, with: { _ in "" }
        ).html
        #expect(html.contains("<td><picture>p</picture></td>"))
    }

    @Test func theTagFilterActsInUnsafeModeAlone() {
        let markdown = "<script>x</script> <b>b</b>\n"
        #expect(MarkdownRenderer(options: .unsafeHTML).html(markdown) == "&lt;script>x&lt;/script> <b>b</b>\n")
        #expect(MarkdownRenderer(options: .unsafeHTML, extensions: [.table]).html(markdown) == markdown)
        #expect(MarkdownRenderer().html(markdown) == "<!-- raw HTML omitted -->\n")
    }

    @Test func taskListsStrikethroughAndAutolinks() {
        let html = MarkdownRenderer().html("- [x] done\n- [ ] open\n\n~~old~~ www.example.org\n")
        #expect(
            html == """
                <ul>
                <li><input type="checkbox" checked="" disabled="" aria-label="Done"> done</li>
                <li><input type="checkbox" disabled="" aria-label="Done"> open</li>
                </ul>
                <p><del>old</del> <a href="http://www.example.org">www.example.org</a></p>

                """)
    }

    /// A task's box is named in the page's language, escaped; without the extension a `[x]`
    /// is text.
    @Test func taskListBoxesAreNamedInThePagesLanguage() {
        let words = MarkdownRenderer.Words(footnotes: "Fußnoten", backToText: "Zurück zum Text", taskDone: "\"Erledigt\"")
        #expect(
            MarkdownRenderer(words: words).html("* [X] fertig\n") == """
                <ul>
                <li><input type="checkbox" checked="" disabled="" aria-label="&quot;Erledigt&quot;"> fertig</li>
                </ul>

                """)
        #expect(MarkdownRenderer(extensions: [.table]).html("- [x] done\n") == "<ul>\n<li>[x] done</li>\n</ul>\n")
    }

    /// Code in a table cell is code: Mustache tags there are left as written.
    @Test func codeInATableCellIsFound() {
        let markdown = "| a | b |\n|---|---|\n| `{{x}}` | {{y}} |\n"
        let ranges = MarkdownRenderer().codeRanges(in: markdown)
        let bytes = Array(markdown.utf8)
        #expect(ranges.map { String(decoding: bytes[$0], as: UTF8.self) } == ["{{x}}"])
    }

    static func ids(in html: String) -> [String] {
        html.split(separator: " id=\"").dropFirst().map { String($0.prefix { $0 != "\"" }) }
    }
}
