import Foundation

/// What the page sources make, as they make it: every page in output order (those of
/// `Content/` first), the values of the pages made from data (`PageExtras`), where the lists
/// are, and the files the lists' search boxes load.
struct MadePages {
    var pages: [Page]
    var extras = PageExtras()
    var routes: Routes
    var searchIndexes: [SearchIndex] = []
    let config: SiteConfig
    /// The build's instant, which the texts a row fills in count from.
    let now: Date
    /// The pages of `Content/` that override a built-in source (their translation key is the
    /// source's), by key and language: taken out of the pages, which the source makes from them.
    private var overrides: [String: [String: Page]] = [:]

    init(content: [Page], routes: Routes, config: SiteConfig, now: Date, capacity: Int) {
        pages = content
        pages.reserveCapacity(capacity)
        self.routes = routes
        self.config = config
        self.now = now
    }

    /// Takes the pages of `Content/` that override one of `sources` out of the pages.
    mutating func takeOverrides(of sources: [PageSource]) {
        let keys = Set(sources.map(\.key))
        guard pages.contains(where: { keys.contains($0.translationKey) }) else { return }
        for page in pages where keys.contains(page.translationKey) {
            overrides[page.translationKey, default: [:]][page.language] = page
        }
        pages.removeAll { keys.contains($0.translationKey) }
    }

    /// The page of `Content/` that overrides `source` in `language`.
    func override(of source: PageSource, language: String) -> Page? {
        overrides[source.key]?[language]
    }

    /// The first page of the list `source` in `language`: the page of `Content/` that overrides
    /// it when there is one (its title, text, address through its `slug`, and layout unless it
    /// names its own), else a page titled `title` at the source's place in the menu. Its place
    /// is recorded in `routes`, for every link to it.
    mutating func listPage(_ source: PageSource, title: String, language: String) -> Page {
        guard let list = source.list else { preconditionFailure("\(source.key) is not a list") }
        let page: Page
        if var written = override(of: source, language: language) {
            if written.source.frontMatter.layout == nil { written.source.frontMatter.layout = source.layout }
            written.kind = .generated
            page = written
        } else {
            var front = FrontMatter()
            front.menu = list.menu
            page = Self.generatedPage(
                source.key, title: title, layout: source.layout, language: language, urlPath: routes.list(list.kind, language: language),
                front: front)
        }
        routes.setList(list.kind, language: language, urlPath: page.urlPath)
        return page
    }

    /// The pages of a paginated list: `first` (the list page itself), then a page per further
    /// `pagination` page at `Routes.listPage`, with the same layout, titled "People – Page 2
    /// of 9", out of the menu, and without the text of the page that overrides the list.
    static func listPages(of first: Page, title: String, layout: String, pagination: Pagination, pack: LanguagePack) -> [Page] {
        [first]
            + pagination.laterPages(of: first) { number in
                generatedPage(
                    "", title: "\(title) – \(PaginationView.status(number, of: pagination.pageCount, pack: pack))", layout: layout,
                    language: first.language, urlPath: "")
            }
    }

    /// A page made from data alone, at `urlPath`, with the template `layout`.
    static func generatedPage(
        _ key: String, title: String?, layout: String, language: String, urlPath: String, front: FrontMatter = FrontMatter()
    ) -> Page {
        var front = front
        front.title = title
        front.layout = layout
        return Page(
            sourcePath: "", source: MarkdownSource(frontMatter: front, body: ""), language: language, urlPath: urlPath,
            translationKey: key, kind: .generated)
    }

    /// The pattern every record's page of `source` in `language` is made by, at `urlPath` (the
    /// source's address with its record part, `people/[slug]/`): the page of `Content/` that
    /// overrides the source (its front matter, layout and text, each record's row read into
    /// them), else a page made from data alone with the source's layout.
    func recordPattern(_ source: PageSource, language: String, urlPath: String) throws -> RecordPattern {
        guard let part = source.recordPart else { preconditionFailure("\(source.key) is not a page per record") }
        guard var written = override(of: source, language: language) else {
            let page = Self.generatedPage(source.key, title: nil, layout: source.layout, language: language, urlPath: urlPath)
            return try RecordPattern(page: page, part: part, config: config, now: now)
        }
        let front = written.source.frontMatter
        if front.slug != nil {
            throw BuildError(
                .content,
                "`slug:` would move every page of `\(source.key)`, and every link to them leads to \(urlPath); "
                    + "leave it out (the record's slug is `{{row.slug}}`)",
                in: "Content/" + written.sourcePath, line: front.keyLines["slug"])
        }
        if front.layout == nil { written.source.frontMatter.layout = source.layout }
        written.urlPath = urlPath
        written.kind = .generated
        return try RecordPattern(page: written, part: part, config: config, now: now)
    }
}
