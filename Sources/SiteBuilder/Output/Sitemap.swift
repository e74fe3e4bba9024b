import Foundation
import TemplateEngine

/// `sitemap.xml` (sitemaps.org 0.9) with absolute URLs from `base_url`, and `robots.txt`.
enum Sitemap {
    static func xml(baseURL: URL, urlPaths: [String]) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

        """
        for path in urlPaths.sorted() {
            xml += "  <url><loc>\(HTMLEscaping.escape(baseURL.absoluteString + percentEncoded(path)))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    static func robots(baseURL: URL?) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let baseURL { text += "\nSitemap: \(baseURL.absoluteString)\(Routes.sitemap)\n" }
        return text
    }

    /// The path with every byte percent-encoded but the unreserved characters, `/`, `@` and
    /// the sub-delimiters other than `;`: exactly what Foundation's `urlPathAllowed` (which
    /// also encodes `:`) gave before, by a byte scan, since this runs once per page on the
    /// build's one-threaded part.
    static func percentEncoded(_ path: String) -> String {
        guard path.utf8.contains(where: { !isPathByte($0) }) else { return path }
        let hex = Array("0123456789ABCDEF".utf8)
        var output: [UInt8] = []
        output.reserveCapacity(path.utf8.count * 3)
        for byte in path.utf8 {
            if isPathByte(byte) {
                output.append(byte)
            } else {
                output += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        case UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "@"): true
        case UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"), UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "="): true
        default: false
        }
    }

}
