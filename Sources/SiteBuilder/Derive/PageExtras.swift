import TemplateEngine

/// The extra template values of data pages (people, counters, a timeline …) by the page's
/// address (its `urlPath`, a string the page holds already: keys of their own were 10 MB at
/// 200,000 pages). Most are made only when their page is rendered, on the render worker's thread:
/// a data site's thousands of timelines and person pages then build their view models in
/// parallel, and the values of a page are released once it is written.
struct PageExtras: Sendable {
    private var makers: [String: @Sendable () -> PageValues] = [:]

    /// The values of `page`, made now; nil for a page without any.
    subscript(page: Page) -> [String: TemplateValue]? {
        makers[page.urlPath]?().values
    }

    /// The values of `page` with the digests made with them, made now.
    func valuesAndDigests(_ page: Page) -> PageValues? {
        makers[page.urlPath]?()
    }

    /// Values known already.
    mutating func set(_ page: Page, _ view: some TemplateView) {
        let values = PageValues(view)
        makers[page.urlPath] = { values }
    }

    /// Values made when the page is rendered.
    mutating func later(_ page: Page, _ make: @escaping @Sendable () -> any TemplateView) {
        makers[page.urlPath] = { PageValues(make()) }
    }

    /// Values made when the page is rendered, some of them with their digests.
    mutating func later(_ page: Page, digested make: @escaping @Sendable () -> PageValues) {
        makers[page.urlPath] = make
    }
}

/// A data page's own values, and the digests of those of them that other pages show too (a
/// person's view is on the person's page and on both neighbours'): the page's digest takes
/// these instead of hashing the same values again.
struct PageValues: Sendable {
    var values: [String: TemplateValue]
    var digests: [String: BuildDigest] = [:]

    /// The keys of `view`, with the digests of some of them.
    init(_ view: any TemplateView, digests: [String: BuildDigest] = [:]) {
        if case .map(let values) = view.templateValue { self.values = values } else { values = [:] }
        self.digests = digests
    }
}
