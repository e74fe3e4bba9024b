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
    /// The headings taken out of the document: their inline content, now in the custom
    /// blocks, points into their text, so they are freed only once it is rendered.
    private var retired: [OpaquePointer] = []

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
        if Self.give(node, level: level, id: id) { retired.append(node) }
        return MarkdownRenderer.Heading(level: level, text: text, id: id)
    }

    /// Frees the headings taken out: after the document is rendered.
    func free() {
        for node in retired { cmark_node_free(node) }
    }

    /// Puts a custom block that writes the heading with `id` and its link in `node`'s place,
    /// holding the heading's inline content; whether it did (`node` is out of the document).
    private static func give(_ node: OpaquePointer, level: Int, id: String) -> Bool {
        guard let heading = cmark_node_new(CMARK_NODE_CUSTOM_BLOCK), let link = cmark_node_new(CMARK_NODE_CUSTOM_INLINE) else {
            return false
        }
        let id = HTMLEscaping.escape(id)
        _ = "<h\(level) id=\"\(id)\">".withCString { cmark_node_set_on_enter(heading, $0) }
        _ = "</h\(level)>".withCString { cmark_node_set_on_exit(heading, $0) }
        _ = "<a class=\"heading-link\" href=\"#\(id)\" aria-labelledby=\"\(id)\"></a>".withCString { cmark_node_set_on_enter(link, $0) }
        while let child = cmark_node_first_child(node) {
            cmark_node_unlink(child)
            _ = cmark_node_append_child(heading, child)
        }
        _ = cmark_node_append_child(heading, link)
        guard cmark_node_replace(node, heading) != 0 else {
            // Never the case (a custom block stands wherever a heading does); the content
            // goes back where it was, and the heading stays as CommonMark writes it.
            cmark_node_unlink(link)
            cmark_node_free(link)
            while let child = cmark_node_first_child(heading) {
                cmark_node_unlink(child)
                _ = cmark_node_append_child(node, child)
            }
            cmark_node_free(heading)
            return false
        }
        return true
    }
}
