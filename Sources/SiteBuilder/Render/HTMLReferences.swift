import TemplateEngine
import TextFormatting

/// The URLs an HTML text refers to: the values of its `href`, `src` and `srcset` attributes
/// (each candidate of a `srcset`), read in one pass over its bytes. ttsite's own pages and
/// cmark's output quote every attribute, so a byte scan reads them all. For the link check,
/// which follows them, and the feeds, which write them absolute.
enum HTMLReferences {
    /// One quoted attribute value, and where its bytes stand between the quotes.
    struct Value {
        enum Attribute { case href, src, srcset }

        let attribute: Attribute
        let range: Range<Int>
    }

    /// Every `href`, `src` and `srcset` value, in order.
    static func values(in html: [UInt8]) -> [Value] {
        var values: [Value] = []
        let count = html.count
        var index = 0
        while index < count {
            let byte = html[index]
            // An attribute name starts after white space: ` href=`, ` src=`, ` srcset=`.
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\t") else {
                index += 1
                continue
            }
            var cursor = index + 1
            let attribute: Value.Attribute
            if matches(html, at: cursor, "href=") {
                attribute = .href
                cursor += 5
            } else if matches(html, at: cursor, "src=") {
                attribute = .src
                cursor += 4
            } else if matches(html, at: cursor, "srcset=") {
                attribute = .srcset
                cursor += 7
            } else {
                index += 1
                continue
            }
            guard cursor < count, html[cursor] == UInt8(ascii: "\"") || html[cursor] == UInt8(ascii: "'") else {
                index = cursor
                continue
            }
            let quote = html[cursor]
            let start = cursor + 1
            var end = start
            while end < count && html[end] != quote { end += 1 }
            values.append(Value(attribute: attribute, range: start..<end))
            index = end + 1
        }
        return values
    }

    /// Every URL, entities decoded: a `href`'s or `src`'s value, each `srcset` candidate's URL.
    static func urls(in html: [UInt8]) -> [String] {
        values(in: html).flatMap { value -> [String] in
            let text = String(decoding: HTMLEntities.decode(html[value.range]), as: UTF8.self)
            return value.attribute == .srcset ? candidates(text).map(\.url) : [text]
        }
    }

    /// `html` with every URL that `transform` gives another for replaced by it (escaped for
    /// an attribute); the rest as it is.
    static func rewriting(_ html: String, _ transform: (String) -> String?) -> String {
        let bytes = Array(html.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 8)
        var index = 0
        var changed = false
        for value in values(in: bytes) {
            let text = String(decoding: HTMLEntities.decode(bytes[value.range]), as: UTF8.self)
            let replaced: String?
            if value.attribute == .srcset {
                let parts = candidates(text)
                let urls = parts.map { transform($0.url) }
                replaced =
                    urls.contains { $0 != nil }
                    ? zip(parts, urls).map { part, url in ([url ?? part.url] + part.descriptors).joined(separator: " ") }.joined(
                        separator: ", ")
                    : nil
            } else {
                replaced = transform(text)
            }
            guard let replaced else { continue }
            output += bytes[index..<value.range.lowerBound]
            output += HTMLEscaping.escape(replaced).utf8
            index = value.range.upperBound
            changed = true
        }
        guard changed else { return html }
        output += bytes[index...]
        return String(decoding: output, as: UTF8.self)
    }

    /// The candidates of a `srcset`: each URL with its descriptors (`480w`, `2x`).
    private static func candidates(_ srcset: String) -> [(url: String, descriptors: [String])] {
        srcset.split(separator: ",").compactMap { candidate in
            let words = candidate.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).map(String.init)
            guard let url = words.first else { return nil }
            return (url, Array(words.dropFirst()))
        }
    }

    /// Whether `text` (lower case) starts at `index`, in any case.
    private static func matches(_ html: [UInt8], at index: Int, _ text: StaticString) -> Bool {
        let length = text.utf8CodeUnitCount
        guard index + length <= html.count else { return false }
        let expected = text.utf8Start
        for offset in 0..<length {
            let byte = html[index + offset]
            if byte != expected[offset] && byte | 0x20 != expected[offset] { return false }
        }
        return true
    }
}
