import CCmark
import TextFormatting

/// Heading ids of one text, unique on its page, with a link from each heading to itself:
///
///     <h2 id="field-notes">
///     Field notes<a class="heading-link" href="#field-notes" aria-labelledby="field-notes"></a>
///     </h2>
///
/// The link is empty: the stylesheet shows a mark on hover and focus, and a screen reader
/// names it by its heading. Ids come from the heading's text through the caller's slug
/// (`ids.headingSlug`), so they stay the same from build to build while the text does; a
/// second "Notes" is `notes-1`.
struct HeadingAnchors {
    private let ids: MarkdownRenderer.IDs
    private var used: Set<String>

    init(ids: MarkdownRenderer.IDs) {
        self.ids = ids
        used = ids.taken
    }

    /// The heading `node` is, given its id when the text's headings get ids.
    mutating func anchor(_ node: OpaquePointer) -> MarkdownRenderer.Heading {
        let level = Int(cmark_node_get_heading_level(node))
        let text = MarkdownRenderer.text(of: node)
        guard let slug = ids.headingSlug else { return MarkdownRenderer.Heading(level: level, text: text, id: "") }
        let base = ids.prefix + (slug(text) ?? "section")
        var id = base
        var next = 1
        while used.contains(id) {
            id = "\(base)-\(next)"
            next += 1
        }
        used.insert(id)
        Self.give(node, level: level, id: id)
        return MarkdownRenderer.Heading(level: level, text: text, id: id)
    }

    /// Puts a custom block that writes the heading with `id` and its link in `node`'s place,
    /// holding the heading's inline content.
    private static func give(_ node: OpaquePointer, level: Int, id: String) {
        guard let heading = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK), let link = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else { return }
        let id = HTMLEscaping.escape(id)
        _ = "<h\(level) id=\"\(id)\">".withCString { cmark_node_set_on_enter(heading, $0) }
        _ = "</h\(level)>".withCString { cmark_node_set_on_exit(heading, $0) }
        _ = "<a class=\"heading-link\" href=\"#\(id)\" aria-labelledby=\"\(id)\"></a>".withCString { cmark_node_set_on_enter(link, $0) }
        while let child = cmark_node_first_child(node) {
            cmark_node_unlink(child)
            _ = cmark_node_append_child(heading, child)
        }
        _ = cmark_node_append_child(heading, link)
        if cmark_node_replace(node, heading) != 0 { cmark_node_free(node) } else { cmark_node_free(heading) }
    }
}
