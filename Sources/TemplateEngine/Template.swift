/// A Mustache template parsed once into a tree whose names are already split (`a.b.c` is
/// `["a", "b", "c"]`), whose text is UTF-8 bytes, and whose standalone lines are already
/// stripped, so rendering only walks the tree and appends bytes.
public struct Template: Sendable {
    let nodes: [Node]

    /// Parses `source`; throws a `TemplateError` naming the line.
    public init(_ source: String) throws {
        var parser = TemplateParser(Array(source.utf8))
        nodes = try parser.parseTemplate()
    }

    /// The names the template's own tags look up (`page.title`, `.`), partials aside.
    public var names: [String] {
        var names: [String] = []
        Node.visit(nodes) { node in
            switch node {
            case .variable(let name, _, _), .section(let name, _, _), .inverted(let name, _, _), .dynamicPartial(let name, _, _):
                names.append(name.text)
            default: break
            }
        }
        return names
    }

    /// The partials and parents the template includes, with their lines.
    public var partialNames: [(name: String, line: Int)] {
        var names: [(String, Int)] = []
        Node.visit(nodes) { node in
            switch node {
            case .partial(let name, _, let line), .parent(let name, _, _, let line): names.append((name, line))
            default: break
            }
        }
        return names
    }

    /// The keys of the value named `value` that the template reads as `value.KEY`: `["name"]`
    /// for `{{row.name}}` and `row`. Nil when it may read any of them: it names `value`
    /// itself (`{{#row}}`, `{{row}}`) or includes a partial, which may.
    public func keys(readUnder value: String) -> Set<String>? {
        guard partialNames.isEmpty, !hasDynamicPartials else { return nil }
        var keys: Set<String> = []
        for name in names {
            let parts = name.split(separator: ".", maxSplits: 2, omittingEmptySubsequences: false)
            guard parts.first.map(String.init) == value else { continue }
            guard parts.count > 1 else { return nil }
            keys.insert(String(parts[1]))
        }
        return keys
    }

    /// Whether the template includes a partial whose name a value gives (`{{>*name}}`):
    /// then any template of its library may be rendered with it.
    public var hasDynamicPartials: Bool {
        var found = false
        Node.visit(nodes) { node in
            if case .dynamicPartial = node { found = true }
        }
        return found
    }
}

/// A name in a tag: `.` (the current value) or a dotted path.
struct Name: Sendable {
    /// Empty for `.`.
    let parts: [String]
    let text: String

    init(_ text: String) {
        self.text = text
        parts = text == "." ? [] : text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    }
}

/// One piece of a parsed template.
indirect enum Node: Sendable {
    /// Bytes written as they are.
    case text([UInt8])
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}`.
    case variable(Name, escaped: Bool, line: Int)
    /// `{{#name}}…{{/name}}`.
    case section(Name, [Node], line: Int)
    /// `{{^name}}…{{/name}}`.
    case inverted(Name, [Node], line: Int)
    /// `{{>name}}`; a standalone partial indents every line of its template.
    case partial(String, indent: [UInt8], line: Int)
    /// `{{>*name}}`: the partial whose name the value of `name` holds.
    case dynamicPartial(Name, indent: [UInt8], line: Int)
    /// `{{<name}}{{$block}}…{{/block}}{{/name}}`: the template `name` with these blocks
    /// replaced.
    case parent(String, blocks: [String: [Node]], indent: [UInt8], line: Int)
    /// `{{$name}}default{{/name}}`: replaced by the block of that name of the nearest parent
    /// tag that gives one, else its default content.
    case block(String, [Node], indent: [UInt8])

    /// Calls `body` for every node of `nodes` and of everything inside them.
    static func visit(_ nodes: [Node], _ body: (Node) -> Void) {
        for node in nodes {
            body(node)
            switch node {
            case .section(_, let inner, _), .inverted(_, let inner, _), .block(_, let inner, _): visit(inner, body)
            case .parent(_, let blocks, _, _): for key in blocks.keys.sorted() { visit(blocks[key]!, body) }
            default: break
            }
        }
    }
}
