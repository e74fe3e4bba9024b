import TextFormatting

/// Walks parsed nodes with a stack of values and appends UTF-8 bytes to one buffer.
///
/// Names are looked up from the innermost value outwards (`{{name}}` inside `{{#person}}`
/// finds the person's name, or the page's); a dotted name's first part is looked up that way
/// and the rest only inside what it found. A section repeats for every element of a list,
/// shows once for `true`, for any other value with that value innermost, and never for
/// `false`, null, an empty list or a name that is missing.
struct TemplateRenderer {
    let library: TemplateLibrary
    var output: [UInt8]
    var stack: [TemplateValue]
    let misses: MissRecorder?
    /// Written before each path of a `.links` value.
    let linkBase: [UInt8]
    /// Partials already rendered, written in place of their templates.
    let written: [String: [UInt8]]
    /// How `{{name}}` escapes its value: for HTML, or (a page's Markdown) for Markdown; a
    /// partial writes HTML, and escapes for HTML whatever includes it.
    var escaping: TemplateEscaping = .html
    /// The last byte written from template text ended a line: the next byte written gets the
    /// indentation of the partial or block it comes from.
    private var atLineStart = true
    private var depth = 0

    /// Partials deeper than this are not rendered: a template that includes itself with no
    /// data to end it would otherwise exhaust the stack.
    static let maximumDepth = 200

    /// A block's content and the template it was written in.
    struct Block {
        let nodes: [Node]
        let template: String?
    }

    init(
        library: TemplateLibrary, output: [UInt8], stack: [TemplateValue], misses: MissRecorder?, linkBase: [UInt8] = [],
        written: [String: [UInt8]] = [:]
    ) {
        self.library = library
        self.output = output
        self.stack = stack
        self.misses = misses
        self.linkBase = linkBase
        self.written = written
    }

    mutating func render(_ nodes: [Node], indent: [UInt8], blocks: [String: Block], template: String?) {
        for node in nodes {
            switch node {
            case .text(let bytes):
                writeText(bytes, indent: indent)
            case .variable(let name, let escaped, let line):
                guard let value = lookup(name) else {
                    misses?.record(.name, name.text, template: template, line: line)
                    continue
                }
                write(value, escaped: escaped, indent: indent)
            case .section(let name, let inner, let line):
                guard let value = lookup(name) else {
                    if isStrictMiss(name) { misses?.record(.section, name.text, template: template, line: line) }
                    continue
                }
                switch value {
                case .bool(let shown):
                    if shown { render(inner, indent: indent, blocks: blocks, template: template) }
                case .null:
                    break
                case .list(let elements):
                    for element in elements {
                        stack.append(element)
                        render(inner, indent: indent, blocks: blocks, template: template)
                        stack.removeLast()
                    }
                default:
                    stack.append(value)
                    render(inner, indent: indent, blocks: blocks, template: template)
                    stack.removeLast()
                }
            case .inverted(let name, let inner, let line):
                let value = lookup(name)
                if value == nil, isStrictMiss(name) { misses?.record(.section, name.text, template: template, line: line) }
                if Self.isEmpty(value) { render(inner, indent: indent, blocks: blocks, template: template) }
            case .partial(let name, let own, let line):
                renderPartial(name, indent: indent + own, blocks: blocks, line: line, from: template)
            case .dynamicPartial(let name, let own, let line):
                guard case .string(let partial)? = lookup(name) else { continue }
                renderPartial(partial, indent: indent + own, blocks: blocks, line: line, from: template)
            case .parent(let name, let definitions, let own, let line):
                // The outermost definition of a block wins: a page overrides its layout's
                // layout.
                var merged = blocks
                for (block, nodes) in definitions where merged[block] == nil {
                    merged[block] = Block(nodes: nodes, template: template)
                }
                renderPartial(name, indent: indent + own, blocks: merged, line: line, from: template)
            case .block(let name, let nodes, let own):
                if let block = blocks[name] {
                    render(block.nodes, indent: indent + own, blocks: blocks, template: block.template)
                } else {
                    render(nodes, indent: indent + own, blocks: blocks, template: template)
                }
            }
        }
    }

    private mutating func renderPartial(_ name: String, indent: [UInt8], blocks: [String: Block], line: Int, from template: String?) {
        if !written.isEmpty, let bytes = written[name] {
            writeText(bytes, indent: indent)
            return
        }
        guard let partial = library.templates[name], depth < Self.maximumDepth else {
            misses?.record(.partial, name, template: template, line: line)
            return
        }
        depth += 1
        let outer = escaping
        escaping = .html
        render(partial.nodes, indent: indent, blocks: blocks, template: name)
        escaping = outer
        depth -= 1
    }

    /// Whether a name that was not found is one of `strictRoots` whose parent is there and
    /// holds no such key: a misspelling, not an optional value.
    private func isStrictMiss(_ name: Name) -> Bool {
        guard let misses, !misses.strictRoots.isEmpty, name.parts.count >= 2, misses.strictRoots.contains(name.parts[0]) else {
            return false
        }
        guard case .map? = lookup(Name(name.parts.dropLast().joined(separator: "."))) else { return false }
        return true
    }

    /// The value `name` stands for here, or nil.
    private func lookup(_ name: Name) -> TemplateValue? {
        guard let first = name.parts.first else { return stack.last }
        var index = stack.count - 1
        var found: TemplateValue?
        while index >= 0 {
            if case .map(let values) = stack[index], let value = values[first] {
                found = value
                break
            }
            index -= 1
        }
        guard var current = found else { return nil }
        for part in name.parts.dropFirst() {
            guard case .map(let values) = current, let value = values[part] else { return nil }
            current = value
        }
        return current
    }

    private static func isEmpty(_ value: TemplateValue?) -> Bool {
        switch value {
        case nil, .null?, .bool(false)?: true
        case .list(let elements)?: elements.isEmpty
        default: false
        }
    }

    // MARK: Writing

    private mutating func writeText(_ bytes: [UInt8], indent: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if indent.isEmpty {
            output.append(contentsOf: bytes)
            atLineStart = bytes[bytes.count - 1] == UInt8(ascii: "\n")
            return
        }
        var start = 0
        while start < bytes.count {
            if atLineStart { output.append(contentsOf: indent) }
            var end = start
            while end < bytes.count && bytes[end] != UInt8(ascii: "\n") { end += 1 }
            if end < bytes.count { end += 1 }
            output.append(contentsOf: bytes[start..<end])
            atLineStart = bytes[end - 1] == UInt8(ascii: "\n")
            start = end
        }
    }

    private mutating func write(_ value: TemplateValue, escaped: Bool, indent: [UInt8]) {
        switch value {
        case .string(var text):
            guard !text.isEmpty else { return }
            startValue(indent)
            append(&text, escaped: escaped)
        case .int(let number):
            startValue(indent)
            output.append(contentsOf: String(number).utf8)
        case .double(let number):
            startValue(indent)
            output.append(contentsOf: "\(number)".utf8)
        case .bool(let flag):
            startValue(indent)
            output.append(contentsOf: (flag ? "true" : "false").utf8)
        case .link(var path):
            startValue(indent)
            misses?.wrote(link: path)
            appendLinkBase(escaped: escaped)
            append(&path, escaped: escaped)
        case .links(let text):
            guard !text.pieces.isEmpty else { return }
            startValue(indent)
            for piece in text.pieces {
                switch piece {
                case .text(var text):
                    append(&text, escaped: escaped)
                case .path(var path):
                    misses?.wrote(link: path)
                    appendLinkBase(escaped: escaped)
                    append(&path, escaped: escaped)
                }
            }
        case .null, .list, .map:
            return
        }
        atLineStart = false
    }

    private mutating func appendLinkBase(escaped: Bool) {
        if escaped {
            linkBase.withUnsafeBufferPointer { HTMLEscaping.append($0, to: &output) }
        } else {
            output.append(contentsOf: linkBase)
        }
    }

    private mutating func append(_ text: inout String, escaped: Bool) {
        text.withUTF8 { bytes in
            guard escaped else {
                output.append(contentsOf: bytes)
                return
            }
            switch escaping {
            case .html: HTMLEscaping.append(bytes, to: &output)
            case .markdown: MarkdownEscaping.append(bytes, to: &output)
            case .plain: output.append(contentsOf: bytes)
            }
        }
    }

    private mutating func startValue(_ indent: [UInt8]) {
        if atLineStart && !indent.isEmpty { output.append(contentsOf: indent) }
    }
}
