import Foundation
import TestSupport
import Testing

@testable import SiteBuilder

/// Links and images of Content pages in a build: both ways of writing them work, what leads
/// nowhere is a warning naming the page and the line (an error with `--strict`), and the
/// published pages link only to files they hold (an independent link checker reads them).
@Suite struct ContentLinkBuildTests {
    static let site = """
        -- ttsite.yml --
        title: Links
        -- Content/index.md --
        [The trip](news/trip.md)
        -- Content/about.md --
        About us
        -- Content/news/trip.md --
        ---
        title: A trip
        ---
        ![The road, beside the file](../photos/road.jpg)
        ![The road, from the page](../../photos/road.jpg)
        ![The map, from the site's root](/photos/map.png)

        [The report](report.pdf), [about us](../about.md#team), [home](../../) and [up](../../about/)
        -- Content/news/report.pdf --
        %PDF-1.4
        """

    func build(_ site: TestSite, strict: Bool = false) async throws -> BuildSummary {
        var options = site.options()
        options.strict = strict
        return try await offThePool { [options] in try Site.build(options) }
    }

    @Test func bothWaysOfWritingALinkLeadToTheFile() async throws {
        let site = try TestSite(Self.site)
        defer { site.remove() }
        let fixtures = try await PillowOracle.fixtures()
        try FileManager.default.createDirectory(at: site.folder.appendingPathComponent("Content/photos"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("large.jpg"), to: site.folder.appendingPathComponent("Content/photos/road.jpg"))
        try FileManager.default.copyItem(
            at: fixtures.appendingPathComponent("odd-alpha.png"), to: site.folder.appendingPathComponent("Content/photos/map.png"))
        let summary = try await build(site)
        #expect(summary.warnings == [])
        let page = try site.read("news/trip/index.html")
        // Three pictures, each shown processed; none is published as its original.
        #expect(page.components(separatedBy: "<picture>").count == 4, "\(page)")
        #expect(!FileManager.default.fileExists(atPath: site.output.appendingPathComponent("photos/road.jpg").path))
        // Hand-made from news/trip/: the PDF beside the Markdown file and the about page by
        // its Markdown file are written as links from the page; the others stay as written.
        #expect(page.contains(#"<a href="../../news/report.pdf">The report</a>"#))
        #expect(page.contains(#"<a href="../../about/index.html#team">about us</a>"#))
        #expect(page.contains(#"<a href="../../">home</a>"#) && page.contains(#"<a href="../../about/">up</a>"#))
        #expect(try site.read("index.html").contains(#"<a href="news/trip/index.html">The trip</a>"#))
        let links = try LinkChecker(folder: site.output).check()
        #expect(links.broken == [], "\(links.broken)")
    }

    @Test func aLinkThatLeadsNowhereIsAWarningWithThePageAndTheLine() async throws {
        let site = try TestSite(
            Self.site + """

                -- Content/notes.md --
                ---
                title: Notes
                ---
                Fine: [about](../about/)

                [Gone](missing.pdf) and ![a picture](../nowhere.png)
                [Mail](mailto:someone@example.org), [a fragment](#top), [elsewhere](https://example.org/)
                """)
        defer { site.remove() }
        let summary = try await build(site)
        // Hand-checked: notes.md is at notes/, its text starts on line 4 of the file (`../`
        // from the Markdown file climbs out of Content/); the trip's pictures are missing in
        // this site too.
        #expect(
            summary.warnings == [
                "Content/news/trip.md:4: the image `../photos/road.jpg` leads to no file of the site (there is no "
                    + "`news/photos/road.jpg` nor `Content/photos/road.jpg`)",
                "Content/news/trip.md:5: the image `../../photos/road.jpg` leads to no file of the site (there is no `photos/road.jpg`)",
                "Content/news/trip.md:6: the image `/photos/map.png` leads to no file of the site (there is no `photos/map.png`)",
                "Content/notes.md:6: the image `../nowhere.png` leads to no file of the site (there is no `nowhere.png`)",
                "Content/notes.md:6: the link `missing.pdf` leads to no file of the site (there is no "
                    + "`notes/missing.pdf` nor `Content/missing.pdf`)",
            ])
        #expect(throws: BuildError.self) {
            try Site.build(
                {
                    var options = site.options()
                    options.strict = true
                    return options
                }())
        }
    }

    /// A site full of broken links says the first twenty and counts the rest, which
    /// `--verbose` lists.
    @Test func manyBrokenLinksAreCountedPastTwenty() async throws {
        let links = (1...25).map { "[\($0)](gone-\($0).pdf)" }.joined(separator: "\n\n")
        let site = try TestSite("-- ttsite.yml --\ntitle: Broken\n-- Content/index.md --\n" + links)
        defer { site.remove() }
        let summary = try await build(site)
        #expect(summary.warnings.count == 21)
        #expect(
            summary.warnings.first
                == "Content/index.md:1: the link `gone-1.pdf` leads to no file of the site "
                + "(there is no `gone-1.pdf` nor `Content/gone-1.pdf`)"
        )
        #expect(summary.warnings.last == "5 more links and images lead to no file of the site (`--verbose` lists them)")
        #expect(summary.details.filter { $0.hasPrefix("link: Content/index.md:") }.count == 5)
    }
}
