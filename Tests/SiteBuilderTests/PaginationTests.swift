import TemplateEngine
import Testing

@testable import SiteBuilder

/// Pages of a list, worked out by hand: 10 records in pages of 4 are 4 + 4 + 2.
struct PaginationTests {
    @Test func pagesAndTheirRecords() {
        let pagination = Pagination(records: 10, size: 4)
        #expect(pagination.pageCount == 3)
        #expect(pagination.records(onPage: 1) == 0..<4)
        #expect(pagination.records(onPage: 3) == 8..<10)
        #expect((0..<10).map(pagination.page(ofRecord:)) == [1, 1, 1, 1, 2, 2, 2, 2, 3, 3])
        #expect(Pagination(records: 0, size: 100).pageCount == 1)
        #expect(Pagination(records: 0, size: 100).records(onPage: 1).isEmpty)
        #expect(Pagination(records: 100, size: 100).pageCount == 1)
        #expect(Pagination(records: 101, size: 100).pageCount == 2)
    }

    @Test(arguments: [
        // pages, current, shown (0 = a gap)
        (1, 1, [1]),
        (5, 3, [1, 2, 3, 4, 5]),
        (100, 1, [1, 2, 3, 0, 100]),
        (100, 50, [1, 0, 48, 49, 50, 51, 52, 0, 100]),
        (100, 100, [1, 0, 98, 99, 100]),
        (100, 5, [1, 2, 3, 4, 5, 6, 7, 0, 100]),  // 2 is shown, not a gap of one
        (9, 6, [1, 0, 4, 5, 6, 7, 8, 9]),
    ])
    func compactNumbers(pages: Int, current: Int, shown: [Int]) {
        let numbers = Pagination(records: pages * 10, size: 10).shownNumbers(around: current)
        #expect(numbers.map { $0 ?? 0 } == shown)
    }

    @Test func listPageURLs() {
        #expect(Routes.listPage(1, of: "people/") == "people/")
        #expect(Routes.listPage(2, of: "people/") == "people/2/")
        #expect(Routes.listPage(12, of: "de/folks/") == "de/folks/12/")
    }

    /// The first page has no "previous" even inside a context that has one (a person page's
    /// neighbour): the navigation says `false` rather than leaving the name to be looked up.
    /// Every later page of a list, an index or a long table is placed alike: 10 records in
    /// pages of 4 add pages 2 and 3 under the first's address and translation key.
    @Test func laterPagesArePlacedUnderTheFirst() {
        let first = Page(
            sourcePath: "", source: MarkdownSource(frontMatter: FrontMatter(), body: "", bodyLine: 1), language: "de",
            urlPath: "de/leute/", translationKey: "people")
        let later = Pagination(records: 10, size: 4).laterPages(of: first) { number in
            var page = first
            page.tablePage = number
            page.urlPath = "ignored/"
            return page
        }
        #expect(later.map(\.urlPath) == ["de/leute/2/", "de/leute/3/"])
        #expect(later.map(\.translationKey) == ["people/2", "people/3"])
        #expect(later.map(\.tablePage) == [2, 3])
        #expect(Pagination(records: 4, size: 4).laterPages(of: first) { _ in first }.isEmpty)
    }

    @Test func theFirstPageHasNoPreviousLink() throws {
        let templates = try TemplateSet(overridesIn: nil)
        let nav = try #require(
            PaginationView(
                Pagination(records: 30, size: 10), current: 1, listPath: "people/", pack: SiteConfig(title: "T").pack(for: "en"))?
                .templateValue)
        let context: TemplateValue = .map([
            "previous": .map(["href": .string("elsewhere.html")]),
            "labels": SiteConfig(title: "T").pack(for: "en").labels.templateValue,
            "arrows": .map(["back": .string("←"), "forward": .string("→")]),
            "pagination": nav,
        ])
        var bytes: [UInt8] = []
        // Written from a page one folder down (`people/`).
        templates.render("pagination", context, into: &bytes, linkBase: "../")
        let html = String(decoding: bytes, as: UTF8.self)
        #expect(!html.contains("rel=\"prev\"") && !html.contains("elsewhere.html"))
        #expect(html.contains(#"<li><a href="../people/index.html" aria-current="page">1</a></li>"#))
        #expect(html.contains(#"<li><a rel="next" href="../people/2/index.html">Next →</a></li>"#))
    }
}
