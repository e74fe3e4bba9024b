/// Reads Mustache source into nodes, byte by byte, the way the Mustache spec describes:
/// tags, custom delimiters, and *standalone lines* — a line holding only one section, comment,
/// partial, parent, block or delimiter tag and white space vanishes from the output, and the
/// white space before a standalone partial, parent or block indents its every line.
///
/// Inside a parent tag (`{{<parent}}…{{/parent}}`) only the `{{$block}}` definitions count;
/// the tags of that body do not make a line "not blank", so `{{<parent}}{{$block}}` on a line
/// of its own is standalone. A block whose opening tag is standalone loses the indentation of
/// its first line on every line (it is added again where the block is expanded).
struct TemplateParser {
    private let bytes: [UInt8]
    private var position = 0
    private var line = 1
    private var open: [UInt8] = Array("{{".utf8)
    private var close: [UInt8] = Array("}}".utf8)
    /// Nothing but white space (or tags that leave a line blank) since the line began.
    private var lineIsBlank = true
    /// The white space that began the current line, held back until the line shows whether
    /// it is standalone.
    private var pending: [UInt8] = []
    /// The indentation each enclosing standalone block removes from its lines; nil until its
    /// first line sets it.
    private var dedents: [[UInt8]?] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func parseTemplate() throws -> [Node] {
        readLineStart()
        let (nodes, closing) = try parseNodes(inParentBody: false)
        if let closing {
            throw TemplateError("`\(closing.text)` closes a section that was never opened", line: closing.line)
        }
        return nodes
    }

    // MARK: Nodes

    private struct Closing {
        let name: String
        let text: String
        let line: Int
    }

    /// Reads nodes up to a closing tag (returned, already consumed) or the end.
    private mutating func parseNodes(inParentBody: Bool) throws -> ([Node], Closing?) {
        var nodes: [Node] = []
        func emit(_ text: [UInt8]) {
            if !text.isEmpty && !inParentBody { Self.appendText(text, to: &nodes) }
        }
        while position < bytes.count {
            let textStart = position
            let tagStart = findTagOrNewline()
            if tagStart == nil {
                // A newline (consumed) or the end: the line's text as it is.
                let text = pending + bytes[textStart..<position]
                pending = []
                emit(text)
                if position > textStart, bytes[position - 1] == UInt8(ascii: "\n") {
                    line += 1
                    lineIsBlank = true
                    readLineStart()
                }
                continue
            }
            if tagStart! > textStart {
                emit(pending + bytes[textStart..<tagStart!])
                pending = []
                lineIsBlank = false
            }
            let tag = try readTag()
            if let closing = try handle(tag, into: &nodes, inParentBody: inParentBody) {
                return (nodes, closing)
            }
        }
        emit(pending)
        pending = []
        return (nodes, nil)
    }

    /// Text joins the text node before it: the lines of a template are read one by one, but a
    /// page renders faster from one node per run of text.
    private static func appendText(_ text: [UInt8], to nodes: inout [Node]) {
        if case .text(var previous)? = nodes.last {
            // Taken out first, so that the bytes are appended in place, not copied each line.
            nodes.removeLast()
            previous += text
            nodes.append(.text(previous))
        } else {
            nodes.append(.text(text))
        }
    }

    /// Adds the node of `tag` (and for a section everything up to its closing tag) to `nodes`;
    /// returns the closing tag when `tag` is one.
    private mutating func handle(_ tag: Tag, into nodes: inout [Node], inParentBody: Bool) throws -> Closing? {
        let standalone = tag.kind.canStandAlone && lineIsBlank && restOfLineIsBlank()
        let indent = lineIsBlank ? pending : []
        if tag.kind == .close, let open = openTags.last, open.dedents {
            // The block's lines end here: the next line keeps its indentation.
            closedDedent = dedents.removeLast() ?? []
        }
        if standalone {
            pending = []
            if tag.kind == .block { dedents.append(nil) }
            skipRestOfLine()
        } else {
            // In a parent's body only blocks count, so its own tags keep a line blank.
            let keepsLineBlank =
                tag.kind == .parent || (tag.kind == .close && (inParentBody || closeInParentBody))
                || (tag.kind == .block && inParentBody)
            if !keepsLineBlank { lineIsBlank = false }
            if !pending.isEmpty && !inParentBody { Self.appendText(pending, to: &nodes) }
            pending = []
        }

        switch tag.kind {
        case .comment:
            break
        case .delimiters:
            try setDelimiters(tag)
        case .variable, .unescaped:
            nodes.append(.variable(Name(tag.name), escaped: tag.kind == .variable, line: tag.line))
        case .section, .inverted:
            let inner = try parseSection(tag)
            nodes.append(
                tag.kind == .section ? .section(Name(tag.name), inner, line: tag.line) : .inverted(Name(tag.name), inner, line: tag.line))
        case .partial:
            let partialIndent = standalone ? indent : []
            if tag.name.hasPrefix("*") {
                let name = String(tag.name.dropFirst()).trimmingSpaces
                nodes.append(.dynamicPartial(Name(name), indent: partialIndent, line: tag.line))
            } else {
                nodes.append(.partial(tag.name, indent: partialIndent, line: tag.line))
            }
        case .parent:
            let body = try parseSection(tag, isParent: true)
            var blocks: [String: [Node]] = [:]
            for case .block(let name, let content, _) in body { blocks[name] = content }
            nodes.append(.parent(tag.name, blocks: blocks, indent: indent, line: tag.line))
        case .block:
            let content = try parseSection(tag, dedents: standalone, definedInParentBody: inParentBody)
            // A standalone block is indented as its own lines were; an empty one as its tag.
            let blockIndent = standalone && !content.isEmpty ? closedDedent : indent
            nodes.append(.block(tag.name, content, indent: blockIndent))
        case .close:
            return Closing(name: tag.name, text: "{{/\(tag.name)}}", line: tag.line)
        }
        return nil
    }

    private struct OpenTag {
        let dedents: Bool
        let definedInParentBody: Bool
    }

    /// The sections, parents and blocks being read, innermost last.
    private var openTags: [OpenTag] = []
    /// The indentation the block that closed last removed from its lines.
    private var closedDedent: [UInt8] = []
    /// Whether the innermost open tag is a block defined directly in a parent's body, whose
    /// closing tag keeps its line blank.
    private var closeInParentBody: Bool { openTags.last?.definedInParentBody ?? false }

    /// The nodes of a section, parent or block up to its closing tag, which must name it.
    private mutating func parseSection(_ tag: Tag, isParent: Bool = false, dedents: Bool = false, definedInParentBody: Bool = false) throws
        -> [Node]
    {
        openTags.append(OpenTag(dedents: dedents, definedInParentBody: definedInParentBody))
        defer { openTags.removeLast() }
        let (nodes, closing) = try parseNodes(inParentBody: isParent)
        guard let closing else {
            throw TemplateError("`\(tag.opening)` is opened here but never closed", line: tag.line)
        }
        guard closing.name == tag.name else {
            throw TemplateError(
                "`\(closing.text)` closes `\(tag.opening)` of line \(tag.line); close it with `{{/\(tag.name)}}`", line: closing.line)
        }
        return nodes
    }

    // MARK: Tags

    private enum Kind: Equatable {
        case variable, unescaped, section, inverted, close, partial, parent, block, comment, delimiters

        var canStandAlone: Bool { self != .variable && self != .unescaped }
    }

    private struct Tag {
        let kind: Kind
        let name: String
        let line: Int
        let sigil: String

        var opening: String { "{{\(sigil)\(name)}}" }
    }

    /// Reads the tag at `position` (on the open delimiter) and moves past it.
    private mutating func readTag() throws -> Tag {
        let startLine = line
        position += open.count
        var kind = Kind.variable
        var sigil = ""
        var closeWith = close
        if position < bytes.count {
            switch bytes[position] {
            case UInt8(ascii: "!"): kind = .comment
            case UInt8(ascii: "#"): kind = .section
            case UInt8(ascii: "^"): kind = .inverted
            case UInt8(ascii: "/"): kind = .close
            case UInt8(ascii: ">"): kind = .partial
            case UInt8(ascii: "<"): kind = .parent
            case UInt8(ascii: "$"): kind = .block
            case UInt8(ascii: "="):
                kind = .delimiters
                closeWith = Array("=".utf8) + close
            case UInt8(ascii: "&"): kind = .unescaped
            case UInt8(ascii: "{"):
                kind = .unescaped
                closeWith = Array("}".utf8) + close
            default: break
            }
            if kind != .variable {
                sigil = String(decoding: [bytes[position]], as: UTF8.self)
                position += 1
            }
        }
        guard let end = find(closeWith, from: position) else {
            throw TemplateError("a tag is not finished (missing `\(String(decoding: closeWith, as: UTF8.self))`?)", line: startLine)
        }
        let content = bytes[position..<end]
        line += content.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        position = end + closeWith.count
        let name = String(decoding: content, as: UTF8.self).trimmingSpaces
        if kind != .comment && kind != .delimiters && name.isEmpty {
            throw TemplateError(
                "`\(String(decoding: open, as: UTF8.self))\(sigil)\(String(decoding: closeWith, as: UTF8.self))` has no name",
                line: startLine)
        }
        return Tag(kind: kind, name: name, line: startLine, sigil: sigil)
    }

    private mutating func setDelimiters(_ tag: Tag) throws {
        let parts = tag.name.split(whereSeparator: { $0 == " " || $0 == "\t" })
        guard parts.count == 2, !parts.contains(where: { $0.utf8.contains(UInt8(ascii: "=")) }) else {
            throw TemplateError("a set-delimiter tag needs two delimiters, such as `{{=<% %>=}}`", line: tag.line)
        }
        open = Array(parts[0].utf8)
        close = Array(parts[1].utf8)
    }

    // MARK: Scanning

    /// Moves to the next open delimiter (returning where it starts, without consuming it) or
    /// past the next newline (returning nil), or to the end.
    private mutating func findTagOrNewline() -> Int? {
        let first = open[0]
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\n") {
                position += 1
                return nil
            }
            if byte == first && matches(open, at: position) { return position }
            position += 1
        }
        return nil
    }

    private func matches(_ needle: [UInt8], at index: Int) -> Bool {
        guard index + needle.count <= bytes.count else { return false }
        for offset in 0..<needle.count where bytes[index + offset] != needle[offset] { return false }
        return true
    }

    private func find(_ needle: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if matches(needle, at: index) { return index }
            index += 1
        }
        return nil
    }

    /// Whether only spaces and tabs stand between `position` and the end of the line.
    private func restOfLineIsBlank() -> Bool {
        var index = position
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"): index += 1
            case UInt8(ascii: "\n"): return true
            case UInt8(ascii: "\r"): return index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "\n")
            default: return false
            }
        }
        return true
    }

    /// Skips the blank rest of a standalone tag's line and its newline, and reads the start of
    /// the next line.
    private mutating func skipRestOfLine() {
        while position < bytes.count && bytes[position] != UInt8(ascii: "\n") { position += 1 }
        if position < bytes.count {
            position += 1
            line += 1
            lineIsBlank = true
            readLineStart()
        }
    }

    /// Holds back the white space that begins a line, less what enclosing standalone blocks
    /// remove.
    private mutating func readLineStart() {
        let start = position
        while position < bytes.count && (bytes[position] == UInt8(ascii: " ") || bytes[position] == UInt8(ascii: "\t")) {
            position += 1
        }
        var space = Array(bytes[start..<position])
        for index in dedents.indices {
            if let indent = dedents[index] {
                space.removeFirst(min(indent.count, space.count))
            } else {
                dedents[index] = space
                space = []
            }
        }
        pending = space
    }
}

extension String {
    /// Without the spaces and tabs at either end.
    var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" && $0 != "\n" && $0 != "\r" })!
        return String(scalars[first...last])
    }
}
