/// Named templates that refer to each other as partials and parents, parsed once and
/// rendered many times, from several threads at once.
///
///     var library = TemplateLibrary()
///     try library.add("page", source: "<h1>{{title}}</h1>{{>footer}}")
///     let html = library.render("page", ["title": "Hello"])
public struct TemplateLibrary: Sendable {
    public private(set) var templates: [String: Template] = [:]

    public init() {}

    /// Parses `source` and adds it as `name`; throws a `TemplateError` naming the line.
    public mutating func add(_ name: String, source: String) throws {
        templates[name] = try Template(source)
    }

    public mutating func add(_ name: String, template: Template) {
        templates[name] = template
    }

    /// The template `name` rendered with `value`, as UTF-8 bytes appended to `output`.
    /// Nothing is appended for a name the library does not hold. `linkBase` goes before each
    /// path of a `.links` value.
    /// `written` holds partials already rendered for this call, by name: their bytes are
    /// written where the partial is included (indented as its lines would be), and the
    /// partial's template is not rendered — how a caller that writes a partial's output
    /// itself, faster than the template would, takes the template's place.
    public func render(
        _ name: String, _ value: TemplateValue, into output: inout [UInt8], misses: MissRecorder? = nil, linkBase: String = "",
        written: [String: [UInt8]] = [:]
    ) {
        guard let template = templates[name] else {
            misses?.record(.partial, name, template: nil, line: 0)
            return
        }
        render(template, named: name, value, into: &output, misses: misses, linkBase: linkBase, written: written)
    }

    /// `template` rendered with `value`; its partials and parents come from this library.
    /// Misses in it are recorded under `name` (nil: a template of no name, such as a page's
    /// own text).
    public func render(
        _ template: Template, named name: String? = nil, _ value: TemplateValue, into output: inout [UInt8],
        misses: MissRecorder? = nil, linkBase: String = "", written: [String: [UInt8]] = [:], escaping: TemplateEscaping = .html
    ) {
        var renderer = TemplateRenderer(
            library: self, output: output, stack: [value], misses: misses, linkBase: Array(linkBase.utf8), written: written)
        renderer.escaping = escaping
        output = []
        renderer.render(template.nodes, indent: [], blocks: [:], template: name)
        output = renderer.output
    }

    /// The template `name` rendered with `value`, as a string.
    public func render(_ name: String, _ value: TemplateValue) -> String {
        var output: [UInt8] = []
        render(name, value, into: &output)
        return String(decoding: output, as: UTF8.self)
    }

    public func render(_ template: Template, _ value: TemplateValue, misses: MissRecorder? = nil, escaping: TemplateEscaping = .html)
        -> String
    {
        var output: [UInt8] = []
        render(template, value, into: &output, misses: misses, escaping: escaping)
        return String(decoding: output, as: UTF8.self)
    }
}

/// How `{{name}}` writes its value.
public enum TemplateEscaping: Sendable {
    /// For HTML: `& < > " '` as entities.
    case html
    /// For Markdown that is rendered afterwards (a page's text): every value a literal text,
    /// never Markdown (`MarkdownEscaping`), so that a value from data cannot become an image,
    /// a heading or a report block.
    case markdown
    /// For text that is escaped where it is written (a page's title made from its row): as it
    /// is.
    case plain
}

/// Told of every name a template asked for and did not find, and of every partial that does
/// not exist: how a site reports `{{titel}}` instead of rendering silence. Told too of every
/// link it wrote (the path of each `.link` value and `.links` piece, before the link base):
/// how a site checks that each leads to a file it made. A class, since a render fills it in
/// passing; one render at a time (give each thread its own).
public final class MissRecorder {
    public struct Miss: Hashable, Sendable {
        /// `name`: a variable; `section`: a section or an inverted section over a name of
        /// `strictRoots` whose last part its parent does not hold (a misspelt result, where
        /// any other missing section is optional); `partial`: a template.
        public enum Kind: Sendable { case name, section, partial }
        public let kind: Kind
        /// The name as written in the tag (`page.titel`, `footer`).
        public let name: String
        /// The template it is in (nil: a template of no name), and the line.
        public let template: String?
        public let line: Int
    }

    public private(set) var misses: Set<Miss> = []
    /// The paths of the links written, in order (as the value held them: from the site's
    /// root, before the link base).
    public private(set) var links: [String] = []
    /// The first parts of dotted names whose every key is known (`data`, `row`): a section
    /// over `data.contries`, when `data` is there and holds no `contries`, is a miss too.
    public let strictRoots: Set<String>

    public init(strictRoots: Set<String> = []) {
        self.strictRoots = strictRoots
    }

    func wrote(link path: String) {
        links.append(path)
    }

    /// Notes links written by another render whose output is used again here.
    public func wrote(links paths: [String]) {
        links += paths
    }

    func record(_ kind: Miss.Kind, _ name: String, template: String?, line: Int) {
        misses.insert(Miss(kind: kind, name: name, template: template, line: line))
    }
}
