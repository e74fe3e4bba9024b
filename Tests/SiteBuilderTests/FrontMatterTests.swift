import Testing

@testable import SiteBuilder

struct FrontMatterTests {
    @Test func readsTypedKeysAndPassesEveryKeyOn() throws {
        let source = try MarkdownSource(
            parsing: """
                ---
                title: Hello "world"
                layout: post
                draft: false
                lang: de
                slug: hello-world
                menu: 3
                tags: [a, b]
                ---
                Body *text*.
                """, file: "Content/a.md")
        let front = source.frontMatter
        #expect(front.title == "Hello \"world\"")
        #expect(front.layout == "post")
        #expect(front.draft == false)
        #expect(front.lang == "de")
        #expect(front.slug == "hello-world")
        #expect(front.menu == 3)
        #expect(front.values["tags"] == .list([.string("a"), .string("b")]))
        #expect(front.values["title"] == .string("Hello \"world\""))
        #expect(source.body == "Body *text*.")
        #expect(source.bodyLine == 10)
    }

    /// YAML 1.1 reads `1:30` as 90 (base 60), and Yams traps on a long one (found by
    /// fuzzing: `Fuzz/regressions/front-matter/`); ttsite reads it as YAML 1.2 does, as text.
    @Test func aTimeIsTextAndALongBase60NumberDoesNotStopTheBuild() throws {
        let source = try MarkdownSource(
            parsing: """
                ---
                time: 12:30
                huge: 20888888888888888888:8
                menu: 2
                tags: [7, "8", 1:00]
                ---
                Text.
                """, file: "Content/a.md")
        #expect(source.frontMatter.values["time"] == .string("12:30"))
        #expect(source.frontMatter.values["huge"] == .string("20888888888888888888:8"))
        #expect(source.frontMatter.menu == 2)
        #expect(source.frontMatter.values["tags"] == .list([.int(7), .string("8"), .string("1:00")]))
    }

    @Test func aPageWithoutFrontMatterIsAllBody() throws {
        let source = try MarkdownSource(parsing: "# Title\n\n---\n", file: "Content/a.md")
        #expect(source.frontMatter == FrontMatter())
        #expect(source.body == "# Title\n\n---\n")
    }

    @Test func crlfAndBOMAreAccepted() throws {
        let source = try MarkdownSource(parsing: "\u{FEFF}---\r\ntitle: Windows\r\n---\r\nLine one\r\nLine two\r\n", file: "Content/a.md")
        #expect(source.frontMatter.title == "Windows")
        #expect(source.body == "Line one\nLine two\n")
    }

    @Test func anEmptyBlockIsNoFrontMatter() throws {
        let source = try MarkdownSource(parsing: "---\n---\nText", file: "Content/a.md")
        #expect(source.frontMatter == FrontMatter())
        #expect(source.body == "Text")
    }

    /// Malformed front matter: the error names the file and the line in the file (the
    /// block's first line is the file's second), and says what is wrong.
    @Test(arguments: [
        ("---\ntitle: ok\nbad: [unclosed\n---\nx", 3, "invalid YAML"),
        ("---\ntitle: ok\ndraft: maybe\n---\n", 3, "`draft` must be true or false, found `maybe`"),
        ("---\n\n\nslug: Not A Slug\n---\n", 4, "`slug` may hold only a-z, 0-9 and single dashes, found `Not A Slug`"),
        ("---\ntitle: [a, b]\n---\n", 2, "`title` must be text, found a list"),
        ("---\n- just\n- a list\n---\n", 2, "expected a mapping of `key: value` lines, found a list"),
        ("---\ntitle: a\ntitle: b\n---\n", 3, "the key `title` appears twice"),
        ("---\ntitle: never closed\n", 1, "the front matter that opens on line 1 is never closed: add a `---` line after it"),
        ("---\nlayout: ../etc\n---\n", 2, "`layout` must name a template such as `page`, found `../etc`"),
    ])
    func malformedFrontMatterNamesFileAndLine(text: String, line: Int, message: String) {
        #expect {
            try MarkdownSource(parsing: text, file: "Content/post.md")
        } throws: { error in
            guard let error = error as? BuildError else { return false }
            return error.location == "Content/post.md" && error.line == line
                && error.message.contains(message) && error.exitCode == 1
        }
    }

    @Test func anAliasBombIsRefused() {
        var yaml = "---\na0: [x, x, x, x, x, x, x, x, x, x]\n"
        yaml += "a1: &a1 [x, x, x, x, x, x, x, x, x, x]\n"
        for level in 2...9 {
            yaml += "a\(level): &a\(level) [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        yaml += "---\n"
        #expect {
            try MarkdownSource(parsing: yaml, file: "Content/bomb.md")
        } throws: { error in
            (error as? BuildError)?.message.contains("expands to more than 100000 values") == true
        }
    }
}
