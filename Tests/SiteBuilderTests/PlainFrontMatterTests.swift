import Testing

@testable import SiteBuilder

/// The one-scan reader of plain front matter against the YAML parser (Yams) as the oracle:
/// whatever the plain reader accepts it must read exactly as YAML does, values, typed keys
/// and lines alike; whatever it cannot be sure of, it must leave to YAML.
struct PlainFrontMatterTests {
    /// Values that stand for every branch of the plain reader, and near misses on each side.
    static let values = [
        #""Page 1: Event river distance letter""#, "'single quoted'", #""""#, "''", #""with 'single' inside""#,
        "A plain sentence, with commas", "Rock & roll * ! | > %", "http://example.org/x", "It's fine",
        "Größe und Übermaß", "Москва", "日本語のタイトル",
        "0", "7", "42", "123456789012345678", "1234567890123456789", "007", "-3", "+3", "1_000", "0x1F", "1e3", "3.14", ".5", ".inf",
        "true", "false", "True", "FALSE", "yes", "No", "on", "OFF", "y", "n", "null", "Null", "~", "NaN", "inf",
        "2024-02-02", "2024-2-2", "2024-02-02T10:00:00Z", "1969-07-20 20:17:40",
        "a: b", "ends with colon:", "has # comment", "#comment", "[a, b]", "{a: 1}", "- item", "*alias", "&anchor x", "!tag x",
        "| block", "> folded", "@at", "`tick`", "%percent", #""escaped \" quote""#, "'it''s'", #""unterminated"#,
        "trailing space ", "tab\there", "bom\u{FEFF}x", "c1\u{85}nel", "c1\u{86}x", "ls\u{2028}x", "ps\u{2029}x", "nbsp\u{A0}x",
    ]

    static let keys = ["title", "layout", "draft", "lang", "slug", "menu", "description", "date", "my_key", "my-key", "Tags2"]

    static func blocks() -> [String] {
        var blocks: [String] = []
        for key in keys {
            for value in values { blocks.append("\(key): \(value)\n") }
        }
        blocks += [
            "title: \"A\"\ndate: 2024-02-02\n", "title: A\nlayout: post\nslug: my-page\nmenu: 3\ndraft: false\nlang: de\n",
            "title: A\ntitle: B\n", "title: A\n\ndate: 2024-02-02\n", "title:A\n", "title:  two spaces\n", " title: indented\n",
            "title: A\n# comment\n", "layout: ../../etc\n", "slug: Bad_Slug\n", "slug: a--b\n", "menu: x\n", "draft: yes\n",
            String(repeating: "k", count: 1100) + ": long key\n", "tags:\n  - a\n  - b\n", "title: A", "",
        ]
        return blocks
    }

    @Test func whatThePlainReaderAcceptsItReadsAsYAMLDoes() {
        var accepted = 0
        for block in Self.blocks() {
            guard let plain = FrontMatter(plain: block) else { continue }
            accepted += 1
            let yaml = try? FrontMatter(yaml: block, file: "test.md")
            #expect(plain == yaml, "\(block.debugDescription)")
        }
        // The common shapes must take the fast way, or the test would prove nothing.
        #expect(accepted > 120)
        #expect(FrontMatter(plain: "title: \"Page 1: Event river distance letter\"\ndate: 2024-02-02\n") != nil)
    }

    @Test func whatYAMLRefusesThePlainReaderLeavesToIt() {
        for block in Self.blocks() where (try? FrontMatter(yaml: block, file: "test.md")) == nil {
            #expect(FrontMatter(plain: block) == nil, "\(block.debugDescription)")
        }
    }
}
