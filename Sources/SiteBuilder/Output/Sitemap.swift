import Foundation
import TemplateEngine
import TextFormatting

/// `sitemap.xml` (sitemaps.org 0.9) with absolute URLs from `base_url`, and `robots.txt`.
enum Sitemap {
    static func xml(baseURL: URL, urlPaths: some Sequence<String>) -> String {
        let base = baseURL.absoluteString
        var xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">

            """
        for path in urlPaths.sorted() {
            xml += "  <url><loc>\(HTMLEscaping.escape(base + Routes.percentEncoded(path)))</loc></url>\n"
        }
        xml += "</urlset>\n"
        return xml
    }

    static func robots(baseURL: URL?) -> String {
        var text = "User-agent: *\nAllow: /\n"
        if let baseURL { text += "\nSitemap: \(baseURL.absoluteString)\(Routes.sitemap)\n" }
        return text
    }
}
