import Foundation
import Markdown
import TemplateEngine

/// Turns a content page into a complete HTML document: Markdown through cmark, then the
/// page's template, which extends `base`.
struct PageRenderer {
    let config: SiteConfig
    /// Settable: a preview swaps in edited templates (`SitePlan+Live`).
    var templates: TemplateSet
    let assets: AssetManifest
    /// Settable through `replacePages`, which works out what is made of them again.
    private(set) var pages: [ContentPage]
    let routes: Routes
    /// The site data content pages may use in Mustache tags (`{{people.count}}`).
    let siteData: [String: TemplateValue]
    private let markdown: MarkdownRenderer
    private var pagesByKey: [String: [String: ContentPage]]
    /// Menu entries (title, URL path) per language, worked out once, not once per page.
    private let menus: [String: [(title: String, urlPath: String)]]
    /// The words of each language of the site, as templates see them.
    let labels: [String: TemplateValue]
    /// The page languages written right to left.
    let rightToLeft: Set<String>
    private let site: TemplateValue
    private let assetValues: [String: TemplateValue]
    /// The feeds each language's pages link in their head; set once the feeds are made,
    /// which needs this renderer for the pages' HTML.
    var feedLinks: [String: [SiteFeeds.Link]] = [:]
    /// What the report blocks of Content pages show (sites with people or timelines).
    var reportBlocks: ReportBlocks?
    /// The processed pictures of `Content/` by path there: Markdown images of them are shown
    /// as `<picture>`s of the processed files (`images: local`).
    var contentPictures: [String: ProcessedPicture] = [:]

    init(config: SiteConfig, templates: TemplateSet, assets: AssetManifest, pages: [ContentPage], routes: Routes, siteData: [String: TemplateValue] = [:]) {
        self.routes = routes
        self.config = config
        self.siteData = siteData
        self.templates = templates
        self.assets = assets
        self.pages = pages
        var options: MarkdownRenderer.Options = []
        if config.markdown.smart { options.insert(.smart) }
        if config.markdown.unsafeHTML { options.insert(.unsafeHTML) }
        markdown = MarkdownRenderer(options: options)
        (pagesByKey, menus) = Self.lookups(pages)
        labels = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, config.pack(for: $0).labels.templateValue) })
        rightToLeft = Set(config.languages.filter { config.pack(for: $0).direction == .rtl })
        var site: [String: TemplateValue] = [
            "title": .string(config.title),
            "generator": .string("ttsite \(SiteBuilderVersion.current)"),
            "languages": .list(config.languages.map(TemplateValue.string)),
        ]
        if let baseURL = config.baseURL { site["baseURL"] = .string(baseURL.absoluteString) }
        self.site = .map(site)
        // `assets.style` for `style.css`: the name before the first dot.
        assetValues = Dictionary(assets.paths.map { (String($0.key.split(separator: ".").first ?? Substring($0.key)), $0.value) }) { first, _ in first }
            .mapValues(TemplateValue.string)
    }

    /// The pages by translation key and language, and the menu entries of each language.
    private static func lookups(_ pages: [ContentPage]) -> ([String: [String: ContentPage]], [String: [(title: String, urlPath: String)]]) {
        let byKey = Dictionary(grouping: pages, by: \.translationKey)
            .mapValues { Dictionary($0.map { ($0.language, $0) }, uniquingKeysWith: { first, _ in first }) }
        let menus = Dictionary(grouping: pages.filter { $0.source.frontMatter.menu != nil }, by: \.language).mapValues { entries in
            entries.sorted { ($0.source.frontMatter.menu!, $0.title, $0.urlPath) < ($1.source.frontMatter.menu!, $1.title, $1.urlPath) }
                .map { (title: $0.title, urlPath: $0.urlPath) }
        }
        return (byKey, menus)
    }

    /// Renders from now on with `edited` in place of the pages at their URLs, whose text alone
    /// changed: their titles, menu places and translations (all of the front matter) are as
    /// they were, so the menus stand.
    mutating func replaceText(of edited: [ContentPage]) {
        let byPath = Dictionary(edited.map { ($0.urlPath, $0) }) { first, _ in first }
        for index in pages.indices {
            if let page = byPath[pages[index].urlPath] { pages[index] = page }
        }
        for page in edited where pagesByKey[page.translationKey]?[page.language]?.urlPath == page.urlPath {
            pagesByKey[page.translationKey]?[page.language] = page
        }
    }

    /// The template a page is rendered with: its `layout`, else `home` or `page`.
    func templateName(for page: ContentPage) throws -> String {
        let name = page.source.frontMatter.layout ?? (page.translationKey.isEmpty ? "home" : "page")
        guard templates.has(name) else {
            throw BuildError(.content, "`layout: \(name)` names no template: add Templates/\(name).mustache or use one of \(templates.sources.keys.sorted().joined(separator: ", "))", in: "Content/" + page.sourcePath)
        }
        return name
    }

    /// The page's HTML; `extra` holds the values of a data page (people, counters …).
    /// Names and partials the templates (or the page's own Mustache tags) ask for and do not
    /// find go to `misses`.
    func render(_ page: ContentPage, extra: [String: TemplateValue] = [:], misses: PageMisses? = nil) throws -> [UInt8] {
        let (template, context) = try templateAndContext(for: page, extra: extra, misses: misses)
        var html: [UInt8] = []
        html.reserveCapacity(16_384)
        templates.render(template, context, into: &html, misses: misses?.template)
        return html
    }

    /// The template a page is rendered with and the value it is rendered with.
    func templateAndContext(for page: ContentPage, extra: [String: TemplateValue] = [:], misses: PageMisses? = nil) throws -> (String, TemplateValue) {
        let html = try markdownHTML(try pageText(page, misses: misses?.text), of: page)
        var context = self.context(for: page, urlPath: page.urlPath, language: page.language, contentHTML: html, root: Routes.root(from: page.urlPath))
        context.merge(extra) { _, new in new }
        // A counter among the report blocks needs the counter script.
        if html.contains("data-counter") { context["hasCounters"] = .bool(true) }
        // What the page holds in a line (a data page brings its own in `extra`), else its title.
        if context["description"] == nil {
            context["description"] = .string(PageSummary.text(of: page, html: html) ?? "\(page.title) · \(config.title)")
        }
        return (try templateName(for: page), .map(context))
    }

    /// The HTML of a page's Markdown alone, without its template: what a feed entry holds.
    func contentHTML(of page: ContentPage) throws -> String {
        try markdownHTML(try pageText(page), of: page)
    }

    /// The HTML of a page's Markdown, its report blocks (```` ```ttsite … ```` ) rendered and
    /// its images of processed pictures shown as `<picture>`s.
    private func markdownHTML(_ text: String, of page: ContentPage) throws -> String {
        let hasBlocks = page.hasSourceFile && (text.contains("```" + ReportBlocks.word) || text.contains("~~~" + ReportBlocks.word))
        let hasPictures = page.hasSourceFile && !contentPictures.isEmpty && text.contains("![")
        guard hasBlocks || hasPictures else {
            return markdown.html(text)
        }
        let file = "Content/" + page.sourcePath
        let root = Routes.root(from: page.urlPath)
        let pictures = hasPictures ? { (image: MarkdownRenderer.Image) -> String? in
            guard let path = Self.contentPath(image.destination, from: page.sourcePath),
                  let picture = contentPictures[path] else { return nil }
            return PictureViews.html(picture, alt: image.alt, title: image.title, root: root)
        } : nil
        return try markdown.html(text, replacingBlocksTagged: hasBlocks ? ReportBlocks.word : nil, replacingImages: pictures) { block in
            guard let reportBlocks else {
                throw BuildError(.content, "a `ttsite` block shows people or timelines, and the site has neither", in: file, line: page.source.bodyLine + block.line - 1)
            }
            return try reportBlocks.html(block, language: page.language, root: root, file: file,
                                         firstLine: page.source.bodyLine, templates: templates,
                                         labels: labels[page.language] ?? config.pack(for: page.language).labels.templateValue)
        }
    }

    /// The file of `Content/` an image destination of the page at `sourcePath` names:
    /// relative to the page's folder, or to `Content/` when it starts with `/`. Nil for an
    /// address with a scheme or one that leaves `Content/`.
    static func contentPath(_ destination: String, from sourcePath: String) -> String? {
        guard !destination.isEmpty, !destination.contains(":"), !destination.hasPrefix("//"),
              let decoded = destination.split(separator: "?").first.flatMap({ String($0).removingPercentEncoding }) else { return nil }
        var parts: [Substring] = decoded.hasPrefix("/") ? [] : sourcePath.split(separator: "/").dropLast()
        for part in decoded.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        return parts.isEmpty ? nil : parts.joined(separator: "/")
    }

    /// The page's Markdown with its Mustache tags filled in from the site data.
    private func pageText(_ page: ContentPage, misses: MissRecorder? = nil) throws -> String {
        var context = siteData
        context["site"] = site
        context["page"] = .map(page.source.frontMatter.values)
        context["lang"] = .string(page.language)
        return try templates.renderInline(page.source.body, .map(context), file: "Content/" + page.sourcePath, firstLine: page.source.bodyLine, misses: misses)
    }

    /// The 404 page is served at any depth, so its links start at the site's path
    /// (`/reports/`) rather than being relative.
    func renderNotFound(_ page: ContentPage?, misses: PageMisses? = nil) -> [UInt8] {
        let (template, context) = notFoundContext(page)
        var html: [UInt8] = []
        templates.render(template, context, into: &html, misses: misses?.template)
        return html
    }

    func notFoundContext(_ page: ContentPage?) -> (String, TemplateValue) {
        let root = config.baseURL?.path ?? "/"
        let language = config.defaultLanguage
        var context = self.context(for: page, urlPath: "", language: language, contentHTML: page.map { markdown.html((try? pageText($0)) ?? $0.source.body) }, root: root.hasSuffix("/") ? root : root + "/")
        context["canonical"] = nil
        context["translations"] = .list([])
        context["hasTranslations"] = .bool(false)
        return ("not-found", .map(context))
    }

    private func context(for page: ContentPage?, urlPath: String, language: String, contentHTML: String?, root: String) -> [String: TemplateValue] {
        var pageValues = page?.source.frontMatter.values ?? [:]
        if let page {
            let title = page.source.frontMatter.title ?? (page.translationKey.isEmpty ? nil : page.title)
            pageValues["title"] = title.map(TemplateValue.string)
        }
        if let contentHTML { pageValues["content"] = .string(contentHTML) }
        pageValues["url"] = .string(Routes.link(urlPath, root: root))

        // The language's own home page, or the site's when that language has none.
        let home = pagesByKey[""]?[language] != nil ? routes.prefix(language) : ""
        var context: [String: TemplateValue] = [
            "lang": .string(language),
            "root": .string(root),
            "home": .string(Routes.link(home, root: root)),
            "page": .map(pageValues),
            "site": site,
            "assets": .map(assetValues.mapValues { if case .string(let path) = $0 { .string(root + path) } else { $0 } }),
            "labels": labels[language] ?? config.pack(for: language).labels.templateValue,
            "menu": .list(menu(language: language, current: page, root: root)),
            "hasTranslations": .bool(config.languages.count > 1 && page != nil),
            "feeds": .list((feedLinks[language] ?? []).map { link in
                .map(["type": .string(link.type), "title": .string(link.title), "href": .string(root + link.urlPath)])
            }),
        ]
        // `dir` only on right-to-left pages, so that left-to-right pages stay as they were;
        // arrows point the way the page reads ("← Back" there, "Back →" here).
        let rightToLeft = rightToLeft.contains(language)
        if rightToLeft { context["dir"] = .string("rtl") }
        context["arrows"] = .map(["back": .string(rightToLeft ? "→" : "←"), "forward": .string(rightToLeft ? "←" : "→")])
        if let baseURL = config.baseURL {
            context["canonical"] = .string(Routes.absolute(urlPath, baseURL: baseURL))
            if let image = config.shareImage { context["shareImage"] = .string(Routes.absolute(image, baseURL: baseURL)) }
        }
        if let page {
            let translations = translations(of: page)
            context["translations"] = .list(translations.map { other in
                .map(["lang": .string(other.language),
                      "href": .string(config.baseURL.map { Routes.absolute(other.urlPath, baseURL: $0) } ?? Routes.link(other.urlPath, root: root))])
            })
            context["languageSwitch"] = .list(config.languages.compactMap { lang -> TemplateValue? in
                let target = pagesByKey[page.translationKey]?[lang] ?? pagesByKey[""]?[lang]
                guard let target else { return nil }
                return .map(["lang": .string(lang), "href": .string(Routes.link(target.urlPath, root: root)), "current": .bool(lang == language)])
            })
        }
        return context
    }

    /// All language versions of a page, itself included, in the site's language order.
    private func translations(of page: ContentPage) -> [ContentPage] {
        guard let versions = pagesByKey[page.translationKey], versions.count > 1 else { return [] }
        return config.languages.compactMap { versions[$0] }
    }

    private func menu(language: String, current: ContentPage?, root: String) -> [TemplateValue] {
        (menus[language] ?? []).map {
            .map(["title": .string($0.title), "href": .string(Routes.link($0.urlPath, root: root)), "current": .bool($0.urlPath == current?.urlPath)])
        }
    }
}
