import Foundation
import Testing

@testable import SiteBuilder

/// A build that reuses the last one — skipping it whole when nothing changed, or keeping the
/// pages whose inputs did not — publishes exactly the bytes a full build does. Each test
/// builds the same site both ways, into two output folders, and compares every file.
@Suite struct BuildRecordTests {
    /// People and timelines in two languages, a dated page in the feeds, a menu, a template
    /// of the site's own, the sitemap and the JSON outputs: every kind of file a build makes.
    static func makeSite() throws -> TestSite {
        let site = try TestSite(fixture: "mixed-site")
        let scenarios = Fixtures.url("scenario-site").appendingPathComponent("Content/data/scenarios")
        try FileManager.default.copyItem(at: scenarios, to: site.folder.appendingPathComponent("Content/data/scenarios"))
        try site.write(
            """
            title: Record fixture
            base_url: https://example.org/report/
            languages: [en, de]
            time_zone: Europe/Berlin
            people:
              - file: Content/data/people/
            scenarios:
              - file: Content/data/scenarios/
            page_size:
              people: 10
              index: 8
            data_outputs: true
            images: none
            """, to: "ttsite.yml")
        try site.write("---\ntitle: About\nmenu: 1\n---\nWho we are.\n", to: "Content/about.md")
        try site.write("---\ntitle: Launch\ndate: 2026-11-01\n---\nWe launched.\n", to: "Content/news/launch.md")
        try site.write("---\ntitle: Note\n---\nA note.\n", to: "Content/notes/note.md")
        try site.write("<!-- the site's own footer -->\n<footer>{{site.title}}</footer>\n", to: "Templates/footer.mustache")
        return site
    }

    /// Builds with the record into `_site`, and with `full` into `_full`; the two must hold
    /// the same files with the same bytes.
    @discardableResult
    func buildBothWays(_ site: TestSite, now: String, _ step: String) throws -> BuildSummary {
        let summary = try site.build(now: now)
        try site.expectFullBuildBytes(now: now, step)
        return summary
    }

    @Test func everyEditGivesTheBytesOfAFullBuild() throws {
        let site = try Self.makeSite()
        defer { site.remove() }
        let day = "2026-11-22T08:00:00Z"

        let first = try buildBothWays(site, now: day, "first build")
        #expect(!first.upToDate)
        #expect(first.pagesKept == 0)
        let pages = first.pages

        let again = try buildBothWays(site, now: day, "nothing changed")
        #expect(again.upToDate)
        #expect(again.filesWritten == 0)

        try site.write("---\ntitle: Note\n---\nA note, edited.\n", to: "Content/notes/note.md")
        let content = try buildBothWays(site, now: day, "a page's text edited")
        #expect(!content.upToDate)
        #expect(content.pagesKept == pages - 1, "only the edited page is rendered")

        try site.write("<footer>{{site.title}}, edited</footer>\n", to: "Templates/footer.mustache")
        let template = try buildBothWays(site, now: day, "a partial edited")
        #expect(template.pagesKept < pages / 10, "every page includes the footer")

        let people = try site.read("people/index.json")
        try mutatePeople(site)
        try buildBothWays(site, now: day, "a data file edited")
        #expect(try site.read("people/index.json") != people)

        try buildBothWays(site, now: "2026-11-22T09:30:00Z", "later the same day")
        try buildBothWays(site, now: "2026-11-23T08:00:00Z", "the next day")

        try FileManager.default.removeItem(at: site.folder.appendingPathComponent("Content/news/launch.md"))
        try buildBothWays(site, now: "2026-11-23T08:00:00Z", "a page removed")

        try FileManager.default.moveItem(
            at: site.folder.appendingPathComponent("Content/notes/note.md"),
            to: site.folder.appendingPathComponent("Content/notes/renamed.md"))
        try buildBothWays(site, now: "2026-11-23T08:00:00Z", "a page renamed")

        let config = try String(contentsOf: site.folder.appendingPathComponent("ttsite.yml"), encoding: .utf8)
        try site.write(config.replacingOccurrences(of: "title: Record fixture", with: "title: Record fixture, renamed"), to: "ttsite.yml")
        let renamed = try buildBothWays(site, now: "2026-11-23T08:00:00Z", "the config changed")
        #expect(renamed.pagesKept == 0, "the title is on every page")

        try site.write(config.replacingOccurrences(of: "languages: [en, de]", with: "languages: [en, de, ru]"), to: "ttsite.yml")
        let languages = try buildBothWays(site, now: "2026-11-23T08:00:00Z", "a language added")
        #expect(languages.pages > pages)
    }

    /// Renames one person in a people file: their page, the lists and the indexes change.
    func mutatePeople(_ site: TestSite) throws {
        let url = site.folder.appendingPathComponent("Content/data/people/v1.4.json")
        let text = try String(contentsOf: url, encoding: .utf8)
        guard let range = text.range(of: #""first":\s*"[^"]+""#, options: .regularExpression) else {
            Issue.record("the fixture has no first name to change")
            return
        }
        try site.write(text.replacingCharacters(in: range, with: #""first": "Zebedee""#), to: "Content/data/people/v1.4.json")
    }

    @Test func aDamagedRecordMeansAFullBuild() throws {
        let site = try Self.makeSite()
        defer { site.remove() }
        try buildBothWays(site, now: "2026-11-22T08:00:00Z", "first build")
        let record = BuildRecord.url(siteFolder: site.folder, outputFolder: site.output)
        let text = try String(contentsOf: record, encoding: .utf8)
        // Every page's digest made wrong, and the inputs too: nothing may be kept on its word.
        for damage in [
            text.replacingOccurrences(of: "\n0", with: "\nf"), String(text.prefix(text.count / 2)), "", "ttsite build record 99\n",
        ] {
            try Data(damage.utf8).write(to: record)
            try site.write("---\ntitle: Note\n---\nEdited \(damage.count).\n", to: "Content/notes/note.md")
            let summary = try buildBothWays(site, now: "2026-11-22T08:00:00Z", "after a damaged record")
            #expect(!summary.upToDate)
        }
        // Deleting the record is the way to ask for a full build.
        try FileManager.default.removeItem(at: record)
        let summary = try buildBothWays(site, now: "2026-11-22T08:00:00Z", "without a record")
        #expect(summary.pagesKept == 0)
    }

    @Test func aPublishedFileEditedByHandIsWrittenAgain() throws {
        let site = try Self.makeSite()
        defer { site.remove() }
        try buildBothWays(site, now: "2026-11-22T08:00:00Z", "first build")
        let about = site.output.appendingPathComponent("about/index.html")
        let bytes = try Data(contentsOf: about)
        try Data("vandalised".utf8).write(to: about)
        let summary = try buildBothWays(site, now: "2026-11-22T08:00:00Z", "after a hand edit")
        #expect(!summary.upToDate)
        #expect(try Data(contentsOf: about) == bytes)
        // A file removed by hand comes back too.
        try FileManager.default.removeItem(at: about)
        try buildBothWays(site, now: "2026-11-22T08:00:00Z", "after a removal by hand")
        #expect(try Data(contentsOf: about) == bytes)
    }
}
