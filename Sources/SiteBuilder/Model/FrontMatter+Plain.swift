import TemplateEngine
import TextFormatting

extension FrontMatter {
    /// Front matter made only of `key: value` lines whose values need no YAML machinery
    /// (quoted text without escapes, a word or sentence, a whole number, `true`/`false`, an
    /// ISO date), read by one scan; nil for anything else, which then goes to the YAML parser.
    ///
    /// Most pages' front matter is like that (`title: "…"`, `date: 2024-02-02`), and YAML
    /// parsing was an eighth of the CPU time of a 10,000-page build. The result must equal
    /// the YAML parser's to the byte: `PlainFrontMatterTests` compares both on every shape.
    init?(plain yaml: String) {
        self.init()
        var lineNumber = 1
        var lines = yaml.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)[...]
        if lines.last?.isEmpty == true { lines.removeLast() }
        for line in lines {
            lineNumber += 1
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")),
                let key = Self.plainKey(line[..<colon]), values[key] == nil
            else { return nil }
            var valueStart = line.index(after: colon)
            guard valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") else { return nil }
            while valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart = line.index(after: valueStart) }
            guard let (value, text) = Self.plainValue(line[valueStart...]) else { return nil }
            switch key {
            case "title": title = text
            case "lang": lang = text
            case "layout":
                guard !text.isEmpty,
                    text.utf8.allSatisfy({ Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
                else { return nil }
                layout = text
            case "slug":
                guard Self.isSlug(text) else { return nil }
                slug = text
            case "draft":
                guard case .bool(let flag) = value else { return nil }
                draft = flag
            case "menu":
                guard case .int(let position) = value else { return nil }
                menu = position
            default: break
            }
            values[key] = value
            keyLines[key] = lineNumber
        }
    }

    /// A key of letters, digits, `_` and `-`, starting with a letter or `_`.
    private static func plainKey(_ bytes: Substring.UTF8View.SubSequence) -> String? {
        // YAML allows implicit keys of at most 1024 characters; longer ones are its error to report.
        guard bytes.count <= 1024, let first = bytes.first, isLetter(first) || first == UInt8(ascii: "_"),
            bytes.allSatisfy({ isLetterOrDigit($0) || $0 == UInt8(ascii: "_") || $0 == UInt8(ascii: "-") })
        else { return nil }
        return String(Substring(bytes))
    }

    /// The value and its text as a scalar, for the shapes YAML reads one way only.
    private static func plainValue(_ bytes: Substring.UTF8View.SubSequence) -> (TemplateValue, String)? {
        guard let first = bytes.first, let last = bytes.last, last != UInt8(ascii: " "),
            !bytes.contains(where: { $0 < 0x20 || $0 == 0x7F })
        else { return nil }
        let text = String(Substring(bytes))
        if bytes.contains(where: { $0 >= 0x80 }), !text.unicodeScalars.allSatisfy(isYAMLPrintable) { return nil }
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            // Quoted, without escapes or a quote inside: the text between the quotes.
            let inner = bytes.dropFirst().dropLast()
            guard bytes.count >= 2, last == first, !inner.contains(first), !inner.contains(UInt8(ascii: "\\")) else { return nil }
            let string = String(Substring(inner))
            return (.string(string), string)
        }
        if bytes.allSatisfy(isDigit) {
            // A whole number without a leading zero, small enough for an Int.
            guard bytes.count <= 18, first != UInt8(ascii: "0") || bytes.count == 1, let number = Int(text) else { return nil }
            return (.int(number), text)
        }
        if text == "true" || text == "false" { return (.bool(text == "true"), text) }
        if isISODate(bytes) { return (.string(text), text) }
        // A plain sentence: starts with a letter, no comment, no `key: value` inside, and not
        // one of the words YAML reads as something else.
        guard isLetter(first), !bytes.contains(UInt8(ascii: "#")), last != UInt8(ascii: ":"),
            !text.containsUTF8(": "), !reservedWords.contains(text.lowercased())
        else { return nil }
        return (.string(text), text)
    }

    /// Words YAML 1.1 reads as booleans or null in some spelling; left to the YAML parser.
    private static let reservedWords: Set<String> = ["y", "n", "yes", "no", "on", "off", "true", "false", "null", "nan", "inf"]

    /// Characters beyond ASCII that YAML reads as plain text: not the C1 controls (NEL, U+0085,
    /// even ends a line), not the byte order mark, not U+FFFE and U+FFFF. (U+2028 and U+2029
    /// end a line too in YAML 1.1.)
    private static func isYAMLPrintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x80...0x9F, 0x2028, 0x2029, 0xFEFF, 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    private static func isISODate(_ bytes: Substring.UTF8View.SubSequence) -> Bool {
        let digits = Array(bytes)
        guard digits.count == 10, digits[4] == UInt8(ascii: "-"), digits[7] == UInt8(ascii: "-") else { return false }
        return digits.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 7 || isDigit($0.element) }
    }

    /// `a-z` and `0-9` in words joined by single dashes (also for `slug:` of YAML front matter).
    static func isSlug(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !parts.contains { $0.isEmpty || !$0.utf8.allSatisfy { isDigit($0) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) } }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isLetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
    static func isLetterOrDigit(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
}
