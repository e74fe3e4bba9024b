import TemplateEngine

/// What every page's template sees (`base.mustache` and the page templates): the page, the
/// site, the words of its language, the menus, the language switch and the feeds, and a data
/// page's own values (`extra`), which come last and win. Links are paths from the site's root.
/// Written out: a data page's values go over the rest, and the flags are keys only when true.
struct PageView: WrittenTemplateView {
    /// The page's own values: its front matter as written (any key a template reads), then
    /// what ttsite sets: `title`, `content`, `hasContent` (whether it is more than nothing: a
    /// page made from data has text only when a page of `Content/` gives it one), `url` and,
    /// with headings, `toc`. Written out:
    /// the front matter is a map of any keys, which ttsite's go over.
    struct PageValues {
        var frontMatter: [String: TemplateValue]
        var title: String?
        var content: String?
        /// The page's file from the site's root.
        var url: String
        var toc: String?

        var templateValue: TemplateValue {
            var values = frontMatter
            // The front matter's `title` is the page's title, or none (the home page's).
            values["title"] = title.map(TemplateValue.string)
            if let content { values["content"] = .string(content) }
            values["hasContent"] = .bool(!(content ?? "").isEmpty)
            values["url"] = .link(url)
            if let toc { values["toc"] = .string(toc) }
            return .map(values)
        }
    }

    struct MenuEntry: TemplateView {
        let title: String
        @LinkPath var href: String
        let current: Bool
    }

    struct FeedLink: TemplateView {
        let type: String
        let title: String
        @LinkPath var href: String
    }

    /// Another language's version of the page: its absolute URL with a `base_url`, else its
    /// file from the site's root.
    struct Translation: TemplateView {
        let lang: String
        let href: TemplateValue

        init(lang: String, absolute: String?, file: String) {
            self.lang = lang
            href = absolute.map(TemplateValue.string) ?? .link(file)
        }
    }

    struct LanguageChoice: TemplateView {
        let lang: String
        let name: String
        @LinkPath var href: String
        let current: Bool
    }

    /// Arrows that point the way the page reads ("← Back" there, "Back →" here).
    struct Arrows: TemplateView {
        let back: String
        let forward: String
    }

    var lang: String
    /// The page's way back to the site's root, for templates that make links of their own.
    var root: String
    /// The language's home page (or the site's), from the site's root.
    var home: String
    var page: PageValues
    var site: TemplateValue
    /// The assets by name before the first dot (`assets.style`), from the site's root.
    var assets: TemplateValue
    var labels: TemplateValue
    var punctuation: TemplateValue
    /// The menu's entries (`MenuEntry`) and the feeds' links (`FeedLink`), made once for
    /// every page of a language.
    var menu: TemplateValue
    var hasTranslations: Bool
    var feeds: TemplateValue
    /// `rtl` on pages written right to left; nil (no key) otherwise, so that left-to-right
    /// pages stay as they were.
    var dir: String?
    /// Which way the arrows point (`Arrows`): the way the page reads.
    var arrows: TemplateValue
    var canonical: String?
    var shareImage: String?
    /// Nil: no key (a page of no language versions, the 404 page without its text).
    var translations: [Translation]?
    var languageSwitch: [LanguageChoice]?
    /// A data page's own values, over the rest.
    var extra: [String: TemplateValue] = [:]
    /// A counter among the report blocks needs the counter script: true over `extra`'s.
    var showsCounters = false
    /// A table of query results needs the table script.
    var showsTables = false
    /// Whether the page has a chart, whose script shows exact values (`chart.js`).
    var showsCharts = false
    /// A long table's search of its rows' pages needs the search script.
    var showsRowSearch = false
    /// An input needs the inputs' script, which swaps the blocks a choice changes.
    var showsInputs = false
    /// What the page holds in a line, when `extra` has no `description`.
    var description: String?

    var templateValue: TemplateValue {
        var values: [String: TemplateValue] = [
            "lang": .string(lang), "root": .string(root), "home": .link(home), "page": page.templateValue, "site": site,
            "assets": assets, "labels": labels, "punctuation": punctuation,
            "menu": menu, "hasTranslations": .bool(hasTranslations), "feeds": feeds, "arrows": arrows,
        ]
        // A site whose pages name no menu place has no menu: no empty list for a screen reader.
        if case .list(let entries) = menu, !entries.isEmpty { values["hasMenu"] = .bool(true) }
        if let dir { values["dir"] = .string(dir) }
        if let canonical { values["canonical"] = .string(canonical) }
        if let shareImage { values["shareImage"] = .string(shareImage) }
        if let translations { values["translations"] = translations.templateValue }
        if let languageSwitch { values["languageSwitch"] = languageSwitch.templateValue }
        values.merge(extra) { _, new in new }
        if showsCounters { values["hasCounters"] = .bool(true) }
        if showsTables { values["hasTables"] = .bool(true) }
        if showsCharts { values["hasCharts"] = .bool(true) }
        if showsRowSearch { values["hasRowSearch"] = .bool(true) }
        if showsInputs { values["hasInputs"] = .bool(true) }
        if values["description"] == nil, let description { values["description"] = .string(description) }
        return .map(values)
    }
}
