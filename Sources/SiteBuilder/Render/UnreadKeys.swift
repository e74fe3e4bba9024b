import TemplateEngine
import TextFormatting

/// Front matter keys that neither ttsite nor the page's template reads: `titel:` for
/// `title:` would otherwise do nothing, silently.
enum UnreadKeys {
    /// Keys ttsite reads besides the typed ones: `date` (a page's place in the pages feed),
    /// `description` (its meta description, share preview and feed summary) and `rows` (the
    /// query a `[column].md` page is made from once per row).
    static let reserved: Set<String> = ["date", "description", "rows"]

    /// One warning per unread key and template, naming the first page (with the line) and how
    /// many more carry it: a key in 10,000 pages is one line, not 10,000.
    /// `readByQueries`: the keys that queries bound as `:name` parameters.
    static func warnings(pages: [Page], templates: TemplateSet, readByQueries: Set<String> = [], templateName: (Page) throws -> String)
        rethrows -> [String]
    {
        var readByTemplate: [String: Set<String>?] = [:]
        struct Unread: Hashable {
            let key: String
            let template: String
        }
        var found: [Unread: (first: String, count: Int, read: Set<String>)] = [:]
        var order: [Unread] = []
        for page in pages where page.hasSourceFile {
            let front = page.source.frontMatter
            let unknown = front.values.keys.filter {
                !FrontMatter.typedKeys.contains($0) && !reserved.contains($0) && !readByQueries.contains($0)
            }
            guard !unknown.isEmpty else { continue }
            let name = try templateName(page)
            if readByTemplate[name] == nil { readByTemplate[name] = .some(templates.pageKeys(readBy: name)) }
            guard var read = readByTemplate[name]! else { continue }
            // The page's own Mustache tags may read its keys too.
            if TemplateSet.hasTag(page.source.body), let body = try? Template(page.source.body) {
                guard TemplateSet.pageKeys(in: body, into: &read) else { continue }
            }
            for key in unknown.sorted() where !read.contains(key) {
                let unread = Unread(key: key, template: name)
                if let seen = found[unread] {
                    found[unread] = (seen.first, seen.count + 1, seen.read)
                } else {
                    let line = front.keyLines[key].map { ":\($0)" } ?? ""
                    found[unread] = ("Content/\(page.sourcePath)\(line)", 1, read)
                    order.append(unread)
                }
            }
        }
        return order.map { unread in
            let seen = found[unread]!
            let more = seen.count > 1 ? " (and \(seen.count - 1) more page\(seen.count == 2 ? "" : "s"))" : ""
            var warning =
                "\(seen.first): the front matter key `\(unread.key)` is read by neither ttsite nor the template `\(unread.template)`\(more)"
            if let near = Spelling.nearest(unread.key, among: Set(FrontMatter.typedKeys).union(seen.read)) {
                warning += "; did you mean `\(near)`?"
            }
            return warning
        }
    }
}
