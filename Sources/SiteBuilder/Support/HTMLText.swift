/// The text a reader sees in a piece of HTML: tags removed, entities decoded, white space
/// folded to single spaces. For `alt` texts and one-line summaries; a byte scan, since it
/// runs on every page (Character-wise splitting cost a tenth of a Markdown site's build).
enum HTMLText {
    static func plain(_ html: some Collection<UInt8>) -> String {
        // Tags first, then entities (as two passes, so that text joined by removing a tag
        // is decoded like the rest).
        var untagged: [UInt8] = []
        untagged.reserveCapacity(html.count)
        var rest = html[...]
        while let open = rest.firstIndex(of: UInt8(ascii: "<")) {
            untagged += rest[..<open]
            guard let close = rest[open...].firstIndex(of: UInt8(ascii: ">")) else {
                rest = rest[open...]  // no tag closes after here: the rest stays as it is
                break
            }
            rest = rest[rest.index(after: close)...]
        }
        untagged += rest
        return folded(HTMLEntities.decode(untagged))
    }

    /// `text` with each run of white space (Unicode's White_Space, as `Character.isWhitespace`)
    /// made one space, and none at either end.
    static func folded(_ text: [UInt8]) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var index = 0
        var pendingSpace = false
        while index < text.count {
            let width = whitespaceWidth(text, at: index)
            if width > 0 {
                pendingSpace = !out.isEmpty
                index += width
                continue
            }
            if pendingSpace {
                out.append(UInt8(ascii: " "))
                pendingSpace = false
            }
            out.append(text[index])
            index += 1
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The length in bytes of the white-space character at `index` of UTF-8 `text`, or 0:
    /// tab to carriage return, space, U+0085, U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029,
    /// U+202F, U+205F and U+3000.
    private static func whitespaceWidth(_ text: [UInt8], at index: Int) -> Int {
        let byte = text[index]
        if byte < 0x80 { return byte == 0x20 || (0x09...0x0D).contains(byte) ? 1 : 0 }
        let rest = text.count - index
        switch byte {
        case 0xC2 where rest >= 2:
            return text[index + 1] == 0x85 || text[index + 1] == 0xA0 ? 2 : 0
        case 0xE1 where rest >= 3:
            return text[index + 1] == 0x9A && text[index + 2] == 0x80 ? 3 : 0
        case 0xE2 where rest >= 3:
            let (second, third) = (text[index + 1], text[index + 2])
            if second == 0x80 { return (0x80...0x8A).contains(third) || third == 0xA8 || third == 0xA9 || third == 0xAF ? 3 : 0 }
            return second == 0x81 && third == 0x9F ? 3 : 0
        case 0xE3 where rest >= 3:
            return text[index + 1] == 0x80 && text[index + 2] == 0x80 ? 3 : 0
        default:
            return 0
        }
    }
}
