import TemplateEngine

extension FrontMatter {
    /// Front matter written the way most people write it, read by one scan (`PlainYAML`); nil
    /// for anything else, which then goes to the YAML parser.
    ///
    /// Most pages' front matter is `key: value` lines, a list of tags and perhaps an author
    /// under a key (`title: "…"`, `date: 2020-01-27T05:58:00Z`, `tags: [a, b]`). YAML parsing
    /// was an eighth of the CPU time of a 10,000-page build with dates, and a fifth with the
    /// date-times, tag lists and escaped quotes Hugo's archetypes write: Yams resolves every
    /// scalar's tag with regular expressions, and hashes the keys of each mapping to find
    /// duplicates. The result must equal the YAML parser's to the byte:
    /// `PlainFrontMatterTests` compares both on every shape, and on thousands of blocks made at
    /// random from near misses on each side.
    public init?(plain yaml: String) {
        self.init()
        guard let entries = PlainYAML.entries(of: yaml) else { return nil }
        for entry in entries {
            let key = entry.key
            if Self.typedKeys.contains(key) {
                // A typed key holding a list or a mapping is YAML's error to report.
                guard let text = entry.text else { return nil }
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
                    guard case .bool(let flag) = entry.value else { return nil }
                    draft = flag
                case "menu":
                    guard case .int(let position) = entry.value else { return nil }
                    menu = position
                default: break
                }
            }
            values[key] = entry.value
            // The block's first line is the file's second.
            keyLines[key] = entry.line + 1
        }
    }

    /// `a-z` and `0-9` in words joined by single dashes (also for `slug:` of YAML front matter).
    static func isSlug(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        return !parts.contains {
            $0.isEmpty || !$0.utf8.allSatisfy { PlainYAML.isDigit($0) || ($0 >= UInt8(ascii: "a") && $0 <= UInt8(ascii: "z")) }
        }
    }

    static func isLetterOrDigit(_ byte: UInt8) -> Bool { PlainYAML.isLetter(byte) || PlainYAML.isDigit(byte) }
}
