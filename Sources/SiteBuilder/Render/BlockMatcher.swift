import Markdown

/// The blocks of a page's text, met again in its rendered text: the text's Mustache tags are
/// filled in before its Markdown is rendered, which moves lines and may add blocks (a
/// partial's, a section's), but leaves the page's own blocks as written (`CodeGuard`). The
/// n-th block of an info string in the rendered text is the n-th block of that info string in
/// the page's text, parsed when the text was read (`MarkdownSource.blocks`): its line is the
/// line of the page's file. A block the page's text does not hold is nil here.
struct BlockMatcher {
    private let blocks: [PageBlock]
    /// Which of `blocks` were met; a page holds a few, so they are looked through in order.
    private var met: [Bool]

    init(_ blocks: [PageBlock]) {
        self.blocks = blocks
        met = Array(repeating: false, count: blocks.count)
    }

    /// The page's own block that `rendered` is, if it is one.
    mutating func source(of rendered: MarkdownRenderer.FencedBlock) -> PageBlock? {
        for index in blocks.indices where !met[index] && blocks[index].info == rendered.info {
            met[index] = true
            return blocks[index]
        }
        return nil
    }
}
