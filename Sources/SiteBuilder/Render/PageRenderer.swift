import Foundation
import Markdown

/// Turns a content page into a complete HTML document: Markdown through cmark, then the
/// page's template, which extends `base`.
struct PageRenderer {
    let config: SiteConfig
    let templates: TemplateSet
    let assets: AssetManifest
    let pages: [ContentPage]
    /// The report data content pages may use in Mustache tags (`{{people.count}}`).
    let reportData: [String: Any]
    private let markdown: MarkdownRenderer
    private let pagesByKey: [String: [String: ContentPage]]
    /// Menu entries (title, URL path) per language, worked out once, not once per page.
    private let menus: [String: [(title: String, urlPath: String)]]
    private let labels: [String: [String: String]]

    init(config: SiteConfig, templates: TemplateSet, assets: AssetManifest, pages: [ContentPage], reportData: [String: Any] = [:]) {
        self.config = config
        self.reportData = reportData
        self.templates = templates
        self.assets = assets
        self.pages = pages
        var options: MarkdownRenderer.Options = []
        if config.markdown.smart { options.insert(.smart) }
        if config.markdown.unsafeHTML { options.insert(.unsafeHTML) }
        markdown = MarkdownRenderer(options: options)
        pagesByKey = Dictionary(grouping: pages, by: \.translationKey)
            .mapValues { Dictionary($0.map { ($0.language, $0) }, uniquingKeysWith: { first, _ in first }) }
        menus = Dictionary(grouping: pages.filter { $0.source.frontMatter.menu != nil }, by: \.language).mapValues { entries in
            entries.sorted { ($0.source.frontMatter.menu!, $0.title, $0.urlPath) < ($1.source.frontMatter.menu!, $1.title, $1.urlPath) }
                .map { (title: $0.title, urlPath: $0.urlPath) }
        }
        labels = Dictionary(uniqueKeysWithValues: config.languages.map { ($0, Labels.forLanguage($0)) })
    }

    /// The template a page is rendered with: its `layout`, else `home` or `page`.
    func templateName(for page: ContentPage) throws -> String {
        let name = page.source.frontMatter.layout ?? (page.translationKey.isEmpty ? "home" : "page")
        guard templates.has(name) else {
            throw BuildError(.content, "`layout: \(name)` names no template: add Templates/\(name).mustache or use one of \(templates.sources.keys.sorted().joined(separator: ", "))", in: "Content/" + page.sourcePath)
        }
        return name
    }

    /// The page's HTML; `extra` holds the values of a report page (people, counters …).
    func render(_ page: ContentPage, extra: [String: Any] = [:]) throws -> String {
        let html = markdown.html(try pageText(page))
        var context = self.context(for: page, urlPath: page.urlPath, contentHTML: html, root: RelativeLink.root(from: page.urlPath))
        context.merge(extra) { _, new in new }
        return templates.render(try templateName(for: page), context)
    }

    /// The page's Markdown with its Mustache tags filled in from the report data.
    private func pageText(_ page: ContentPage) throws -> String {
        var context = reportData
        context["site"] = siteValues
        context["page"] = page.source.frontMatter.values.mapValues(\.mustacheValue)
        context["lang"] = page.language
        return try templates.renderInline(page.source.body, context, file: "Content/" + page.sourcePath, firstLine: page.source.bodyLine)
    }

    /// The 404 page is served at any depth, so its links start at the site's path
    /// (`/reports/`) rather than being relative.
    func renderNotFound(_ page: ContentPage?) -> String {
        let root = config.baseURL?.path ?? "/"
        let language = config.defaultLanguage
        var context = self.context(for: page, urlPath: "", language: language, contentHTML: page.map { markdown.html((try? pageText($0)) ?? $0.source.body) }, root: root.hasSuffix("/") ? root : root + "/")
        context["canonical"] = nil
        context["translations"] = [Any]()
        context["hasTranslations"] = false
        return templates.render("not-found", context)
    }

    private func context(for page: ContentPage, urlPath: String, contentHTML: String, root: String) -> [String: Any] {
        context(for: Optional(page), urlPath: urlPath, language: page.language, contentHTML: contentHTML, root: root)
    }

    private func context(for page: ContentPage?, urlPath: String, language: String, contentHTML: String?, root: String) -> [String: Any] {
        var pageValues: [String: Any] = page?.source.frontMatter.values.mapValues(\.mustacheValue) ?? [:]
        if let page { pageValues["title"] = page.source.frontMatter.title ?? (page.translationKey.isEmpty ? nil : page.title) }
        if let contentHTML { pageValues["content"] = contentHTML }
        pageValues["url"] = root + urlPath + "index.html"

        // The language's own home page, or the site's when that language has none.
        let languageHome = language != config.defaultLanguage && pagesByKey[""]?[language] != nil ? language + "/" : ""
        var context: [String: Any] = [
            "lang": language,
            "root": root,
            "home": root + languageHome + "index.html",
            "page": pageValues,
            "site": siteValues,
            "assets": assets.paths.mapValues { root + $0 }.reduce(into: [String: Any]()) { result, entry in
                result[entry.key.split(separator: ".").first.map(String.init) ?? entry.key] = entry.value
            },
            "labels": labels[language] ?? Labels.forLanguage(language),
            "menu": menu(language: language, current: page, root: root),
            "hasTranslations": config.languages.count > 1 && page != nil,
        ]
        if let baseURL = config.baseURL { context["canonical"] = baseURL.absoluteString + urlPath }
        if let page {
            let translations = translations(of: page)
            context["translations"] = translations.map { other -> [String: Any] in
                ["lang": other.language,
                 "href": config.baseURL.map { $0.absoluteString + other.urlPath } ?? root + other.urlPath + "index.html"]
            }
            context["languageSwitch"] = config.languages.compactMap { lang -> [String: Any]? in
                let target = pagesByKey[page.translationKey]?[lang] ?? pagesByKey[""]?[lang]
                guard let target else { return nil }
                return ["lang": lang, "href": root + target.urlPath + "index.html", "current": lang == language]
            }
        }
        return context
    }

    private var siteValues: [String: Any] {
        var values: [String: Any] = [
            "title": config.title,
            "generator": "ttsite \(SiteBuilderVersion.current)",
            "languages": config.languages,
        ]
        if let baseURL = config.baseURL { values["baseURL"] = baseURL.absoluteString }
        return values
    }

    /// All language versions of a page, itself included, in the site's language order.
    private func translations(of page: ContentPage) -> [ContentPage] {
        guard let versions = pagesByKey[page.translationKey], versions.count > 1 else { return [] }
        return config.languages.compactMap { versions[$0] }
    }

    private func menu(language: String, current: ContentPage?, root: String) -> [[String: Any]] {
        (menus[language] ?? []).map { ["title": $0.title, "href": root + $0.urlPath + "index.html", "current": $0.urlPath == current?.urlPath] }
    }
}
