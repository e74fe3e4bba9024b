import Foundation
import Testing

@testable import SiteBuilder

/// Where links and images of Content pages lead: written relative to the page's address (as a
/// browser reads them) or to the Markdown file (as on GitHub), and what the build writes.
/// Every expected link was worked out by hand from the page's address and the file's place.
@Suite struct ContentLinksTests {
    /// `Content/news/post.md` at `news/post/`, `Content/post.md` at `post/`, `Content/about.md`
    /// at `about/`, `Content/news/index.md` at `news/`; and some files.
    static let pages: [Page] = [
        page("news/post.md", "news/post/"), page("post.md", "post/"), page("about.md", "about/"), page("news/index.md", "news/"),
        page("about.de.md", "de/about/"), page("index.md", ""),
    ]

    static func page(_ source: String, _ urlPath: String) -> Page {
        Page(
            sourcePath: source, source: MarkdownSource(frontMatter: FrontMatter(), body: "", bodyLine: 1), language: "en",
            urlPath: urlPath, translationKey: String(source.dropLast(3)))
    }

    static let files = ["news/field.jpg", "photos/a b.jpg", "photos/a.jpg", "a.jpg", "docs/report.pdf", "news/post/inside.png"]

    static func links(sitePath: String = "/") -> ContentLinks {
        ContentLinks(
            files: files, pages: pages, outputs: ["people/index.html", "atom.xml"], sitePath: sitePath,
            baseURL: URL(string: "https://example.org" + sitePath))
    }

    static func on(_ source: String) -> Page { pages.first { $0.sourcePath == source }! }

    @Test(arguments: [
        // Relative to the Markdown file: written as the link from the page's address.
        ("field.jpg", "news/post.md", "news/field.jpg", "../../news/field.jpg"),
        ("./field.jpg", "news/post.md", "news/field.jpg", "../../news/field.jpg"),
        ("../photos/a%20b.jpg", "news/post.md", "photos/a b.jpg", "../../photos/a%20b.jpg"),
        ("a.jpg?v=2", "post.md", "a.jpg", "../a.jpg?v=2"),
        ("docs/report.pdf#page=2", "about.de.md", "docs/report.pdf", "../../docs/report.pdf#page=2"),
        // A Markdown file leads to its page.
        ("../about.md#team", "news/post.md", "about/index.html", "../../about/index.html#team"),
        ("index.md", "news/post.md", "news/index.html", "../../news/index.html"),
        ("post.md", "about.md", "post/index.html", "../post/index.html"),
        // From the site's root: written relative, so it works under a sub-path and from disk.
        ("/photos/a.jpg", "news/post.md", "photos/a.jpg", "../../photos/a.jpg"),
        ("/about/", "news/post.md", "about/index.html", "../../about/index.html"),
        ("/", "post.md", "index.html", "../index.html"),
    ])
    func aDestinationRelativeToTheFileIsWrittenAsTheLinkFromThePage(destination: String, source: String, file: String, link: String) {
        #expect(Self.links().target(of: destination, on: Self.on(source)) == .file(path: file, link: link))
    }

    @Test(arguments: [
        // Relative to the page's address, as a browser reads it: left as written.
        ("../../photos/a.jpg", "news/post.md", "photos/a.jpg"),
        ("inside.png", "news/post.md", "news/post/inside.png"),
        ("../../about/", "news/post.md", "about/index.html"),
        ("../../about", "news/post.md", "about/index.html"),
        ("../people/", "about.md", "people/index.html"),
        ("../atom.xml", "post.md", "atom.xml"),
        ("../", "post.md", "index.html"),
    ])
    func aDestinationThatLeadsToAFileAsWrittenStays(destination: String, source: String, file: String) {
        #expect(Self.links().target(of: destination, on: Self.on(source)) == .file(path: file, link: nil))
    }

    @Test(arguments: [
        "https://elsewhere.example/a.jpg", "//example.org/a.jpg", "mailto:someone@example.org", "#top", "?page=2", "",
        "data:image/png;base64,AAAA", "javascript:alert(1)",
    ])
    func aDestinationOffTheSiteOrOnThePageIsNotFollowed(destination: String) {
        #expect(Self.links().target(of: destination, on: Self.on("news/post.md")) == .elsewhere)
    }

    @Test func aDestinationThatLeadsNowhereSaysWhereItLooked() {
        let links = Self.links()
        #expect(
            links.target(of: "nowhere.pdf", on: Self.on("news/post.md"))
                == .nothing(looked: ["news/post/nowhere.pdf", "Content/news/nowhere.pdf"]))
        #expect(links.target(of: "../../../../a.jpg", on: Self.on("news/post.md")) == .nothing(looked: []))
        #expect(links.target(of: "/missing/", on: Self.on("post.md")) == .nothing(looked: ["missing/"]))
    }

    @Test func underASubPathALinkFromTheHostsRootNamesTheSiteByItsPath() {
        let links = Self.links(sitePath: "/reports/")
        #expect(
            links.target(of: "/reports/photos/a.jpg", on: Self.on("news/post.md"))
                == .file(path: "photos/a.jpg", link: "../../photos/a.jpg"))
        #expect(links.target(of: "/photos/a.jpg", on: Self.on("news/post.md")) == .file(path: "photos/a.jpg", link: "../../photos/a.jpg"))
    }

    @Test func anAbsoluteLinkIntoTheSiteLeadsWhereItSaysOrNowhere() {
        let links = Self.links(sitePath: "/reports/")
        #expect(
            links.target(of: "https://example.org/reports/about/", on: Self.on("post.md")) == .file(path: "about/index.html", link: nil))
        #expect(
            links.target(of: "https://example.org/reports/photos/a.jpg#x", on: Self.on("post.md")) == .file(path: "photos/a.jpg", link: nil)
        )
        #expect(links.target(of: "https://example.org/reports/nothing/", on: Self.on("post.md")) == .nothing(looked: ["/nothing/"]))
        #expect(links.target(of: "https://example.org/elsewhere/", on: Self.on("post.md")) == .elsewhere)
    }
}
