import TestSupport
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
        // Escapes: those the plain reader reads, and those it leaves to YAML.
        #""the \"moon\" report""#, #""back \\ slash""#, #""a \/ b""#, #""line\nbreak""#, #""tab\tin""#, #""cr\rin""#,
        #""\u00e9t\u00C9""#, #""\u0041""#, #""\u001f""#, #""\u0085""#, #""\uD800""#, #""\u00""#, #""\u+041""#, #""\x41""#,
        #""\e""#, #""\0""#, #""\ ""#, #""ends \""#, #""a" b"#, "'a' b", "'it''s ''quoted, ", "'a''", #""it's""#,
        // Dates and times, as Hugo's archetypes write them and near misses.
        "2020-01-27T05:58:00Z", "2020-01-27T05:58:00+01:00", "2020-01-27T05:58:00-05:00", "2020-01-27T05:58:00.123Z",
        "2020-01-27T05:58:00.5+01:00", "2020-01-27t05:58:00Z", "2020-01-27T5:58:00Z", "2020-01-27T05:58Z", "2020-01-27T05:58:00 +01:00",
        "2020-01-27T05:58:00+0100", "2020-01-27T05:58:00+01", "2020-01-27T05:58:00.Z", "2020-01-27  05:58:00", "2020-01-27T05:58:00ZZ",
        "2020-01-27T05:58:00z", "20200-01-27", "2020-01-27x",
        // Flow lists.
        "[]", "[ ]", "[a,b]", "[ a , b ]", #"["a b", 'c''d', 3, true, 2024-01-01, x y]"#, "[a, , b]", "[a, b,]", "[a: b]", "[a:b]",
        "[a, [b]]", "[a, {b: c}]", "[a # c]", "[a, b] # c", "[yes, no]", "[a] x", #"["a" x]"#, "[a", "[,]", "[007]", "[-1]", "[\"x\"]",
        "[https://example.org/]", "[2020-01-27T05:58:00Z]", "[a&b]", "[*a]", "[!t a]",
        // Control characters and what YAML does not read as text, inside a flow list's quotes
        // (the fuzzer found the first).
        "[table, \"a \u{0}b\"]", "['a\u{7F}']", "[\"c1\u{85}\"]", "['\u{FEFF}x']", "[\"tab\tin\"]",
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
        blocks += Self.nested
        return blocks
    }

    /// Lists and mappings under a key, and near misses.
    static let nested = [
        "tags:\n  - a\n  - b\n", "tags:\n- a\n- b\ntitle: x\n", "tags:\n  - a\n    more\n", "tags:\n  - a\n\n  - b\n",
        "tags:\n  - a\n  -b\n",
        "tags:\n  - a\n - b\n", "tags:\n  -\n", "tags:\n  - \n", "tags:\n", "tags:\ntitle: x\n", "tags:   \n  - a\n",
        "tags:\n  -   spaced\n",
        "tags:\n  - 'a'\n  - \"b\\\"c\"\n", "tags:\n  - a # c\n", "tags:\n  - [a]\n", "tags:\n  - a: b\n", "tags:\n  - - a\n",
        "tags:\n  - 3\n  - yes\n  - 2020-01-27T05:58:00Z\n", "tags:\n\t- a\n", "tags:\n  - a\n- b\n", "tags:\n  - a\n  # c\n",
        "author:\n  name: A\n  url: https://example.org/a\n", "author:\n  name: A\n   url: x\n", "author:\n  name: A\n  name: B\n",
        "author:\n  name:\n    first: A\n", "author:\n  name: [a, b]\n", "author:\n  - a\n  b: c\n", "author:\n  name: A\nauthor: B\n",
        "author:\n  name: 'It''s'\n  age: 3\n\ntitle: \"T\"\n", "author:\n  name: A\n  - b\n", "author:\n\tname: A\n", "author:\nname: A\n",
        "author:\n    name: A\n    twitter: x\n", "author:\n  name: A # c\n", "author:\n  name: yes\n", "author:\n  Name-2: x\n",
        // Keys YAML 1.1 reads as booleans or null, two spellings of one.
        "y: 1\nyes: 2\n", "true: a\nTrue: b\n", "on: a\noff: b\n", "null: a\nNull: b\n", "n: a\nno: b\n", "author:\n  y: 1\n  yes: 2\n",
        "title: [a]\n", "title:\n  - a\n", "title:\n  sub: a\n", "draft: [true]\n", "menu:\n  - 1\n", "slug: []\n", "lang:\n  de: x\n",
        "title: \"A\"\ndate: 2020-01-27T05:58:00Z\ndraft: false\ntags: [\"a\", \"b\"]\ncategories:\n  - c\nauthor:\n  name: \"N\"\n"
            + "description: 'It''s page 1'\nweight: 1\n",
    ]

    @Test func whatThePlainReaderAcceptsItReadsAsYAMLDoes() {
        var accepted = 0
        for block in Self.blocks() {
            guard let plain = FrontMatter(plain: block) else { continue }
            accepted += 1
            let yaml = try? FrontMatter(yaml: block, file: "test.md")
            #expect(plain == yaml, "\(block.debugDescription)")
        }
        // The common shapes must take the fast way, or the test would prove nothing.
        #expect(accepted > 300)
        #expect(FrontMatter(plain: "title: \"Page 1: Event river distance letter\"\ndate: 2024-02-02\n") != nil)
    }

    /// What the benchmark kit's front matter "as Hugo's archetypes write it" holds.
    @Test func frontMatterAsHugoWritesItTakesTheFastWay() throws {
        let block = """
            title: "Page 1: the \\"Calendar birthday morning river\\""
            date: 2020-02-02T01:01:00+01:00
            draft: false
            tags:
              - garden
              - people
            categories: [table]
            lastmod: 2021-01-01T08:30:00+02:00
            author:
              name: "Birthday Distance"
              url: https://example.net/0
            description: 'Orbit signal harbour launch event event, it''s page 1'
            weight: 1

            """
        let plain = try #require(FrontMatter(plain: block))
        #expect(plain == (try FrontMatter(yaml: block, file: "test.md")))
        // Read by hand from the block above.
        #expect(plain.title == #"Page 1: the "Calendar birthday morning river""#)
        #expect(plain.values["tags"] == .list([.string("garden"), .string("people")]))
        #expect(plain.values["author"] == .map(["name": .string("Birthday Distance"), "url": .string("https://example.net/0")]))
        #expect(plain.values["description"] == .string("Orbit signal harbour launch event event, it's page 1"))
        #expect(plain.keyLines["categories"] == 8 && plain.keyLines["weight"] == 14)
    }

    /// Blocks made at random from entries that stand for every branch: a key and a value, or a
    /// key with a list or a mapping below it; one line in six then gets a near miss (an
    /// indentation moved, a line blank, a comment or a line of the wrong kind).
    @Test func randomBlocksAreReadAsYAMLReadsThem() {
        var random = SplitMix64(seed: 20_261_128)
        let keys = ["title", "draft", "menu", "tags", "author", "name", "date", "x", "y2", "url", "weight", "lastmod"]
        let common = [
            "plain words", "42", "2020-01-27T05:58:00Z", #""quoted \" text""#, "'it''s'", #"[a, "b c"]"#, "[]", "true", "2024-02-02",
            "https://example.org/x",
        ]
        func value() -> String { (Bool.random(using: &random) ? common : Self.values).randomElement(using: &random)! }
        func key() -> String { keys.randomElement(using: &random)! }
        func entry() -> [String] {
            let indent = ["", "  ", "    "].randomElement(using: &random)!
            let count = Int.random(in: 1...3, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: return ["\(key()):"] + (0..<count).map { _ in "\(indent)- \(value())" }
            case 1: return ["\(key()):"] + (0..<count).map { _ in "  \(key()): \(value())" }
            default: return ["\(key()): \(value())"]
            }
        }
        func nearMiss(_ line: String) -> String {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: " " + line
            case 1: String(line.drop { $0 == " " })
            case 2: ""
            case 3: "# \(line)"
            case 4: "  - \(value())"
            default: "\(line) \(value())"
            }
        }
        var accepted = 0
        var nested = 0
        for _ in 0..<6_000 {
            var lines = (0..<Int.random(in: 1...4, using: &random)).flatMap { _ in entry() }
            for index in lines.indices where Int.random(in: 0..<6, using: &random) == 0 { lines[index] = nearMiss(lines[index]) }
            let block = lines.map { $0 + "\n" }.joined()
            let yaml = try? FrontMatter(yaml: block, file: "test.md")
            guard let plain = FrontMatter(plain: block) else { continue }
            accepted += 1
            if block.contains(":\n") { nested += 1 }
            #expect(plain == yaml, "\(block.debugDescription)")
        }
        #expect(accepted > 500 && nested > 150, "accepted \(accepted), with a block under a key \(nested)")
    }

    @Test func whatYAMLRefusesThePlainReaderLeavesToIt() {
        for block in Self.blocks() where (try? FrontMatter(yaml: block, file: "test.md")) == nil {
            #expect(FrontMatter(plain: block) == nil, "\(block.debugDescription)")
        }
    }
}
