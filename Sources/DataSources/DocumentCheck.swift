import Foundation

/// The checks every document passes before the caller's `validate`: sources hold JSON,
/// so an empty body or an HTML page is never a usable copy.
enum DocumentCheck {
    /// Throws a `DocumentRejection` for an empty document or an HTML page.
    /// `noun` is "file" or "response", as the author would say it.
    static func check(_ data: Data, contentType: String? = nil, noun: String) throws {
        guard let first = data.first(where: { !Self.isSkippable($0) }) else {
            throw DocumentRejection("the \(noun) is empty")
        }
        let mediaType = contentType?.split(separator: ";").first?
            .trimmingCharacters(in: .whitespaces).lowercased()
        let looksLikeJSON = first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
        let saysHTML = mediaType == "text/html" || mediaType == "application/xhtml+xml"
        if first == UInt8(ascii: "<") || (saysHTML && !looksLikeJSON) {
            throw DocumentRejection("the \(noun) is HTML, not JSON")
        }
    }

    /// Whitespace and the bytes of a UTF-8 byte-order mark.
    private static func isSkippable(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0xEF || byte == 0xBB || byte == 0xBF
    }

    /// The reason a `validate` closure gave, in words.
    static func reason(of error: any Error) -> String {
        if let rejection = error as? DocumentRejection { return rejection.reason }
        return String(describing: error)
    }
}
