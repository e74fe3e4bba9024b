extension ReportPages {
    /// The list page `<prefix><key>/` of a report: `Content/<key>.md` in that language when
    /// there is one (it gives the title and intro, and the layout unless it names its own),
    /// else a page titled `title` at menu position `menu`. It is taken out of `pages`.
    static func listPage(
        _ key: String, title: String, menu: Int, language: String, prefix: String,
        from pages: inout [ContentPage]
    ) -> ContentPage {
        if let index = pages.firstIndex(where: { $0.translationKey == key && $0.language == language }) {
            var page = pages.remove(at: index)
            if page.source.frontMatter.layout == nil { page.source.frontMatter.layout = key }
            return page
        }
        var front = FrontMatter()
        front.menu = menu
        return generatedPage(key, title: title, layout: key, language: language, prefix: prefix, front: front)
    }

    /// A page made from data alone, at `<prefix><key>/` with the template `layout`.
    static func generatedPage(
        _ key: String, title: String, layout: String, language: String, prefix: String,
        front: FrontMatter = FrontMatter()
    ) -> ContentPage {
        var front = front
        front.title = title
        front.layout = layout
        return ContentPage(
            sourcePath: "(\(key))", source: MarkdownSource(frontMatter: front, body: ""),
            language: language, urlPath: prefix + key + "/", translationKey: key
        )
    }
}
