import CCmark
import TextFormatting

/// Exact pieces of cmark-gfm's HTML written otherwise, in one pass: what its table and
/// footnote renderers write and cannot be told to write differently.
///
/// Only markup the renderer itself writes has these shapes: text, code and attribute values
/// written from the Markdown have `<` and `"` escaped, and safe mode omits raw HTML.
struct MarkupRewrite {
    private var rules: [(find: [UInt8], write: [UInt8])] = []
    /// Whether any rule starts with a byte, by byte: the scan tests the rules at those alone.
    private var starts = [Bool](repeating: false, count: 256)

    mutating func replace(_ find: String, with write: String) {
        rules.append((Array(find.utf8), Array(write.utf8)))
        starts[Int(find.utf8.first!)] = true
    }

    var isEmpty: Bool { rules.isEmpty }

    /// `html` with every rule applied where its text stands, left to right; the first rule
    /// that matches at a place wins.
    func apply(to html: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(html.count + html.count / 8)
        var copied = 0
        var index = 0
        while index < html.count {
            guard starts[Int(html[index])], let rule = rules.first(where: { matches($0.find, in: html, at: index) }) else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied..<index]))
            output.append(contentsOf: rule.write)
            index += rule.find.count
            copied = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: html[copied...]))
        return output
    }

    private func matches(_ find: [UInt8], in html: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard html.count - index >= find.count else { return false }
        for offset in find.indices where html[index + offset] != find[offset] { return false }
        return true
    }

    /// GitHub's tables as valid HTML5 that reads well: cmark-gfm's `align` attributes (which
    /// HTML5 dropped) become classes (`align-right`; a style attribute would need
    /// `'unsafe-inline'` under a Content-Security-Policy), header cells say they head a
    /// column, and each table stands in a box that scrolls sideways on its own when it is
    /// wider than the page, focusable so that the keyboard can scroll it.
    static func tables(_ rewrite: inout MarkupRewrite) {
        rewrite.replace("<table>", with: #"<div class="table-scroll" tabindex="0"><table>"#)
        rewrite.replace("</table>", with: "</table></div>")
        rewrite.replace("<th>", with: #"<th scope="col">"#)
        for alignment in ["left", "center", "right"] {
            rewrite.replace(#"<th align="\#(alignment)">"#, with: #"<th scope="col" class="align-\#(alignment)">"#)
            rewrite.replace(#"<td align="\#(alignment)">"#, with: #"<td class="align-\#(alignment)">"#)
        }
    }

    /// Footnotes whose ids cannot collide: with the ids of headings (`fn:` has a colon, which
    /// no heading's id holds), nor with the notes of another text on the same page (each
    /// text has its own `prefix`). A link the author wrote to `#fn-1` follows its note. The
    /// notes' section and their links back are named in the page's language.
    static func footnotes(_ rewrite: inout MarkupRewrite, prefix: String, words: MarkdownRenderer.Words) {
        let prefix = HTMLEscaping.escape(prefix)
        rewrite.replace(#" id="fn-"#, with: #" id="fn:\#(prefix)"#)
        rewrite.replace(#" id="fnref-"#, with: #" id="fnref:\#(prefix)"#)
        rewrite.replace(##"href="#fn-"##, with: ##"href="#fn:\##(prefix)"##)
        rewrite.replace(##"href="#fnref-"##, with: ##"href="#fnref:\##(prefix)"##)
        rewrite.replace(
            #"<section class="footnotes" data-footnotes>"#,
            with: #"<section class="footnotes" data-footnotes aria-label="\#(HTMLEscaping.escape(words.footnotes))">"#)
        rewrite.replace(#"aria-label="Back to content""#, with: #"aria-label="\#(HTMLEscaping.escape(words.backToText))""#)
    }

    /// GitHub's task lists with boxes a screen reader can name: cmark-gfm writes each box as
    /// a form control with no name (read as a bare "checkbox"). Every box is named `done`, in
    /// the page's language, the question its state answers ("Done, checkbox, checked"), and
    /// loses the XHTML ` />`, which HTML5 ignores.
    static func taskLists(_ rewrite: inout MarkupRewrite, done: String) {
        let name = HTMLEscaping.escape(done)
        rewrite.replace(
            #"<input type="checkbox" checked="" disabled="" />"#,
            with: #"<input type="checkbox" checked="" disabled="" aria-label="\#(name)">"#)
        rewrite.replace(
            #"<input type="checkbox" disabled="" />"#,
            with: #"<input type="checkbox" disabled="" aria-label="\#(name)">"#)
    }
}

/// The caller's HTML (report blocks, pictures), put in after cmark-gfm has rendered and its
/// markup has been rewritten, so that no rewrite touches it: a block's own `<table>` is not
/// wrapped in a scroll box because the page also holds a pipe table.
///
/// In the document, a custom node writes a mark in its place, an HTML comment no author
/// writes. Where cmark takes no custom node (an image or link in a table cell), the node is
/// kept with a stand-in address, and its element is replaced: cmark writes an image as
/// `<img src="…" … />` (its attribute values escape `>`) and a link as `<a href="…"…>…</a>`
/// (a link holds no link).
struct StandIns {
    /// What to find (from `start` up to the first `end` after it, or `start` alone when `end`
    /// is empty), and what to put there.
    private var entries: [(start: [UInt8], end: [UInt8], html: String)] = []
    /// Different in every process, so that no author writes one by chance.
    private static let token = String(UInt64.random(in: 0...UInt64.max), radix: 36)

    var isEmpty: Bool { entries.isEmpty }

    /// Puts a custom node of `type` in `node`'s place that will show `html`; where the
    /// node's parent takes none, `node` stays with a stand-in address.
    mutating func replace(_ node: OpaquePointer, by html: String, as type: cmark_node_type) {
        let name = "ttsite-\(Self.token)-\(entries.count)"
        // Ending as the HTML ends, so that cmark's line breaks around a block stay as they were.
        let mark = "<!--\(name)-->" + (html.utf8.last == UInt8(ascii: "\n") ? "\n" : "")
        if MarkdownRenderer.replace(node, by: mark, as: type) {
            entries.append((Array(mark.utf8), [], html))
            return
        }
        _ = name.withCString { cmark_node_set_url(node, $0) }
        let image = cmark_node_get_type(node) == CMARK_NODE_IMAGE
        entries.append((Array((image ? "<img src=\"\(name)\"" : "<a href=\"\(name)\"").utf8), Array((image ? " />" : "</a>").utf8), html))
    }

    /// `html` with each mark and stand-in element replaced by the caller's HTML.
    func apply(to html: String) -> String {
        var bytes = Array(html.utf8)
        for (start, end, replacement) in entries {
            let found = bytes.withUnsafeBytes { text -> Range<Int>? in
                start.withUnsafeBufferPointer { startKey in
                    guard let open = UTF8Search.offset(of: startKey, in: text, from: 0) else { return nil }
                    if end.isEmpty { return open..<(open + start.count) }
                    return end.withUnsafeBufferPointer { endKey in
                        UTF8Search.offset(of: endKey, in: text, from: open + start.count).map { open..<($0 + end.count) }
                    }
                }
            }
            if let found { bytes.replaceSubrange(found, with: replacement.utf8) }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
