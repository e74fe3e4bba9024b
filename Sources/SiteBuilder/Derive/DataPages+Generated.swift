extension DataPages {
    /// The list page of `kind` in `language`: `Content/<kind>.md` in that language when there
    /// is one (it gives the title, the intro, the URL through its `slug`, and the layout
    /// unless it names its own; it is taken out of `pages`), else a page titled `title` at
    /// menu position `menu`. Its place is recorded in `routes`, for every link to it.
    static func listPage(
        _ kind: Routes.ListKind, title: String, menu: Int, language: String,
        routes: inout Routes, from pages: inout [Page]
    ) -> Page {
        let page: Page
        if let index = pages.firstIndex(where: { $0.translationKey == kind.rawValue && $0.language == language }) {
            var written = pages.remove(at: index)
            if written.source.frontMatter.layout == nil { written.source.frontMatter.layout = kind.rawValue }
            written.kind = .generated
            page = written
        } else {
            var front = FrontMatter()
            front.menu = menu
            page = generatedPage(
                kind.rawValue, title: title, layout: kind.rawValue, language: language,
                urlPath: routes.list(kind, language: language), front: front)
        }
        routes.setList(kind, language: language, urlPath: page.urlPath)
        return page
    }

    /// The pages of a paginated list: `first` (the list page itself), then a page per further
    /// `pagination` page at `Routes.listPage`, with the same layout, titled "People – Page 2
    /// of 9", out of the menu, and without the intro text of `Content/<kind>.md`.
    static func listPages(of first: Page, kind: Routes.ListKind, pagination: Pagination, pack: LanguagePack) -> [Page] {
        let title = first.source.frontMatter.title ?? (kind == .people ? pack.labels.people : pack.labels.scenarios)
        let layout = first.source.frontMatter.layout ?? kind.rawValue
        return [first]
            + pagination.laterPages(of: first) { number in
                generatedPage(
                    "", title: "\(title) – \(PaginationView.status(number, of: pagination.pageCount, pack: pack))", layout: layout,
                    language: first.language, urlPath: "")
            }
    }

    /// A page made from data alone, at `urlPath`, with the template `layout`.
    static func generatedPage(
        _ key: String, title: String, layout: String, language: String, urlPath: String,
        front: FrontMatter = FrontMatter()
    ) -> Page {
        var front = front
        front.title = title
        front.layout = layout
        return Page(
            sourcePath: "", source: MarkdownSource(frontMatter: front, body: ""),
            language: language, urlPath: urlPath, translationKey: key, kind: .generated
        )
    }
}
