import Markdown
import TextFormatting

/// Keeps the Mustache tags of a page's code as written: a page's own `{{people.count}}` is
/// filled in before its Markdown is rendered, but `{{name}}` in a code span or a code block
/// is the author showing a template, not asking for a value. Every `{{` inside code is
/// swapped for a mark no Mustache tag starts with, and swapped back once the tags outside
/// code are filled in. The report blocks (```` ```ttsite … ````) are not code: their
/// arguments may take values from tags.
struct CodeGuard {
    /// The page's text with `{{` in code swapped for `mark`.
    let text: String
    /// Whether any was swapped.
    private let guarded: Bool

    /// Two characters of a private-use plane, which no text of a page holds (a text that
    /// does is not guarded).
    static let mark = "\u{F0000}\u{F0001}"

    init(_ markdown: String, renderer: MarkdownRenderer) {
        self.init(
            markdown, ranges: Self.mayHoldCode(markdown) ? renderer.codeRanges(in: markdown, exceptBlocksTagged: ReportBlocks.word) : [])
    }

    /// Whether `markdown` may hold code: a backtick, an indented line, a tab or a `~~~`
    /// fence. A text without any holds none, and is not parsed to find it.
    static func mayHoldCode(_ markdown: String) -> Bool {
        markdown.containsUTF8("`") || markdown.containsUTF8("    ") || markdown.containsUTF8("\t") || markdown.containsUTF8("~~~")
    }

    /// `markdown` guarded, its code at `ranges` (`MarkdownRenderer.codeRanges`).
    init(_ markdown: String, ranges: [Range<Int>]) {
        var bytes = Array(markdown.utf8)
        var swapped = false
        if !ranges.isEmpty, !markdown.containsUTF8(Self.mark) {
            let mark = Array(Self.mark.utf8)
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count + 16)
            var index = 0
            for range in ranges where range.lowerBound >= index {
                output += bytes[index..<range.lowerBound]
                var position = range.lowerBound
                while position < range.upperBound {
                    if bytes[position] == UInt8(ascii: "{"), position + 1 < range.upperBound, bytes[position + 1] == UInt8(ascii: "{") {
                        output += mark
                        position += 2
                        swapped = true
                    } else {
                        output.append(bytes[position])
                        position += 1
                    }
                }
                index = range.upperBound
            }
            output += bytes[index...]
            if swapped { bytes = output }
        }
        text = swapped ? String(decoding: bytes, as: UTF8.self) : markdown
        guarded = swapped
    }

    /// `rendered`, made of `text`, with the code's `{{` back.
    func restore(_ rendered: String) -> String {
        guarded ? rendered.replacingEvery(Self.mark, with: "{{") : rendered
    }
}
