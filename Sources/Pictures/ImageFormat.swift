/// The formats a downloaded picture may have, told by the first bytes alone: the server's
/// Content-Type is only a claim, and a body that is not one of these never reaches a decoder.
public enum ImageFormat: String, Sendable, Hashable, CaseIterable {
    case jpeg, png, webp, gif

    /// The format of `bytes`, or why they are not a picture ttsite reads: "empty", "an HTML
    /// page", "an SVG drawing" (which can carry script), or what the first bytes are.
    public static func sniff(_ bytes: some Collection<UInt8>) -> Result<ImageFormat, ImageError> {
        let head = Array(bytes.prefix(512))
        if head.isEmpty { return .failure(.notAnImage("the body is empty")) }
        if let format = of(head) { return .success(format) }
        let text = String(decoding: head, as: UTF8.self).lowercased()
        let trimmed = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if trimmed.hasPrefix("<") {
            if text.contains("<svg") {
                return .failure(.notAnImage("it is an SVG drawing, which ttsite does not publish (it can carry script)"))
            }
            if text.contains("<html") || text.contains("<!doctype html") { return .failure(.notAnImage("it is an HTML page")) }
            return .failure(.notAnImage("it is XML or HTML"))
        }
        let hex = head.prefix(8).map { byte in
            let digits = String(byte, radix: 16)
            return digits.count == 1 ? "0" + digits : digits
        }.joined(separator: " ")
        return .failure(.notAnImage("it is not a JPEG, PNG, WebP or GIF image (it starts with \(hex))"))
    }

    /// The format whose signature `bytes` start with, or nil: the first bytes alone, with no
    /// word on what else they are (`sniff` says that).
    public static func of(_ bytes: some Collection<UInt8>) -> ImageFormat? {
        let head = Array(bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) { return .jpeg }
        if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
        if head.count >= 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) { return .webp }
        if head.starts(with: Array("GIF87a".utf8)) || head.starts(with: Array("GIF89a".utf8)) { return .gif }
        return nil
    }

    /// Whether `bytes` are an animated WebP (its extended header says so): processing would
    /// keep the first frame alone.
    public static func isAnimated(_ bytes: some Collection<UInt8>) -> Bool {
        let head = Array(bytes.prefix(21))
        return head.count == 21 && of(head) == .webp && Array(head[12..<16]) == Array("VP8X".utf8) && head[20] & 0x02 != 0
    }

    /// The media type, as `<source type>` and servers write it.
    public var mediaType: String { "image/\(rawValue)" }
}
