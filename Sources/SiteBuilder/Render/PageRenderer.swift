import Foundation
import Markdown
import TemplateEngine
import TextFormatting

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
    /// The Markdown renderer of each page language (the words its notes carry differ).
    private let markdown: [String: MarkdownRenderer]
    /// The address of each page by translation key and language (of the translations, the
    /// language switch and each language's home): addresses alone, not copies of the pages.
    private let addresses: [String: [String: String]]
    /// Menu entries (title, URL path) per language, worked out once, not once per page.
    private let menus: [String: [(title: String, urlPath: String)]]
    /// The words of each language of the site, as templates see them.
    let labels: [String: TemplateValue]
    /// The page languages written right to left.
    let rightToLeft: Set<String>
    /// Each page language's name in itself (its pack's `name`), for the language switch.
    let languageNames: [String: String]
    /// Each page language's punctuation, as templates see it (`{{punctuation.list}}`).
    private let punctuation: [String: TemplateValue]
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
    /// Why a picture of `Content/` that a Markdown image shows is shown as it is, by path
    /// there (it is not a picture, or it is damaged): a warning on the page's line.
    var contentPictureProblems: [String: String] = [:]
    /// Where the links and images of Content pages lead; set once every file of the build is
    /// known. Without it, Markdown is rendered as written.
    var links: ContentLinks?

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
        markdown = Dictionary(uniqueKeysWithValues: config.languages.map { language in
            (language, MarkdownRenderer(options: options, extensions: config.markdown.extensions, words: config.pack(for: language).markdownWords))
        })
        (addresses, menus) = Self.lookups(pages)
        labels = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, config.pack(for: $0).labels.templateValue) })
        rightToLeft = Set(config.languages.filter { config.pack(for: $0).direction == .rtl })
        languageNames = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, config.pack(for: $0).name) })
        punctuation = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, Self.templateValue(config.pack(for: $0).punctuation)) })
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

    /// The addresses by translation key and language, and the menu entries of each language.
    private static func lookups(_ pages: [ContentPage]) -> ([String: [String: String]], [String: [(title: String, urlPath: String)]]) {
        var byKey: [String: [String: String]] = [:]
        for page in pages where byKey[page.translationKey]?[page.language] == nil {
            byKey[page.translationKey, default: [:]][page.language] = page.urlPath
        }
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
    /// find go to `misses`, with the links of its Markdown that lead nowhere.
    func render(_ page: ContentPage, extra: [String: TemplateValue] = [:], misses: PageMisses? = nil) throws -> [UInt8] {
        let (template, context) = try templateAndContext(for: page, extra: extra, misses: misses)
        var html: [UInt8] = []
        html.reserveCapacity(16_384)
        templates.render(template, context, into: &html, misses: misses?.template)
        return html
    }

    /// The template a page is rendered with and the value it is rendered with.
    func templateAndContext(for page: ContentPage, extra: [String: TemplateValue] = [:], misses: PageMisses? = nil) throws -> (String, TemplateValue) {
        let rendered = try markdownHTML(try pageText(page, misses: misses?.text), of: page, ids: TableOfContents.ids, misses: misses)
        let html = rendered.html
        var context = self.context(for: page, urlPath: page.urlPath, language: page.language, contentHTML: html, root: Routes.root(from: page.urlPath))
        if !rendered.headings.isEmpty, let toc = TableOfContents.html(rendered.headings, label: labelWords(page.language).contents),
           case .map(var values) = context["page"] {
            values["toc"] = .string(toc)
            context["page"] = .map(values)
        }
        context.merge(extra) { _, new in new }
        // A counter among the report blocks needs the counter script.
        if html.containsUTF8("data-counter") { context["hasCounters"] = .bool(true) }
        // What the page holds in a line (a data page brings its own in `extra`), else its title.
        if context["description"] == nil {
            context["description"] = .string(PageSummary.text(of: page, html: html) ?? "\(page.title) · \(config.title)")
        }
        return (try templateName(for: page), .map(context))
    }

    /// The HTML of a page's Markdown alone, without its template: what a feed entry holds.
    /// Its headings have no ids and its notes' ids start with `idPrefix`, so that the pages
    /// of one feed do not share an id.
    func contentHTML(of page: ContentPage, idPrefix: String) throws -> String {
        try markdownHTML(try pageText(page), of: page, ids: MarkdownRenderer.IDs(prefix: idPrefix), misses: nil).html
    }

    /// The renderer of a page language's Markdown.
    private func markdown(_ language: String) -> MarkdownRenderer {
        markdown[language] ?? markdown[config.defaultLanguage]!
    }

    /// The words of a page language.
    private func labelWords(_ language: String) -> Labels {
        config.pack(for: language).labels
    }

    /// The HTML of a page's Markdown: its report blocks (```` ```ttsite … ```` ) rendered, its
    /// images of processed pictures shown as `<picture>`s, and its links and images written
    /// so that they lead where the author meant (`ContentLinks`); a link that leads nowhere
    /// goes to `misses`.
    private func markdownHTML(_ text: String, of page: ContentPage, ids: MarkdownRenderer.IDs, misses: PageMisses?) throws -> MarkdownRenderer.Rendered {
        let markdown = markdown(page.language)
        let hasBlocks = page.hasSourceFile && text.containsUTF8(ReportBlocks.word)
        let links = page.hasSourceFile ? self.links : nil
        let hasReferences = links != nil && (text.containsUTF8("](") || text.containsUTF8("]:"))
        guard hasBlocks || hasReferences else {
            return markdown.render(text, ids: ids)
        }
        let file = "Content/" + page.sourcePath
        let root = Routes.root(from: page.urlPath)
        let change = { (reference: MarkdownRenderer.Reference) -> MarkdownRenderer.Change in
            guard let links else { return .keep }
            let what = reference.kind == .image ? "image" : "link"
            switch links.target(of: reference.text, on: page) {
            case .elsewhere:
                return .keep
            case .nothing(let looked):
                let why = looked.isEmpty ? "it climbs above the site's root" : "there is no " + looked.map { "`\($0)`" }.joined(separator: " nor ")
                misses?.link(line: reference.line, destination: reference.text, "the \(what) `\(reference.text)` leads to no file of the site (\(why))")
                return .keep
            case .file(let path, let link):
                if reference.kind == .image, let picture = contentPictures[path] {
                    return .html(PictureViews.html(picture, alt: reference.alt, title: reference.title, root: root))
                }
                if reference.kind == .image, let problem = contentPictureProblems[path] {
                    misses?.link(line: reference.line, destination: reference.text, "the image `\(reference.text)` (Content/\(path)) is shown as it is: \(problem)")
                }
                return link.map(MarkdownRenderer.Change.destination) ?? .keep
            }
        }
        return try markdown.render(text, ids: ids, replacingBlocksTagged: hasBlocks ? ReportBlocks.word : nil, changingReferences: hasReferences ? change : nil) { block in
            let line = page.source.bodyLine + block.line - 1
            let fail = { (message: String) in BuildError(.content, message, in: file, line: line) }
            let (kind, arguments) = try ReportBlocks.parse(block.info, fail: fail)
            if kind == TableOfContents.kind {
                return try TableOfContents.block(arguments, headings: block.headings, label: labelWords(page.language).contents, fail: fail)
            }
            guard let reportBlocks else { throw fail("a `ttsite` block shows people or timelines, and the site has neither") }
            return try reportBlocks.html(kind: kind, arguments: arguments, line: line, language: page.language, root: root, templates: templates,
                                         labels: labels[page.language] ?? config.pack(for: page.language).labels.templateValue, fail: fail)
        }
    }

    /// The page's Markdown with its Mustache tags filled in from the site data; tags in its
    /// code spans and code blocks are left as written (`CodeGuard`).
    private func pageText(_ page: ContentPage, misses: MissRecorder? = nil) throws -> String {
        guard TemplateSet.hasTag(page.source.body) else { return page.source.body }
        var context = siteData
        context["site"] = site
        context["page"] = .map(page.source.frontMatter.values)
        context["lang"] = .string(page.language)
        let code = CodeGuard(page.source.body, renderer: markdown(page.language))
        return code.restore(try templates.renderInline(code.text, .map(context), file: "Content/" + page.sourcePath, firstLine: page.source.bodyLine, misses: misses))
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
        var context = self.context(for: page, urlPath: "", language: language, contentHTML: page.map { markdown(language).html((try? pageText($0)) ?? $0.source.body) }, root: root.hasSuffix("/") ? root : root + "/")
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
        let home = addresses[""]?[language] != nil ? routes.prefix(language) : ""
        var context: [String: TemplateValue] = [
            "lang": .string(language),
            "root": .string(root),
            "home": .string(Routes.link(home, root: root)),
            "page": .map(pageValues),
            "site": site,
            "assets": .map(assetValues.mapValues { if case .string(let path) = $0 { .string(root + path) } else { $0 } }),
            "labels": labels[language] ?? config.pack(for: language).labels.templateValue,
            "punctuation": punctuation[language] ?? Self.templateValue(config.pack(for: language).punctuation),
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
                guard let target = addresses[page.translationKey]?[lang] ?? addresses[""]?[lang] else { return nil }
                return .map(["lang": .string(lang), "name": .string(languageNames[lang] ?? lang),
                             "href": .string(Routes.link(target, root: root)), "current": .bool(lang == language)])
            })
        }
        return context
    }

    /// A pack's punctuation as templates see it (`{{punctuation.list}}`).
    private static func templateValue(_ marks: LanguagePack.Punctuation) -> TemplateValue {
        .map(["list": .string(marks.list), "dateAndTime": .string(marks.dateAndTime)])
    }

    /// All language versions of a page, itself included, in the site's language order.
    private func translations(of page: ContentPage) -> [(language: String, urlPath: String)] {
        guard let versions = addresses[page.translationKey], versions.count > 1 else { return [] }
        return config.languages.compactMap { language in versions[language].map { (language, $0) } }
    }

    private func menu(language: String, current: ContentPage?, root: String) -> [TemplateValue] {
        (menus[language] ?? []).map {
            .map(["title": .string($0.title), "href": .string(Routes.link($0.urlPath, root: root)), "current": .bool($0.urlPath == current?.urlPath)])
        }
    }
}
