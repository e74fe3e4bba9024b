import Foundation
import Testing

@testable import SiteBuilder

struct SitemapTests {
    /// Each path against Foundation's `addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)`,
    /// which the byte scan replaced, as the oracle.
    @Test(arguments: [
        "blog/first/", "a b/", "grüße/straße/", "日本/", "a&b'c(d)*+,;=:@!$/", "100%/", "q?x#y/", "tab\there/", "~user_1.2-3/", "\u{1F600}/",
        "\"<>[]{}|\\^`/",
    ])
    func percentEncodingIsFoundations(path: String) {
        #expect(Routes.percentEncoded(path) == path.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed))
    }

    /// `&` and `'` survive percent-encoding and are escaped for XML (`&#39;` is a character
    /// reference, valid in XML 1.0 as in HTML), by the one HTML escaper of the templates.
    @Test func urlsAreAbsoluteSortedAndEscaped() {
        let xml = Sitemap.xml(baseURL: URL(string: "https://example.org/r/")!, urlPaths: ["b/", "", "a&b/", "it's/"])
        #expect(
            xml == """
                <?xml version="1.0" encoding="UTF-8"?>
                <urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
                  <url><loc>https://example.org/r/</loc></url>
                  <url><loc>https://example.org/r/a&amp;b/</loc></url>
                  <url><loc>https://example.org/r/b/</loc></url>
                  <url><loc>https://example.org/r/it&#39;s/</loc></url>
                </urlset>

                """)
    }
}
