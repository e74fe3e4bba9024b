import Testing

@testable import Markdown

struct MarkdownRendererTests {
    @Test func safeModeDropsDangerousLinks() {
        let html = MarkdownRenderer().html("[x](javascript:alert(1)) [y](https://example.org)")
        #expect(html == "<p><a href=\"\">x</a> <a href=\"https://example.org\">y</a></p>\n")
    }

    @Test func safeModeOmitsRawHTML() {
        let html = MarkdownRenderer().html("<script>alert(1)</script>\n\nHi <b onclick=\"x\">there</b>")
        #expect(!html.contains("<script"))
        #expect(!html.contains("onclick"))
        #expect(html.contains("<!-- raw HTML omitted -->"))
    }

    @Test func unsafeModeKeepsRawHTML() {
        let html = MarkdownRenderer(options: .unsafeHTML).html("Hi <b>there</b>")
        #expect(html == "<p>Hi <b>there</b></p>\n")
    }

    @Test func smartPunctuation() {
        let html = MarkdownRenderer(options: .smart).html("\"Hello\" -- it's --- done...")
        #expect(html == "<p>\u{201C}Hello\u{201D} \u{2013} it\u{2019}s \u{2014} done\u{2026}</p>\n")
    }

    @Test func unicodeRoundTrips() {
        let text = "Ðорогой **Ñ€Ð´Ñƒ**, 日本語, नमस्ते, emoji 👩🏽‍🚀"
        #expect(MarkdownRenderer().html(text).hasPrefix("<p>Ðорогой <strong>"))
        #expect(MarkdownRenderer().html("日本語 नमस्ते 👩🏽‍🚀") == "<p>日本語 नमस्ते 👩🏽‍🚀</p>\n")
    }

    @Test func invalidUTF8IsReplaced() {
        let bytes: [UInt8] = [0x61, 0xFF, 0x62]
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(MarkdownRenderer().html(text) == "<p>a\u{FFFD}b</p>\n")
    }

    @Test func emptyInput() {
        #expect(MarkdownRenderer().html("") == "")
    }

    @Test func libraryVersionIsReported() {
        // cmark-gfm's versions are CommonMark's and GitHub's own: 0.29.0.gfm.6.
        #expect(MarkdownRenderer.libraryVersion.contains(".gfm."))
    }

    /// Tagged fenced blocks become the caller's HTML anywhere a block may stand; other code
    /// blocks and the author's raw HTML stay as `html(_:)` renders them.
    @Test func taggedBlocksAreReplacedAndTheRestStaysSafe() throws {
        let markdown =
            "```ttsite one a=1\n```\n\n- ```ttsite two\n  body\n  ```\n\n> ```ttsite three\n> ```\n\n"
            + "```swift\nlet x = 1\n```\n\n<b>raw</b>\n"
        var seen: [MarkdownRenderer.FencedBlock] = []
        let html = try MarkdownRenderer().html(markdown, replacingBlocksTagged: "ttsite") { block in
            seen.append(block)
            return "<div class=\"block\">\(block.info.split(separator: " ")[1])</div>"
        }
        #expect(seen.map(\.info) == ["ttsite one a=1", "ttsite two", "ttsite three"])
        #expect(seen.map(\.line) == [1, 4, 8])
        #expect(seen[1].literal == "body\n")
        #expect(
            html == """
                <div class="block">one</div>
                <ul>
                <li>
                <div class="block">two</div>
                </li>
                </ul>
                <blockquote>
                <div class="block">three</div>
                </blockquote>
                <pre><code class="language-swift">let x = 1
                </code></pre>
                <p><!-- raw HTML omitted -->raw<!-- raw HTML omitted --></p>

                """)
    }

    @Test func aThrowingReplacementStopsTheRendering() {
        struct Refused: Error {}
        #expect(throws: Refused.self) {
            try MarkdownRenderer().html("```ttsite x\n```\n", replacingBlocksTagged: "ttsite") { _ in throw Refused() }
        }
    }

    /// cmark's own `alt="…"` and `title="…"` for the image in `markdown`: the oracle of the
    /// alt text the replacement is given (entities decoded, so both are plain text).
    static func cmarkAttribute(_ name: String, in markdown: String) -> String? {
        let html = MarkdownRenderer().html(markdown)
        guard let start = html.range(of: "\(name)=\"") else { return nil }
        let value = html[start.upperBound...].prefix { $0 != "\"" }
        return value.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&lt;", with: "<")
            .replacingOccurrences(of: "&gt;", with: ">").replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(arguments: [
        "![A *green* field](field.jpg)",
        "![With `code` and **strong**](a/b.png \"A title\")",
        "![Two\nlines](x.webp)",
        "![](empty.jpg)",
        "![A <b>tag</b> & \"quotes\"](q.jpg 'It\\'s')",
        "[![Linked picture](in-link.jpg)](https://example.org)",
    ])
    func anImageIsReplacedWithTheAltTextCmarkWouldWrite(markdown: String) throws {
        var seen: [MarkdownRenderer.Reference] = []
        let html = MarkdownRenderer().render(
            markdown,
            changingReferences: { reference in
                guard reference.kind == .image else { return .keep }
                seen.append(reference)
                return .html("<picture>REPLACED</picture>")
            }, with: { _ in "" }
        ).html
        #expect(seen.count == 1)
        #expect(html.contains("<picture>REPLACED</picture>"))
        #expect(!html.contains("<img"))
        let image = try #require(seen.first)
        #expect(image.alt == Self.cmarkAttribute("alt", in: markdown), "\(markdown)")
        #expect(image.title == (Self.cmarkAttribute("title", in: markdown) ?? ""), "\(markdown)")
    }

    @Test func anImageTheCallerLeavesIsRenderedAsCmarkRendersIt() throws {
        let markdown = "Look: ![kept](https://example.org/x.jpg) and ![gone](local.jpg)\n"
        let html = MarkdownRenderer().render(
            markdown,
            changingReferences: { image in
                image.text == "local.jpg" ? .html("<picture>local</picture>") : .keep
            }, with: { _ in "" }
        ).html
        #expect(html == "<p>Look: <img src=\"https://example.org/x.jpg\" alt=\"kept\" /> and <picture>local</picture></p>\n")
    }

    /// A link or an image may lead elsewhere: cmark writes the new destination, escaped as it
    /// escapes the author's, and keeps everything else.
    @Test func aReferenceMayLeadToAnotherDestination() throws {
        let markdown = "[A *report*](report.pdf \"The report\") and ![photo](p.jpg) and [away](https://example.org/)\n"
        let html = MarkdownRenderer().render(
            markdown,
            changingReferences: { reference in
                switch reference.text {
                case "report.pdf": .destination("../files/report & notes.pdf")
                case "p.jpg": .destination("../p.jpg")
                default: .keep
                }
            }, with: { _ in "" }
        ).html
        // cmark's own rendering of the same Markdown with those destinations written in.
        let expected = MarkdownRenderer().html(
            "[A *report*](<../files/report & notes.pdf> \"The report\") and ![photo](../p.jpg) and [away](https://example.org/)\n")
        #expect(html == expected)
    }

    @Test func everyReferenceIsFoundWithItsLine() {
        let markdown = "# Title\n\nText [one](a.md) and\n![two](b.jpg \"T\")\n\n<div>raw</div>\n\n- [three][ref]\n\n[ref]: c.pdf\n"
        let found = MarkdownRenderer().references(in: markdown)
        #expect(
            found == [
                .init(kind: .link, text: "a.md", line: 3),
                .init(kind: .image, text: "b.jpg", line: 4, alt: "two", title: "T"),
                .init(kind: .html, text: "<div>raw</div>\n", line: 6),
                .init(kind: .link, text: "c.pdf", line: 8),
            ])
    }

    @Test(arguments: [
        ("ttsite people month=3", "ttsite"), ("ttsite\tpeople", "ttsite"), ("ttsite", "ttsite"), ("", ""), ("swift", "swift"),
    ])
    func theFirstWordOfAnInfoString(info: String, word: String) {
        #expect(MarkdownRenderer.firstWord(of: info) == word)
    }

    /// The code of a text, found by cmark and checked by hand against the text: each span's
    /// text between its backticks, each block's lines with its fences.
    @Test func codeIsFoundWhereverItStands() {
        let markdown = """
            Intro `{{a}}` and ``x {{b}} y`` here
            > quote `{{c}}` ok

            - item `{{d}}`

            ```swift
            {{f}}
            ```

                {{g}}

            Ä `{{h}}` ü ``a ` b`` and ```ttsite x={{i}}```

            ```ttsite people month={{j}}
            ```

            """
        let bytes = Array(markdown.utf8)
        let found = MarkdownRenderer().codeRanges(in: markdown, exceptBlocksTagged: "ttsite").map {
            String(decoding: bytes[$0], as: UTF8.self)
        }
        #expect(
            found == [
                "{{a}}", "x {{b}} y", "{{c}}", "{{d}}", "```swift\n{{f}}\n```\n", "    {{g}}\n\n", "{{h}}", "a ` b", "ttsite x={{i}}",
            ])
    }
}
