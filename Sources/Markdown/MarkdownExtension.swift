import CCmark

/// The syntax cmark-gfm adds to CommonMark, as GitHub writes it: each can be turned off in a
/// site's `markdown.extensions`.
public enum MarkdownExtension: String, Sendable, CaseIterable {
    /// Pipe tables, with a column's alignment set by the colons of its delimiter row.
    case table
    /// `~~gone~~` → `<del>`.
    case strikethrough
    /// `www.example.com`, `https://example.com` and `someone@example.com` become links
    /// without angle brackets.
    case autolink
    /// `- [x] done` → a list item with a ticked (disabled) checkbox.
    case tasklist
    /// `text[^1]` with `[^1]: the note` → a numbered note at the end, with links both ways.
    case footnotes
    /// In unsafe mode, the tags GitHub never lets through (`<script>`, `<iframe>`, `<style>`,
    /// `<textarea>`, …) are written as text. Safe mode omits all raw HTML anyway.
    case tagfilter

    /// What a site gets when it names none: all of them.
    public static let defaults = Set(allCases)

    /// The parser option this extension is (footnotes), or 0 for the syntax extensions that
    /// are attached to a parser.
    var parserOption: Int32 {
        self == .footnotes ? CMARK_OPT_FOOTNOTES : 0
    }

    /// The syntax extensions of cmark-gfm in the order of `allCases` (nil for footnotes, a
    /// parser option), registered once for the process.
    private nonisolated(unsafe) static let syntaxExtensions: [OpaquePointer?] = {
        cmark_gfm_core_extensions_ensure_registered()
        // The library names each extension as this enum does.
        return allCases.map { $0 == .footnotes ? nil : cmark_find_syntax_extension($0.rawValue) }
    }()

    /// The syntax extensions a renderer attaches to each of its parsers, chosen once.
    struct Attached: Sendable {
        private let indices: [Int]

        /// Those of `extensions` that are syntax extensions; the tag filter only when raw HTML
        /// is let through (`unsafe`). In the order GitHub attaches them.
        init(_ extensions: Set<MarkdownExtension>, unsafe: Bool) {
            indices = MarkdownExtension.allCases.indices.filter { index in
                let candidate = MarkdownExtension.allCases[index]
                return extensions.contains(candidate) && candidate != .footnotes && (candidate != .tagfilter || unsafe)
            }
        }

        func attach(to parser: OpaquePointer) {
            for index in indices {
                if let syntax = MarkdownExtension.syntaxExtensions[index] { cmark_parser_attach_syntax_extension(parser, syntax) }
            }
        }
    }
}
