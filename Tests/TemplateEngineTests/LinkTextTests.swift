import TemplateEngine
import Testing

/// Links written at render time: a `.links` value's paths come after the render's `linkBase`,
/// so one value serves pages at every depth. Expected texts are the base and the path joined
/// by hand, escaped like any other value.
struct LinkTextTests {
    static func render(_ source: String, _ value: TemplateValue, linkBase: String) throws -> String {
        var library = TemplateLibrary()
        try library.add("t", source: source)
        var bytes: [UInt8] = []
        library.render("t", value, into: &bytes, linkBase: linkBase)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func oneValueOnPagesAtEveryDepth() throws {
        let value: TemplateValue = ["href": .link("people/anna/index.html")]
        let source = "<a href=\"{{href}}\">Anna</a>"
        #expect(try Self.render(source, value, linkBase: "") == "<a href=\"people/anna/index.html\">Anna</a>")
        #expect(try Self.render(source, value, linkBase: "../") == "<a href=\"../people/anna/index.html\">Anna</a>")
        #expect(try Self.render(source, value, linkBase: "../../") == "<a href=\"../../people/anna/index.html\">Anna</a>")
        #expect(try Self.render(source, value, linkBase: "/reports/") == "<a href=\"/reports/people/anna/index.html\">Anna</a>")
    }

    @Test func textBetweenPathsAndEscaping() throws {
        let srcset: TemplateValue = .links(LinkText([.path("a.webp"), .text(" 64w, "), .path("b&c.webp"), .text(" 128w")]))
        #expect(try Self.render("{{s}}", ["s": srcset], linkBase: "../") == "../a.webp 64w, ../b&amp;c.webp 128w")
        #expect(try Self.render("{{{s}}}", ["s": srcset], linkBase: "../") == "../a.webp 64w, ../b&c.webp 128w")
        // The base is escaped like the rest of the value.
        #expect(try Self.render("{{s}}", ["s": .link("x")], linkBase: "/a&b/") == "/a&amp;b/x")
    }

    @Test func sectionsTreatALinkAsAValue() throws {
        let source = "{{#href}}<a href=\"{{href}}\">go</a>{{/href}}{{^href}}none{{/href}}"
        #expect(try Self.render(source, ["href": .link("x/")], linkBase: "../") == "<a href=\"../x/\">go</a>")
        #expect(try Self.render(source, ["href": .bool(false)], linkBase: "../") == "none")
    }

    @Test func resolvedLinksAreWhatARenderShows() {
        let value: TemplateValue = ["list": [.link("a/"), "b"], "text": .links(LinkText([.text("see "), .path("c/")]))]
        #expect(value.resolvingLinks(after: "../") == ["list": ["../a/", "b"], "text": "see ../c/"])
        #expect(LinkText([.path("p"), .text(" q")]).written(after: "/r/") == "/r/p q")
    }
}
