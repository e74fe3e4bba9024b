import CCmark

/// A Markdown text parsed by cmark-gfm (`MarkdownRenderer.parse`), held to be asked about
/// (its code: `MarkdownRenderer.codeRanges(in:)`) and then rendered once
/// (`MarkdownRenderer.render(_:ids:…)`): a caller that must look at a text before rendering
/// it parses it once, not twice. Its parser and document are freed with it.
public final class ParsedMarkdown {
    /// The text it was parsed from.
    public let markdown: String
    private let parser: OpaquePointer
    let document: OpaquePointer
    /// Whether it was rendered: rendering changes the document, so it is rendered once.
    var isRendered = false

    init(markdown: String, parser: OpaquePointer, document: OpaquePointer) {
        self.markdown = markdown
        self.parser = parser
        self.document = document
    }

    /// The syntax extensions it was parsed with, which rendering needs.
    var extensionList: UnsafeMutablePointer<cmark_llist>? { cmark_parser_get_syntax_extensions(parser) }

    deinit {
        cmark_node_free(document)
        cmark_parser_free(parser)
    }
}
