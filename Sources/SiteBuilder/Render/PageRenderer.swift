import Foundation
import TemplateEngine
import TextFormatting

/// Turns a page into a complete HTML document: its template, which extends `base`, with the
/// page's values — its text as `PageTexts` holds it, the menus, the language switch, the
/// feeds, and a data page's own values (`PageExtras`). Switches over the page's kind: a new
/// kind does not build until it is rendered here.
struct PageRenderer {
    let config: SiteConfig
    /// Settable: a preview swaps in edited templates (`SitePlan+Live`).
    var templates: TemplateSet
    let assets: AssetManifest
    /// Settable through `replaceText`, which works out what is made of them again.
    private(set) var pages: [Page]
    let routes: Routes
    /// The HTML of the pages' Markdown, each page's made as it is rendered.
    private(set) var texts: PageTexts
    /// The address of each page by translation key and language (of the translations, the
    /// language switch and each language's home): addresses alone, not copies of the pages.
    private let addresses: [String: [String: String]]
    /// Menu entries per language, each as templates see it on the other pages and on its
    /// own: worked out once, not once per page.
    private let menus: [String: [(urlPath: String, other: TemplateValue, current: TemplateValue)]]
    /// The feeds of each page language (`feeds:`), for every page's `<link rel="alternate">`,
    /// as templates see them.
    private let feeds: [String: TemplateValue]
    /// The words of each language of the site, as templates see them.
    let labels: [String: TemplateValue]
    /// The page languages written right to left.
    let rightToLeft: Set<String>
    /// Each page language's name in itself (its pack's `name`), for the language switch.
    let languageNames: [String: String]
    /// Each page language's punctuation, as templates see it (`{{punctuation.list}}`).
    private let punctuation: [String: TemplateValue]
    /// Each page language's title of a table of contents: looked up once, not by copying the
    /// language's whole pack for every page with headings.
    private let contentsTitles: [String: String]
    private let site: TemplateValue
    /// The assets by name before the first dot (`assets.style` for `style.css`), as
    /// templates see them.
    private let assetPaths: TemplateValue

    init(
        config: SiteConfig, templates: TemplateSet, assets: AssetManifest, pages: [Page], routes: Routes,
        texts: PageTexts = PageTexts(), feedLinks: [String: [SiteFeeds.Link]] = [:]
    ) {
        self.routes = routes
        self.config = config
        self.templates = templates
        self.assets = assets
        self.pages = pages
        self.texts = texts
        let menuEntries: [String: [(title: String, urlPath: String)]]
        (addresses, menuEntries) = Self.lookups(pages)
        menus = menuEntries.mapValues { entries in
            entries.map { entry in
                let href = Routes.file(entry.urlPath)
                return (
                    entry.urlPath, PageView.MenuEntry(title: entry.title, href: href, current: false).templateValue,
                    PageView.MenuEntry(title: entry.title, href: href, current: true).templateValue
                )
            }
        }
        feeds = feedLinks.mapValues { links in
            links.map { PageView.FeedLink(type: $0.type, title: $0.title, href: $0.urlPath) }.templateValue
        }
        labels = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, config.pack(for: $0).labels.templateValue) })
        rightToLeft = Set(config.languages.filter { config.pack(for: $0).direction == .rtl })
        languageNames = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, config.pack(for: $0).name) })
        punctuation = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, config.pack(for: $0).punctuation.templateValue) })
        contentsTitles = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, config.pack(for: $0).labels.contents) })
        site = Self.siteValue(config)
        // `assets.style` for `style.css`: the name before the first dot.
        let paths = Dictionary(assets.paths.map { (String($0.key.split(separator: ".").first ?? Substring($0.key)), $0.value) }) {
            first, _ in first
        }
        assetPaths = .map(paths.mapValues(TemplateValue.link))
    }

    /// The values of a page's view that are the same on most pages of a language, by
    /// language and then key (`PageReuse` digests them once): the site, the assets, the
    /// arrows, the words, the punctuation, the feeds, and the menu of a page that is none of
    /// its entries.
    var sharedValues: [String: [String: TemplateValue]] {
        Dictionary(
            uniqueKeysWithValues: config.languages.map { language in
                var values: [String: TemplateValue] = [
                    "site": site, "assets": assetPaths, "menu": .list((menus[language] ?? []).map(\.other)),
                    "feeds": feeds[language] ?? .list([]),
                    "arrows": rightToLeft.contains(language) ? Self.arrows.rightToLeft : Self.arrows.leftToRight,
                ]
                values["labels"] = labels[language]
                values["punctuation"] = punctuation[language]
                return (language, values)
            })
    }

    /// The site as templates and the pages' own tags see it (`{{site.title}}`).
    static func siteValue(_ config: SiteConfig) -> TemplateValue {
        SiteView(
            title: config.title, generator: "ttsite \(SiteBuilderVersion.current)", languages: config.languages,
            baseURL: config.baseURL?.absoluteString
        ).templateValue
    }

    private struct SiteView: TemplateView {
        let title: String
        let generator: String
        let languages: [String]
        let baseURL: String?
    }

    /// The addresses by translation key and language, and the menu entries of each language.
    private static func lookups(_ pages: [Page]) -> ([String: [String: String]], [String: [(title: String, urlPath: String)]]) {
        var byKey: [String: [String: String]] = [:]
        for page in pages where byKey[page.translationKey]?[page.language] == nil {
            byKey[page.translationKey, default: [:]][page.language] = page.urlPath
            // A page with inputs is known by its answer and as itself: an answer the other
            // language's page does not have leads to that page.
            if let variant = page.variant, variant.isBase { byKey[variant.baseKey, default: [:]][page.language] = page.urlPath }
        }
        // A long table's later pages and the other answers of a page's inputs are not entries
        // of their own: the page is.
        let entries = pages.filter { $0.source.frontMatter.menu != nil && $0.tablePage == nil && !$0.isOtherVariant }
        let menus = Dictionary(grouping: entries, by: \.language)
            .mapValues { entries in
                entries.sorted { ($0.source.frontMatter.menu!, $0.title, $0.urlPath) < ($1.source.frontMatter.menu!, $1.title, $1.urlPath) }
                    .map { (title: $0.title, urlPath: $0.urlPath) }
            }
        return (byKey, menus)
    }

    /// Renders from now on with `edited` in place of the pages at their URLs, whose text alone
    /// changed, and with `texts` (theirs): their titles, menu places and translations (all of
    /// the front matter) are as they were, so the menus stand.
    mutating func replaceText(of edited: [Page], texts newer: PageTexts) {
        let byPath = Dictionary(edited.map { ($0.urlPath, $0) }) { first, _ in first }
        for index in pages.indices {
            if let page = byPath[pages[index].urlPath] { pages[index] = page }
        }
        texts.take(newer)
    }

    /// The template a page is rendered with: its `layout`, else `home` or `page`.
    func templateName(for page: Page) throws -> String {
        let name = page.source.frontMatter.layout ?? (page.kind == .home ? "home" : "page")
        guard templates.has(name) else {
            throw BuildError(
                .content,
                "`layout: \(name)` names no template: "
                    + "add Templates/\(name).mustache or use one of \(templates.sources.keys.sorted().joined(separator: ", "))",
                in: "Content/" + page.sourcePath)
        }
        return name
    }

    /// The page's HTML; `extra` holds the values of a data page (people, counters …).
    /// Names and partials the templates ask for and do not find go to `misses`.
    func render(_ page: Page, extra: [String: TemplateValue] = [:], misses: MissRecorder? = nil) throws -> [UInt8] {
        render(try templateAndContext(for: page, extra: extra), misses: misses)
    }

    /// A page's template rendered with its value, the value's links written from the page.
    func render(_ input: PageInput, misses: MissRecorder? = nil) -> [UInt8] {
        var html: [UInt8] = []
        html.reserveCapacity(16_384)
        templates.render(input.template, input.value, into: &html, misses: misses, linkBase: input.links.base)
        return html
    }

    /// What a page is rendered from: its template, its value (whose links are paths from the
    /// site's root) and the relativiser that writes those links from the page.
    struct PageInput {
        let template: String
        let value: TemplateValue
        let links: Relativiser
        /// What the page's own text asked for and did not find (`PageTexts`).
        var textMisses: TextMisses?
        /// The charts of its text published as PNG too (`chart_images:`), in its order.
        var chartPNGs: [ChartPNG] = []
    }

    /// The template a page is rendered with and the value it is rendered with.
    func templateAndContext(for page: Page, extra: [String: TemplateValue] = [:]) throws -> PageInput {
        let text: PageTexts.Text?
        switch page.kind {
        case .home, .content:
            text = try texts.text(of: page)
        case .generated:
            // A list page has the intro of `Content/people.md` when there is one; the other
            // pages made from data have no Markdown and no Mustache tags of their own.
            text = page.hasSourceFile ? try texts.text(of: page) : nil
        case .notFound:
            return notFoundContext(page)
        }
        let html = text?.rendered.html ?? ""
        let links = Relativiser(page: page.urlPath)
        var view = self.view(
            of: page, urlPath: page.urlPath, language: page.language, contentHTML: html, links: links,
            chart: text?.tables.chartPNGs.first?.path)
        if let headings = text?.rendered.headings, !headings.isEmpty {
            let title = contentsTitles[page.language] ?? config.pack(for: page.language).labels.contents
            view.page.toc = TableOfContents.html(headings, label: title)
        }
        var extra = extra
        // A page of `Content/` that gives every person's page its text may give them a
        // `description:` too, which goes over the one made from the data.
        if page.hasSourceFile, page.source.frontMatter.values["description"] != nil { extra["description"] = nil }
        view.extra = extra
        view.showsCounters = html.containsUTF8("data-counter")
        view.showsTables = text?.tables.tableScript ?? false
        view.showsCharts = text?.tables.chartScript ?? false
        view.showsRowSearch = text?.tables.searchScript ?? false
        view.showsInputs = text?.tables.inputScript ?? false
        // What the page holds in a line (a data page brings its own in `extra`), else its title.
        if extra["description"] == nil {
            view.description = PageSummary.text(of: page, html: html) ?? "\(page.title) · \(config.title)"
        }
        return PageInput(
            template: try templateName(for: page), value: view.templateValue, links: links, textMisses: text?.misses,
            chartPNGs: text?.tables.chartPNGs ?? [])
    }

    /// The 404 page is served at any depth, so its links start at the site's path
    /// (`/reports/`) rather than being relative.
    func renderNotFound(_ page: Page?, misses: MissRecorder? = nil) -> [UInt8] {
        render(notFoundContext(page), misses: misses)
    }

    func notFoundContext(_ page: Page?) -> PageInput {
        let links = Relativiser(sitePath: config.baseURL?.path ?? "/")
        var view = self.view(
            of: page, urlPath: "", language: config.defaultLanguage, contentHTML: page == nil ? nil : texts.notFound, links: links)
        view.canonical = nil
        view.translations = []
        view.hasTranslations = false
        return PageInput(template: "not-found", value: view.templateValue, links: links)
    }

    /// A page's view. Its links are paths from the site's root, written from the page when
    /// it is rendered.
    /// `chart`: the path of the first chart of the page's text published as PNG, if any.
    private func view(
        of page: Page?, urlPath: String, language: String, contentHTML: String?, links: Relativiser, chart: String? = nil
    ) -> PageView {
        // The language's own home page, or the site's when that language has none.
        let home = addresses[""]?[language] != nil ? routes.prefix(language) : ""
        let rightToLeft = rightToLeft.contains(language)
        var view = PageView(
            lang: language, root: links.base, home: Routes.file(home),
            page: PageView.PageValues(
                frontMatter: page?.source.frontMatter.values ?? [:],
                title: page.flatMap { $0.kind == .home && $0.source.frontMatter.title == nil ? $0.variant?.titleSuffix : $0.title },
                content: contentHTML, url: Routes.file(urlPath)
            ),
            site: site, assets: assetPaths,
            labels: labels[language] ?? config.pack(for: language).labels.templateValue,
            punctuation: punctuation[language] ?? config.pack(for: language).punctuation.templateValue,
            menu: .list(
                (menus[language] ?? []).map {
                    $0.urlPath == page?.urlPath || $0.urlPath == page?.variant?.basePath ? $0.current : $0.other
                }),
            hasTranslations: config.languages.count > 1 && page != nil,
            feeds: feeds[language] ?? .list([]),
            dir: rightToLeft ? "rtl" : nil, arrows: rightToLeft ? Self.arrows.rightToLeft : Self.arrows.leftToRight
        )
        if let baseURL = config.baseURL {
            view.canonical = Routes.absolute(urlPath, baseURL: baseURL)
            // A page's first chart published as a picture is its own; `share_image` is the site's.
            view.shareImage = (chart ?? config.shareImage).map { Routes.absolute($0, baseURL: baseURL) }
        }
        if let page {
            view.translations = translations(of: page).map { other in
                PageView.Translation(
                    lang: other.language, absolute: config.baseURL.map { Routes.absolute(other.urlPath, baseURL: $0) },
                    file: Routes.file(other.urlPath))
            }
            view.languageSwitch = config.languages.compactMap { lang in
                // An answer of a page's inputs that the other language's page does not have
                // leads to that page.
                guard
                    let target = addresses[page.translationKey]?[lang] ?? page.variant.flatMap({ addresses[$0.baseKey]?[lang] })
                        ?? addresses[""]?[lang]
                else { return nil }
                return PageView.LanguageChoice(
                    lang: lang, name: languageNames[lang] ?? lang, href: Routes.file(target), current: lang == language)
            }
        }
        return view
    }

    /// Arrows point the way the page reads ("← Back" there, "Back →" here).
    private static let arrows = (
        leftToRight: PageView.Arrows(back: "←", forward: "→").templateValue,
        rightToLeft: PageView.Arrows(back: "→", forward: "←").templateValue
    )

    /// All language versions of a page, itself included, in the site's language order.
    private func translations(of page: Page) -> [(language: String, urlPath: String)] {
        guard let versions = addresses[page.translationKey], versions.count > 1 else { return [] }
        return config.languages.compactMap { language in versions[language].map { (language, $0) } }
    }
}

/// A pack's punctuation as templates see it (`{{punctuation.list}}`).
extension LanguagePack.Punctuation: TemplateView {}

/// A pack's words as templates see them (`{{labels.skip}}`).
extension Labels: TemplateView {}
