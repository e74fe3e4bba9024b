import Foundation
import Mustache
import TemplateEngine
import Testing

@testable import SiteBuilder

/// The built-in templates through two engines: every page of the example site and of the
/// fixture sites, rendered by ttsite's `TemplateEngine` and by swift-mustache (the well-kept
/// library ttsite used before, kept here as an independent oracle) from the same values,
/// must give the same bytes. And no built-in template may ask for a name its page does not
/// give, or a partial that does not exist: that would be silence on the page.
struct TemplateOracleTests {
    static let sites = ["site", "people-site", "scenario-site", "example"]

    static func folder(_ site: String) -> URL {
        site == "example"
            ? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            : Fixtures.url(site)
    }

    static func inputs(_ site: String) throws -> (templates: TemplateSet, pages: [RenderInput]) {
        var options = BuildOptions(siteFolder: folder(site), now: Instant.parse("2026-11-22T08:00:00Z")!)
        options.allowShrink = true
        if site == "example" {
            // The example site's data loader (`loaders/moon_phases.py`, which reads local files
            // only) has an output to build offline with once it has run, as a build without
            // --offline runs it.
            _ = try Site.tables(options)
        }
        options.offline = true
        let config = try Site.loadConfig(options)
        return try SitePlan(options: options, config: config, outputFolder: URL(fileURLWithPath: "/nonexistent/_site")).renderInputs()
    }

    @Test(arguments: sites)
    func bothEnginesGiveTheSameBytes(site: String) throws {
        let (templates, pages) = try Self.inputs(site)
        var oracle = MustacheLibrary()
        for (name, source) in templates.sources {
            oracle.register(try MustacheTemplate(string: source), named: name)
        }
        #expect(pages.count > 3)
        var templatesSeen: Set<String> = []
        for page in pages {
            var bytes: [UInt8] = []
            templates.render(page.template, page.value, into: &bytes, linkBase: page.linkBase)
            // swift-mustache knows no links: it is given them written after the page's base.
            let expected =
                oracle.render(page.value.resolvingLinks(after: page.linkBase).mustacheValue, withTemplate: page.template)
                ?? "(no such template)"
            #expect(String(decoding: bytes, as: UTF8.self) == expected, "\(site): \(page.path)")
            templatesSeen.insert(page.template)
        }
        print("\(site): \(pages.count) pages through \(templatesSeen.sorted())")
    }

    @Test(arguments: sites)
    func builtInTemplatesFindEveryNameTheyAskFor(site: String) throws {
        let (templates, pages) = try Self.inputs(site)
        let misses = MissRecorder()
        for page in pages {
            var bytes: [UInt8] = []
            templates.render(page.template, page.value, into: &bytes, misses: misses)
        }
        let shown = misses.misses.map { "\($0.template ?? "?"):\($0.line) \($0.kind) \($0.name)" }.sorted()
        #expect(shown == [], "\(site)")
    }

    @Test func everyBuiltInTemplateIsRenderedBySomeSite() throws {
        var seen: Set<String> = []
        for site in Self.sites { seen.formUnion(try Self.inputs(site).pages.map(\.template)) }
        // Partials are rendered through the pages that include them; report blocks inside
        // Markdown pages (ReportBlocksTests renders each kind).
        let pageTemplates = Set(TemplateSet.defaults.keys.filter { $0.hasSuffix(".mustache") }.map { String($0.dropLast(9)) })
            .subtracting([
                "base", "header", "footer", "avatar", "portrait", "counter", "figure", "pagination", "browse", "search", "age-chart",
                "table-rows",
            ])
            .filter { !$0.hasPrefix("block-") }
        #expect(pageTemplates.subtracting(seen) == [])
    }
}

extension TemplateValue {
    /// The value as swift-mustache walks it (`String`, `Int`, `[Any]`, `[String: Any]` …).
    var mustacheValue: Any {
        switch self {
        case .string(let value): value
        case .int(let value): value
        case .double(let value): value
        case .bool(let value): value
        case .list(let values): values.map(\.mustacheValue)
        case .map(let values): values.mapValues(\.mustacheValue)
        case .null: Optional<String>.none as Any
        case .link(let path): path
        case .links(let text): text.written(after: "")
        }
    }
}
