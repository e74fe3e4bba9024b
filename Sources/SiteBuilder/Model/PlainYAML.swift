import TemplateEngine
import TextFormatting

/// The part of YAML that front matter is mostly written in, read by one scan over the bytes:
///
/// - `key: value` lines at the left edge, and blank lines between them;
/// - values YAML reads one way only: quoted text (double quotes with the common escapes, single
///   quotes with `''`), a word or sentence, a whole number, `true`/`false`, an ISO date or
///   date-time (`2020-01-27T05:58:00Z`);
/// - flow lists of such values (`tags: [a, "b c"]`);
/// - under a `key:` line, a block list (`- item` lines) or one level of `sub: value` lines.
///
/// Anything else — comments, anchors, multi-line text, other escapes, deeper nesting, a key
/// given twice, a line that could continue the one before — makes `entries(of:)` nil, and the
/// caller asks the YAML parser, which reads it (or names the mistake). What this reads, it reads
/// exactly as the YAML parser does: `PlainFrontMatterTests` holds it to Yams.
struct PlainYAML {
    struct Entry {
        var key: String
        var value: TemplateValue
        /// The value's text when it is a scalar (the typed keys need one).
        var text: String?
        /// 1-based line of the key in the text.
        var line: Int
    }

    /// The top-level keys of `text` in order, or nil if any line is outside the subset.
    static func entries(of text: String) -> [Entry]? {
        var reader = PlainYAML(bytes: Array(text.utf8))
        return reader.readEntries()
    }

    private let bytes: [UInt8]
    private let lines: [Range<Int>]
    private var next = 0
    /// As the YAML parser's: a block of more values is refused, so it is left to it.
    /// The root mapping is one.
    private var budget = TemplateValue.maximumYAMLValues - 1

    private init(bytes: [UInt8]) {
        self.bytes = bytes
        var lines: [Range<Int>] = []
        var start = 0
        while let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(start..<end)
            start = end + 1
        }
        if start < bytes.count { lines.append(start..<bytes.count) }
        self.lines = lines
    }

    private mutating func readEntries() -> [Entry]? {
        var entries: [Entry] = []
        var keys: Set<String> = []
        while next < lines.count {
            let line = lines[next]
            next += 1
            if line.isEmpty { continue }
            guard let (key, valueBytes) = entry(in: line), keys.insert(key).inserted else { return nil }
            let lineNumber = next
            if valueBytes.isEmpty {
                guard let value = block() else { return nil }
                entries.append(Entry(key: key, value: value, text: nil, line: lineNumber))
            } else {
                guard let (value, text) = value(in: valueBytes) else { return nil }
                entries.append(Entry(key: key, value: value, text: text, line: lineNumber))
            }
        }
        return entries
    }

    /// `key: value` or `key:` (the value on the lines below: an empty range) starting at
    /// `line`'s first byte.
    private func entry(in line: Range<Int>) -> (String, Range<Int>)? {
        guard let colon = bytes[line].firstIndex(of: UInt8(ascii: ":")), let key = key(in: line.lowerBound..<colon) else { return nil }
        var start = colon + 1
        if start == line.upperBound { return (key, start..<start) }
        guard bytes[start] == UInt8(ascii: " ") else { return nil }
        while start < line.upperBound, bytes[start] == UInt8(ascii: " ") { start += 1 }
        // `key: ` with nothing after it is null: left to YAML.
        guard start < line.upperBound else { return nil }
        return (key, start..<line.upperBound)
    }

    /// A key of letters, digits, `_` and `-`, starting with a letter or `_`.
    private func key(in range: Range<Int>) -> String? {
        // YAML allows implicit keys of at most 1024 characters; longer ones are its error to report.
        guard range.count <= 1024, let first = bytes[range].first, Self.isLetter(first) || first == UInt8(ascii: "_"),
            bytes[range].allSatisfy({ Self.isLetter($0) || Self.isDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
        else { return nil }
        return string(range)
    }

    // MARK: Blocks under a `key:` line

    /// A block list or a mapping of scalars and flow lists, on the lines after a `key:` line.
    private mutating func block() -> TemplateValue? {
        // `key:` on the last line is null: left to YAML.
        guard next < lines.count, let indent = indentation(of: lines[next]) else { return nil }
        let first = lines[next]
        if bytes[first.lowerBound + indent] == UInt8(ascii: "-") { return list(indent: indent) }
        // A `sub: value` line at the left edge is the next key, and this one null: left to YAML.
        return indent > 0 ? mapping(indent: indent) : nil
    }

    /// `- item` lines, each item a scalar, at the same indentation (YAML allows none).
    private mutating func list(indent: Int) -> TemplateValue? {
        var items: [TemplateValue] = []
        while next < lines.count {
            let line = lines[next]
            // A blank line could be part of an item that goes on below it: left to YAML.
            guard let lineIndent = indentation(of: line) else { return nil }
            let dash = line.lowerBound + indent
            if lineIndent == indent, bytes[dash] == UInt8(ascii: "-") {
                guard dash + 1 < line.upperBound, bytes[dash + 1] == UInt8(ascii: " ") else { return nil }
                var start = dash + 2
                while start < line.upperBound, bytes[start] == UInt8(ascii: " ") { start += 1 }
                guard start < line.upperBound, let (item, _) = scalar(in: start..<line.upperBound), spend() else { return nil }
                items.append(item)
            } else if lineIndent == 0 {
                break
            } else {
                // More indented: the item's text goes on, or a deeper block.
                return nil
            }
            next += 1
        }
        return spend() ? .list(items) : nil
    }

    /// `sub: value` lines at the same indentation (more than none), each value a scalar or a flow list.
    private mutating func mapping(indent: Int) -> TemplateValue? {
        var values: [String: TemplateValue] = [:]
        while next < lines.count {
            let line = lines[next]
            guard let lineIndent = indentation(of: line) else { return nil }
            if lineIndent == 0 { break }
            guard lineIndent == indent, let (key, valueBytes) = entry(in: line.lowerBound + indent..<line.upperBound),
                !valueBytes.isEmpty, values[key] == nil, let (value, _) = value(in: valueBytes)
            else { return nil }
            values[key] = value
            next += 1
        }
        return spend() ? .map(values) : nil
    }

    /// The spaces before a line's first other byte; nil for a line that is blank or starts with a tab.
    private func indentation(of line: Range<Int>) -> Int? {
        guard let first = bytes[line].firstIndex(where: { $0 != UInt8(ascii: " ") }), bytes[first] != UInt8(ascii: "\t") else { return nil }
        return first - line.lowerBound
    }

    private mutating func spend() -> Bool {
        budget -= 1
        return budget >= 0
    }

    // MARK: Values

    /// A scalar or a flow list of scalars, and the text of a scalar.
    private mutating func value(in range: Range<Int>) -> (TemplateValue, String?)? {
        // Whole, so that a quoted item of a flow list is held to it too.
        guard spend(), isPrintable(range) else { return nil }
        if bytes[range.lowerBound] == UInt8(ascii: "[") {
            return flowList(in: range).map { ($0, nil) }
        }
        return scalar(in: range).map { ($0.0, $0.1) }
    }

    /// `[a, "b c", 3]`: scalars between commas; `[]`.
    private mutating func flowList(in range: Range<Int>) -> TemplateValue? {
        guard bytes[range.upperBound - 1] == UInt8(ascii: "]") else { return nil }
        let end = range.upperBound - 1
        var items: [TemplateValue] = []
        var index = skipSpaces(from: range.lowerBound + 1, to: end)
        if index == end { return .list([]) }
        while true {
            let first = bytes[index]
            if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
                guard let (text, after) = quoted(from: index, to: end), spend() else { return nil }
                items.append(.string(text))
                index = after
            } else {
                var itemEnd = bytes[index..<end].firstIndex(of: UInt8(ascii: ",")) ?? end
                let after = itemEnd
                while itemEnd > index, bytes[itemEnd - 1] == UInt8(ascii: " ") { itemEnd -= 1 }
                // In a flow list these begin or end other YAML; `:` may start a mapping.
                guard itemEnd > index, !bytes[index..<itemEnd].contains(where: Self.isFlowIndicator),
                    let (item, _) = scalar(in: index..<itemEnd), spend()
                else { return nil }
                items.append(item)
                index = after
            }
            index = skipSpaces(from: index, to: end)
            if index == end { return .list(items) }
            guard bytes[index] == UInt8(ascii: ",") else { return nil }
            index = skipSpaces(from: index + 1, to: end)
            // A comma before `]` ends the list in YAML, not here: left to it.
            guard index < end else { return nil }
        }
    }

    private static func isFlowIndicator(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "{"), UInt8(ascii: "}"), UInt8(ascii: ":"), UInt8(ascii: "#"): true
        default: false
        }
    }

    private func skipSpaces(from start: Int, to end: Int) -> Int {
        var index = start
        while index < end, bytes[index] == UInt8(ascii: " ") { index += 1 }
        return index
    }

    /// The value and its text as a scalar, for the shapes YAML reads one way only.
    private func scalar(in range: Range<Int>) -> (TemplateValue, String)? {
        let slice = bytes[range]
        guard let first = slice.first, let last = slice.last, last != UInt8(ascii: " "), isPrintable(range) else { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            guard let (text, after) = quoted(from: range.lowerBound, to: range.upperBound), after == range.upperBound else { return nil }
            return (.string(text), text)
        }
        if slice.allSatisfy(Self.isDigit) {
            // A whole number without a leading zero, small enough for an Int.
            let text = string(range)
            guard slice.count <= 18, first != UInt8(ascii: "0") || slice.count == 1, let number = Int(text) else { return nil }
            return (.int(number), text)
        }
        let text = string(range)
        if text == "true" || text == "false" { return (.bool(text == "true"), text) }
        if isDate(range) { return (.string(text), text) }
        // A plain sentence: starts with a letter, no comment, no `key: value` inside, and not
        // one of the words YAML reads as something else.
        guard Self.isLetter(first), !slice.contains(UInt8(ascii: "#")), last != UInt8(ascii: ":"),
            !text.containsUTF8(": "), !Self.reservedWords.contains(text.lowercased())
        else { return nil }
        return (.string(text), text)
    }

    /// No control characters, and beyond ASCII only what YAML reads as text.
    private func isPrintable(_ range: Range<Int>) -> Bool {
        let slice = bytes[range]
        guard !slice.contains(where: { $0 < 0x20 || $0 == 0x7F }) else { return false }
        return !slice.contains(where: { $0 >= 0x80 }) || string(range).unicodeScalars.allSatisfy(Self.isYAMLPrintable)
    }

    /// Words YAML 1.1 reads as booleans or null in some spelling; left to the YAML parser.
    private static let reservedWords: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"]

    /// Quoted text starting at `start`: the text and the index after its closing quote. Double
    /// quotes take `\"`, `\\`, `\/`, `\n`, `\t`, `\r` and `\uXXXX` (of a printable character);
    /// single quotes take `''` for a quote. Other escapes are left to YAML.
    private func quoted(from start: Int, to end: Int) -> (String, Int)? {
        let quote = bytes[start]
        var text: [UInt8] = []
        var index = start + 1
        while index < end {
            let byte = bytes[index]
            if byte == quote {
                if quote == UInt8(ascii: "'"), index + 1 < end, bytes[index + 1] == quote {
                    text.append(quote)
                    index += 2
                    continue
                }
                return (String(decoding: text, as: UTF8.self), index + 1)
            }
            guard quote == UInt8(ascii: "\""), byte == UInt8(ascii: "\\") else {
                text.append(byte)
                index += 1
                continue
            }
            guard index + 1 < end else { return nil }
            switch bytes[index + 1] {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(bytes[index + 1])
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "u"):
                guard index + 6 <= end, bytes[index + 2..<index + 6].allSatisfy(Self.isHexDigit),
                    let code = UInt32(string(index + 2..<index + 6), radix: 16), code >= 0x20, code != 0x7F,
                    let scalar = Unicode.Scalar(code), Self.isYAMLPrintable(scalar)
                else { return nil }
                text.append(contentsOf: String(scalar).utf8)
                index += 4
            default: return nil
            }
            index += 2
        }
        return nil
    }

    /// `2024-02-02`, or a date and time with seconds, a fraction and a zone if any:
    /// `2020-01-27T05:58:00Z`, `2020-01-27 05:58:00.5+01:00`.
    private func isDate(_ range: Range<Int>) -> Bool {
        let text = bytes[range]
        func digits(_ offset: Int, _ count: Int) -> Bool {
            range.lowerBound + offset + count <= range.upperBound
                && text[range.lowerBound + offset..<range.lowerBound + offset + count].allSatisfy(Self.isDigit)
        }
        func byte(_ offset: Int) -> UInt8? { range.lowerBound + offset < range.upperBound ? text[range.lowerBound + offset] : nil }
        guard digits(0, 4), byte(4) == UInt8(ascii: "-"), digits(5, 2), byte(7) == UInt8(ascii: "-"), digits(8, 2) else { return false }
        if range.count == 10 { return true }
        guard byte(10) == UInt8(ascii: "T") || byte(10) == UInt8(ascii: " "), digits(11, 2), byte(13) == UInt8(ascii: ":"),
            digits(14, 2), byte(16) == UInt8(ascii: ":"), digits(17, 2)
        else { return false }
        var offset = 19
        if byte(offset) == UInt8(ascii: ".") {
            offset += 1
            guard digits(offset, 1) else { return false }
            while let next = byte(offset), Self.isDigit(next) { offset += 1 }
        }
        switch byte(offset) {
        case nil: return true
        case UInt8(ascii: "Z"): return offset + 1 == range.count
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            return digits(offset + 1, 2) && byte(offset + 3) == UInt8(ascii: ":") && digits(offset + 4, 2) && offset + 6 == range.count
        default: return false
        }
    }

    /// Characters beyond ASCII that YAML reads as plain text: not the C1 controls (NEL, U+0085,
    /// even ends a line), not the byte order mark, not U+FFFE and U+FFFF. (U+2028 and U+2029
    /// end a line too in YAML 1.1.)
    private static func isYAMLPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    private func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || ((byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "f"))
    }
    static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
}
