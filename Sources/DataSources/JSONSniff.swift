import Foundation

/// The look every source document gets before anything parses it: sources hold JSON, so an
/// empty body, or an HTML page where JSON should be (a captive portal, a web server's error
/// page), is never a usable copy. Only the first byte and the declared media type are read.
public enum JSONSniff {
    /// Throws a `DocumentRejection` for an empty document or an HTML (or XML) page.
    /// `noun` is "file", "response" or "document", as the author would say it.
    public static func check(_ data: Data, contentType: String? = nil, noun: String) throws(DocumentRejection) {
        guard let start = data.firstIndex(where: { !isSkippable($0) }) else {
            throw DocumentRejection("the \(noun) is empty")
        }
        let mediaType = contentType?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        let looksLikeJSON = data[start] == UInt8(ascii: "{") || data[start] == UInt8(ascii: "[")
        let saysHTML = mediaType == "text/html" || mediaType == "application/xhtml+xml"
        if data[start] == UInt8(ascii: "<") {
            let head = String(decoding: data[start...].prefix(40), as: UTF8.self)
                .replacingOccurrences(of: "\n", with: " ")
            throw DocumentRejection("the \(noun) is HTML or XML, not JSON (it starts with \"\(head)\")")
        }
        if saysHTML && !looksLikeJSON {
            throw DocumentRejection("the \(noun) is HTML (\(mediaType!)), not JSON")
        }
    }

    /// Whitespace and the bytes of a UTF-8 byte-order mark.
    private static func isSkippable(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// The reason a check or a `validate` closure gave, in words.
    public static func reason(of error: any Error) -> String {
        if let rejection = error as? DocumentRejection { return rejection.reason }
        return String(describing: error)
    }
}
