/// A text made literal in Markdown: whatever it holds, cmark reads it as those characters
/// and nothing else — no emphasis, link, image, autolink, heading, list, code fence, table
/// cell or raw HTML, whatever the renderer's `unsafe` setting. How values from data are
/// written into a page's Markdown (`{{row.notes}}`) before it is rendered.
///
/// Every ASCII punctuation character is written as its numeric character reference (`!` as
/// `&#33;`): CommonMark reads a reference as literal text, never as markup (6.2), and in the
/// places it does not decode them — raw HTML an author wrote around the value, an attribute —
/// the browser does, so the value reads the same there too (a backslash would show). So are
/// a line break (a value cannot end the paragraph it is in and start a block of its own) and
/// the spaces and tabs a value starts with (four at a line's start would be a code block) or
/// ends with (two before a line break would be a hard break).
/// A NUL byte is U+FFFD, as CommonMark reads it, and so is every other C0 control character
/// but tab, line feed and carriage return, as HTML escaping writes them (`HTMLEscaping`).
public enum MarkdownEscaping {
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        // Where the spaces and tabs the value ends with start: two there before the page's
        // line break would make a hard break, and cmark drops them at a paragraph's end.
        var end = bytes.count
        while end > 0, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
        var leading = true
        for (index, byte) in bytes.enumerated() {
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                if leading || index >= end { appendReference(byte, to: &output) } else { output.append(byte) }
                continue
            case UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E:
                appendReference(byte, to: &output)
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F:
                output += [0xEF, 0xBF, 0xBD]
            default:
                output.append(byte)
            }
            leading = false
        }
    }

    /// `&#N;` for an ASCII byte (N has two or three digits).
    private static func appendReference(_ byte: UInt8, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "&"))
        output.append(UInt8(ascii: "#"))
        if byte >= 100 { output.append(UInt8(ascii: "0") + byte / 100) }
        if byte >= 10 { output.append(UInt8(ascii: "0") + byte / 10 % 10) }
        output.append(UInt8(ascii: "0") + byte % 10)
        output.append(UInt8(ascii: ";"))
    }

    /// `text` made literal in Markdown.
    public static func escape(_ text: String) -> String {
        var text = text
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count + text.utf8.count / 4)
        text.withUTF8 { append($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }
}
