import CCmark

/// The syntax cmark-gfm adds to CommonMark, as GitHub writes it: each can be turned off in a
/// site's `markdown.extensions`.
public enum MarkdownExtension: String, Sendable, CaseIterable, Comparable {
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

    public static func < (lhs: Self, rhs: Self) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }

    /// The parser option this extension is (footnotes), or 0 for the syntax extensions that
    /// are attached to a parser.
    var parserOption: Int32 {
        self == .footnotes ? CMARK_OPT_FOOTNOTES : 0
    }

    /// The syntax extensions of cmark-gfm by name, registered once for the process.
    private nonisolated(unsafe) static let syntaxExtensions: [MarkdownExtension: OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        var found: [MarkdownExtension: OpaquePointer] = [:]
        for candidate in allCases where candidate != .footnotes {
            // The library names each extension as this enum does.
            found[candidate] = cmark_find_syntax_extension(candidate.rawValue)
        }
        return found
    }()

    /// Attaches the syntax extensions of `extensions` to `parser`; the tag filter only when
    /// raw HTML is let through (`unsafe`).
    static func attach(_ extensions: Set<MarkdownExtension>, unsafe: Bool, to parser: OpaquePointer) {
        // In the order GitHub attaches them, so that the output matches GitHub's.
        for candidate in allCases where extensions.contains(candidate) && candidate != .footnotes {
            if candidate == .tagfilter && !unsafe { continue }
            if let syntax = syntaxExtensions[candidate] { cmark_parser_attach_syntax_extension(parser, syntax) }
        }
    }
}
