import TemplateEngine
import Testing
import TextFormatting

/// What the spec does not cover: errors with their lines, names and partials that are not
/// found, recursion without end, and escaping over bytes.
struct TemplateEngineTests {
    @Test(
        arguments: [
            ("a\n{{#items}}\nb\n", 2, "`{{#items}}` is opened here but never closed"),
            ("{{#a}}\n{{/b}}", 2, "`{{/b}}` closes `{{#a}}` of line 1; close it with `{{/a}}`"),
            ("x\n\n{{/a}}", 3, "`{{/a}}` closes a section that was never opened"),
            ("one\ntwo {{name", 2, "a tag is not finished (missing `}}`?)"),
            ("{{=<% %>=}}\n<%name", 2, "a tag is not finished (missing `%>`?)"),
            ("{{= | =}}", 1, "a set-delimiter tag needs two delimiters, such as `{{=<% %>=}}`"),
            ("{{}}", 1, "`{{}}` has no name"),
            ("{{! a\ncomment }}\n{{#x}}", 3, "`{{#x}}` is opened here but never closed"),
        ] as [(String, Int, String)])
    func errorsNameTheLine(source: String, line: Int, message: String) {
        #expect(throws: TemplateError(message, line: line)) { try Template(source) }
    }

    @Test func namesAndPartialsThatAreNotFoundAreRecorded() throws {
        var library = TemplateLibrary()
        try library.add("page", source: "<h1>{{title}}</h1>\n<p>{{titel}}</p>{{#missing}}{{x}}{{/missing}}\n{{>footer}}{{>foter}}")
        try library.add("footer", source: "{{site.nam}}")
        let misses = MissRecorder()
        var bytes: [UInt8] = []
        library.render("page", ["title": "T", "site": ["name": "S"]], into: &bytes, misses: misses)
        #expect(String(decoding: bytes, as: UTF8.self) == "<h1>T</h1>\n<p></p>\n")
        let found = misses.misses.map { "\($0.kind) \($0.name) \($0.template ?? "-"):\($0.line)" }.sorted()
        // A section over a missing name is the ordinary way to say "if there is one".
        #expect(found == ["name site.nam footer:1", "name titel page:2", "partial foter page:3"])
    }

    @Test func aTemplateThatIncludesItselfForeverStops() throws {
        var library = TemplateLibrary()
        try library.add("loop", source: "x{{>loop}}")
        let misses = MissRecorder()
        var bytes: [UInt8] = []
        library.render("loop", [:], into: &bytes, misses: misses)
        // The template itself, then 200 levels of partials: an x each.
        #expect(bytes.count == 201)
        #expect(misses.misses.map(\.kind) == [.partial])
    }

    /// Escaping works on bytes: a quote followed by a combining mark is one `Character` in
    /// Swift, which an escaper that compares `Character`s lets through unescaped.
    @Test func escapingIsOverBytes() throws {
        let text = "\"\u{301} <b>&'x'</b> \u{1F600}"
        #expect(HTMLEscaping.escape(text) == "&quot;\u{301} &lt;b&gt;&amp;&#39;x&#39;&lt;/b&gt; \u{1F600}")
        let library = TemplateLibrary()
        #expect(library.render(try Template("{{v}}|{{{v}}}"), ["v": .string(text)]) == HTMLEscaping.escape(text) + "|" + text)
    }

    @Test func valuesAreWrittenAsSwiftWritesThem() throws {
        let library = TemplateLibrary()
        let value: TemplateValue = ["i": 42, "d": 60.0, "e": 0.1, "t": true, "f": false, "n": nil, "l": ["a"], "m": ["k": "v"]]
        #expect(
            library.render(try Template("{{i}} {{d}} {{e}} {{t}} {{f}} [{{n}}] [{{l}}] [{{m}}]"), value)
                == "42 60.0 0.1 true false [] [] []")
    }

    @Test func sectionsTreatEmptyTextAndZeroAsValues() throws {
        // As swift-mustache did: only false, null, a missing name and an empty list hide a section.
        let library = TemplateLibrary()
        let value: TemplateValue = ["empty": "", "zero": 0, "none": [], "no": false, "null": nil]
        #expect(
            library.render(
                try Template("{{#empty}}E{{/empty}}{{#zero}}Z{{/zero}}{{#none}}N{{/none}}{{#no}}F{{/no}}{{#null}}U{{/null}}"), value)
                == "EZ")
        #expect(
            library.render(
                try Template("{{^empty}}E{{/empty}}{{^zero}}Z{{/zero}}{{^none}}N{{/none}}{{^no}}F{{/no}}{{^null}}U{{/null}}"), value)
                == "NFU")
    }

    /// The keys a template reads under a name, and nil where it may read any.
    @Test(arguments: [
        (
            "{{row.name}} in {{row.sector}}{{#row.landing}} on {{row.landing.day}}{{/row.landing}}{{page.title}}",
            Set(["name", "sector", "landing"]) as Set<String>?
        ),
        ("{{page.title}} {{rows.name}}", Set<String>()),
        ("{{#row}}{{name}}{{/row}}", nil),
        ("{{{row}}}", nil),
        ("{{^row.x}}none{{/row.x}} {{> footer}}", nil),
        ("{{>*dynamic}} {{row.x}}", nil),
    ])
    func keysReadUnderAName(source: String, keys: Set<String>?) throws {
        #expect(try Template(source).keys(readUnder: "row") == keys)
    }
}
