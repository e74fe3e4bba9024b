import Markdown
import ReportData
import TemplateEngine
import TextFormatting

/// A page's table of contents: the headings of its Markdown from h2 to h3 (or the levels a
/// block asks for), nested as they stand, each a link to its heading. Templates show it as
/// `{{{page.toc}}}`; a page places it among its text with a report block:
///
///     ```ttsite toc levels=2-4
///     ```
enum TableOfContents {
    /// The heading levels listed unless a block names others.
    static let levels = 2...3

    /// The ids of the default templates' own elements: a heading whose slug is one of them
    /// gets another (`main-1`).
    static let templateIDs: Set<String> = [
        "main", "search-input", "timeline-title", "upcoming-title", "replay-a", "replay-b", "replay-off", "replay-pause",
    ]

    /// The ids a Content page's text gives its headings: slugs of their text, as page names
    /// are made (`Slug`), or the text's letters and digits in lower case when its script has
    /// no transliteration ("مقدمه"), else `section`.
    static let ids = MarkdownRenderer.IDs(headingSlug: { slug($0) }, taken: templateIDs)

    static func slug(_ text: String) -> String? {
        if let slug = Slug.make(from: text) { return slug }
        var slug = ""
        var pendingHyphen = false
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug.append(character)
            } else {
                pendingHyphen = true
            }
        }
        return slug.isEmpty ? nil : slug
    }

    /// The `toc` block: the table of the page's headings at the levels `levels=` names.
    static func block(_ arguments: [String: String], headings: [MarkdownRenderer.Heading], label: String, fail: (String) -> BuildError)
        throws -> String
    {
        try BlockKind.contents.allow(arguments, ["levels"], fail: fail)
        var levels = Self.levels
        if let text = arguments["levels"] {
            let bounds = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0) }
            guard bounds.count <= 2, let low = bounds.first ?? nil, let high = bounds.last ?? nil, 1...6 ~= low, low...6 ~= high else {
                throw fail("`levels` takes heading levels from 1 to 6, such as `2-4` or `2`, found `\(text)`")
            }
            levels = low...high
        }
        return html(headings, levels: levels, label: label) ?? ""
    }

    /// The table as HTML: a `<nav>` named `label` holding nested ordered lists; nil when the
    /// text has no heading at those levels.
    static func html(_ headings: [MarkdownRenderer.Heading], levels: ClosedRange<Int> = levels, label: String) -> String? {
        let listed = headings.filter { levels.contains($0.level) && !$0.id.isEmpty }
        guard !listed.isEmpty else { return nil }
        var html = "<nav class=\"toc\" aria-label=\"\(HTMLEscaping.escape(label))\">\n<ol>\n"
        // The levels of the items open from the outermost list inwards: a deeper heading
        // opens a list inside the item before it, a shallower one closes lists down to its own.
        var open: [Int] = []
        for heading in listed {
            if let last = open.last, heading.level > last {
                html += "\n<ol>\n"
                open.append(heading.level)
            } else if !open.isEmpty {
                while open.count > 1, heading.level <= open[open.count - 2] {
                    html += "</li>\n</ol>\n"
                    open.removeLast()
                }
                html += "</li>\n"
                open[open.count - 1] = heading.level
            } else {
                open.append(heading.level)
            }
            html += "<li><a href=\"#\(HTMLEscaping.escape(heading.id))\">\(HTMLEscaping.escape(heading.text))</a>"
        }
        for depth in open.indices.reversed() {
            html += depth > 0 ? "</li>\n</ol>\n" : "</li>\n"
        }
        return html + "</ol>\n</nav>\n"
    }
}
