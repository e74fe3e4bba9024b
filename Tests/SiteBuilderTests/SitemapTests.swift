import Foundation
import Testing
@testable import SiteBuilder

struct SitemapTests {
    /// The five XML entities, worked out by hand from the XML 1.0 spec's predefined entities.
    @Test func escapesTheFiveXMLCharacters() {
        #expect(Sitemap.escape("a&b<c>d\"e'f") == "a&amp;b&lt;c&gt;d&quot;e&apos;f")
        #expect(Sitemap.escape("plain/ünï/") == "plain/ünï/")
        #expect(Sitemap.escape("") == "")
    }

    /// Each path against Foundation's `addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)`,
    /// which the byte scan replaced, as the oracle.
    @Test(arguments: ["blog/first/", "a b/", "grüße/straße/", "日本/", "a&b'c(d)*+,;=:@!$/", "100%/", "q?x#y/", "tab\there/", "~user_1.2-3/", "\u{1F600}/", "\"<>[]{}|\\^`/"])
    func percentEncodingIsFoundations(path: String) {
        #expect(Sitemap.percentEncoded(path) == path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
    }

    @Test func urlsAreAbsoluteSortedAndEscaped() {
        let xml = Sitemap.xml(baseURL: URL(string: "https://example.org/r/")!, urlPaths: ["b/", "", "a&b/"])
        #expect(xml == """
            <?xml version="1.0" encoding="UTF-8"?>
            <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
              <url><loc>https://example.org/r/</loc></url>
              <url><loc>https://example.org/r/a&amp;b/</loc></url>
              <url><loc>https://example.org/r/b/</loc></url>
            </urlset>

            """)
    }
}
