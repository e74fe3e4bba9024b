import Foundation

/// `sitemap.xml` (sitemaps.org 0.9) with absolute URLs from `base_url`, and `robots.txt`.
enum Sitemap {
    static func xml(baseURL: URL, urlPaths: [String]) -> String {
        var xml = """
        <?xml version="1.0" encoding="UTF-8"?>
        <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

        """
        for path in urlPaths.sorted() {
            xml += "  <url><loc>\(escape(baseURL.absoluteString + percentEncoded(path)))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    static func robots(baseURL: URL?) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let baseURL { text += "\nSitemap: \(baseURL.absoluteString)sitemap.xml\n" }
        return text
    }

    private static func percentEncoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? path
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;")
            .replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
            .replacingOccurrences(of: "\"", with: "&quot;")
            .replacingOccurrences(of: "'", with: "&apos;")
    }
}
