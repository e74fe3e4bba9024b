/// Text written as a JSON string: in quotes, with `"`, `\` and the control characters
/// escaped, and U+2028 and U+2029 too, so that the JSON is also valid JavaScript.
public enum JSONText {
    public static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `quoted(text)`'s bytes, appended to `bytes`; with `escapingLessThan`, `<` is written
    /// `\u003c` too, so that no text in a script reads as markup to any tool that scans it.
    public static func append(_ text: String, to bytes: inout [UInt8], escapingLessThan: Bool = false) {
        var text = text
        bytes.append(UInt8(ascii: "\""))
        text.withUTF8 { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "\""): bytes += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\\"): bytes += [UInt8(ascii: "\\"), byte]
                case UInt8(ascii: "\n"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
                case UInt8(ascii: "\r"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
                case UInt8(ascii: "\t"): bytes += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
                case ..<0x20: appendEscaped(UInt32(byte), to: &bytes)
                case UInt8(ascii: "<") where escapingLessThan: appendEscaped(UInt32(byte), to: &bytes)
                // U+2028 and U+2029, E2 80 A8 and E2 80 A9 in UTF-8: line breaks to JavaScript.
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    appendEscaped(utf8[index + 2] == 0xA8 ? 0x2028 : 0x2029, to: &bytes)
                    index += 2
                default: bytes.append(byte)
                }
                index += 1
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// `\u` and four lowercase hex digits.
    private static func appendEscaped(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(ascii: "\\"), UInt8(ascii: "u")]
        for shift in stride(from: 12, through: 0, by: -4) {
            bytes.append(hexDigits[Int((value >> UInt32(shift)) & 0xF)])
        }
    }
}
