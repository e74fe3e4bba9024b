import TextFormatting

/// Text and attribute values written into an SVG: HTML-escaped (`& < > " '`), which an HTML
/// page and an XML parser both read back as the text, and with the characters XML 1.0 does
/// not allow (C0 controls but tab, line feed and carriage return) written as U+FFFD, so that
/// the same SVG also parses as a file of its own (libvips renders charts to PNG from it).
public enum SVGText {
    public static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        if text.utf8.contains(where: { $0 < 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }) {
            text = String(
                String.UnicodeScalarView(
                    text.unicodeScalars.map { scalar in
                        scalar.value < 0x20 && scalar != "\t" && scalar != "\n" && scalar != "\r" ? "\u{FFFD}" : scalar
                    }))
        }
        text.withUTF8 { HTMLEscaping.append($0, to: &output) }
    }
}
