import Markdown
import TemplateEngine

/// A value from data written into a page's Markdown, as `{{row.notes}}` writes it.
extension FuzzTarget {
    /// The bytes are one value, filled into a page text that holds it in a paragraph, a list
    /// item, a table cell, a heading and raw HTML, and rendered with raw HTML allowed and
    /// report blocks replaced: the page has the same tags as with a plain word there. A value
    /// is text, never Markdown, raw HTML or a block — but for one thing: cmark-gfm's autolink
    /// extension finds e-mail addresses in the text after it is parsed, so `a@b.example` in a
    /// value is a `mailto:` link (which no escaping prevents, and which can only open a mail
    /// program); those links are left out of the comparison.
    public static let pageText = FuzzTarget("page-text") { bytes in
        let value = String(fuzzed: bytes)
        guard !value.isEmpty else { return }
        let html = pageTextTags(value)
        precondition(html == pageTextTags("word"), "a value from data changed the page's markup")
    }

    private static let pageTextTemplate = try! Template(
        """
        {{value}}

        Said: {{value}} and more
        {{value}}

        - {{value}}
        - [a link](https://example.org/) {{value}}

        | a | b |
        |---|---|
        | {{value}} | x |

        # Title {{value}}

        <div title="{{value}}">

        {{value}} *emphasis*

        </div>
        """)

    private static let pageTextMarkdown = MarkdownRenderer(options: [.unsafeHTML, .smart])

    /// The tags of the page text rendered with `value`, in order, without their attributes'
    /// values (a value may stand in `title="…"`).
    private static func pageTextTags(_ value: String) -> [String] {
        let text = TemplateLibrary().render(pageTextTemplate, .map(["value": .string(value)]), escaping: .markdown)
        guard let html = try? pageTextMarkdown.html(text, replacingBlocksTagged: "ttsite", with: { _ in "<div class=\"block\"></div>" })
        else {
            preconditionFailure("a value from data made the page text fail")
        }
        var tags: [String] = []
        var inMailLink = false
        var rest = Substring(html)
        while let open = rest.firstIndex(of: "<") {
            guard let close = rest[open...].firstIndex(of: ">") else {
                tags.append(String(rest[open...]))
                break
            }
            let tag = rest[open...close]
            if tag.hasPrefix("<a href=\"mailto:") {
                inMailLink = true
            } else if inMailLink && tag == "</a>" {
                inMailLink = false
            } else {
                tags.append(tag.hasPrefix("<div title=") ? "<div title>" : String(tag))
            }
            rest = rest[rest.index(after: close)...]
        }
        return tags
    }
}
