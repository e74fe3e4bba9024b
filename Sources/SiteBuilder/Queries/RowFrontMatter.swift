import TemplateEngine
import TextFormatting

/// The texts of a `[column].md` page's front matter that read its row (`{{row.COLUMN}}`): the
/// title, the description and any other text a template may show, in lists and maps too. Each
/// is parsed once and filled for every row as text (`TemplateEscaping.plain`): escaped where
/// a template writes it, not before. A text that reads anything but the row is an error
/// naming its key: a row page's front matter is filled from its row alone, and
/// `{{site.title}}` would be published empty.
struct RowFrontMatter {
    /// One step down to a text: a key of a map or an index of a list.
    private enum Step {
        case key(String)
        case index(Int)
    }

    private var title: Template?
    private var texts: [(steps: [Step], template: Template)] = []
    /// The columns the texts read; nil when they may read any (`{{#row}}`).
    private(set) var columns: Set<String>? = []

    var isEmpty: Bool { title == nil && texts.isEmpty }

    /// The key whose value names the query of the rows: never a text to fill.
    private static let rowsKey = "rows"

    /// No text to fill: the front matter of a page made from data alone.
    static let none = RowFrontMatter()

    private init() {}

    init(_ frontMatter: FrontMatter, file: String) throws {
        if let text = frontMatter.title, text.containsUTF8("{{") {
            title = try Self.template(text, key: "title", frontMatter: frontMatter, file: file)
        }
        for key in frontMatter.values.keys.sorted() where key != Self.rowsKey {
            try collect(frontMatter.values[key]!, steps: [.key(key)], key: key, frontMatter: frontMatter, file: file)
        }
        for template in [title].compactMap({ $0 }) + texts.map(\.template) {
            guard let read = template.keys(readUnder: "row") else {
                columns = nil
                break
            }
            columns?.formUnion(read)
        }
    }

    private mutating func collect(_ value: TemplateValue, steps: [Step], key: String, frontMatter: FrontMatter, file: String) throws {
        switch value {
        case .string(let text) where text.containsUTF8("{{"):
            texts.append((steps, try Self.template(text, key: key, frontMatter: frontMatter, file: file)))
        case .list(let items):
            for (index, item) in items.enumerated() {
                try collect(item, steps: steps + [.index(index)], key: key, frontMatter: frontMatter, file: file)
            }
        case .map(let members):
            for name in members.keys.sorted() {
                try collect(members[name]!, steps: steps + [.key(name)], key: key, frontMatter: frontMatter, file: file)
            }
        default: break
        }
    }

    private static func template(_ text: String, key: String, frontMatter: FrontMatter, file: String) throws -> Template {
        let line = frontMatter.keyLines[key]
        let template: Template
        do { template = try Template(text) } catch let error as TemplateError {
            throw BuildError(.content, "template error in the front matter's `\(key)`: \(error.message)", in: file, line: line)
        }
        if let other = template.names.first(where: { $0 != "." && $0 != "row" && !$0.hasPrefix("row.") }) {
            throw BuildError(
                .content,
                "the front matter's `\(key)` reads `{{\(other)}}`, but a row page's front matter is filled from its row alone "
                    + "(`{{row.COLUMN}}`); write other texts without braces", in: file, line: line)
        }
        return template
    }

    /// Fills the texts with `row`, the row's values as text.
    func fill(_ frontMatter: inout FrontMatter, row: TemplateValue) {
        let context = TemplateValue.map(["row": row])
        let library = TemplateLibrary()
        if let title { frontMatter.title = library.render(title, context, escaping: .plain) }
        for (steps, template) in texts {
            guard case .key(let key) = steps[0], let value = frontMatter.values[key] else { continue }
            frontMatter.values[key] = Self.replacing(
                value, at: steps.dropFirst(), with: library.render(template, context, escaping: .plain))
        }
    }

    private static func replacing(_ value: TemplateValue, at steps: ArraySlice<Step>, with text: String) -> TemplateValue {
        guard let step = steps.first else { return .string(text) }
        switch (step, value) {
        case (.index(let index), .list(var items)) where items.indices.contains(index):
            items[index] = replacing(items[index], at: steps.dropFirst(), with: text)
            return .list(items)
        case (.key(let key), .map(var members)):
            guard let member = members[key] else { return value }
            members[key] = replacing(member, at: steps.dropFirst(), with: text)
            return .map(members)
        default:
            return value
        }
    }
}
