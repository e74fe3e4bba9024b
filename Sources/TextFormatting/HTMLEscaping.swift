/// HTML escaping over UTF-8 bytes: `& < > " '` become entities, a C0 control character
/// but tab, line feed and carriage return (which neither HTML nor XML allows: one in a title
/// made a whole Atom feed unreadable) becomes U+FFFD, every other byte is copied in runs.
public enum HTMLEscaping {
    public static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var runStart = 0
        for index in 0..<bytes.count {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F: entity = "\u{FFFD}"
            default: continue
            }
            if index > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index])) }
            output.append(contentsOf: UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            runStart = index + 1
        }
        if bytes.count > runStart { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count])) }
    }

    /// `text` escaped for HTML.
    public static func escape(_ text: String) -> String {
        var text = text
        var output: [UInt8] = []
        output.reserveCapacity(text.utf8.count)
        text.withUTF8 { append($0, to: &output) }
        return String(decoding: output, as: UTF8.self)
    }
}
